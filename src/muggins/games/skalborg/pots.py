"""Skalborg's pots: the main pot and side pots from what each seat put in, and how a pot is split.

A seat can win from each pot only what every contender of that pot matched; the chips a seat put in
above every other contender form a pot of its own, which it takes back (the uncalled bet).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats still contending for it (in seat order)."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(committed: Sequence[int], contenders: Collection[int]) -> list[Pot]:
    """The main pot then each side pot, from the chips each seat committed this hand.

    Layers are cut at the distinct commitments of the contenders (the seats that have not folded);
    folded seats' chips fill the layers they reach. The top layer takes every chip above the layer
    below it, so no chip is ever left out.

    >>> side_pots([50, 100, 100, 20], {0, 1, 2})
    [Pot(amount=170, eligible=(0, 1, 2)), Pot(amount=100, eligible=(1, 2))]
    """
    levels = sorted({committed[seat] for seat in contenders})
    pots: list[Pot] = []
    below = 0
    for number, level in enumerate(levels):
        top = number == len(levels) - 1
        amount = sum(
            max(chips - below, 0) if top else min(chips, level) - min(chips, below) for chips in committed
        )
        eligible = tuple(seat for seat in sorted(contenders) if committed[seat] >= level)
        if amount:
            pots.append(Pot(amount, eligible))
        below = level
    return pots


def split_pot(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` among ``winners`` equally; odd chips go one each to the winners who come
    first in ``order`` (the seats from the dealer's left).

    >>> split_pot(7, [2, 0], order=[1, 2, 0])
    {2: 4, 0: 3}
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, len(winners))
    ranked = sorted(winners, key=order.index)
    return {seat: share + (1 if place < odd else 0) for place, seat in enumerate(ranked)}


def award(pots: Sequence[Pot], points: Mapping[int, int], order: Sequence[int]) -> list[dict[int, int]]:
    """For each pot, what each of its best-scoring eligible seats wins (``points`` by contender)."""
    shares: list[dict[int, int]] = []
    for pot in pots:
        best = max(points[seat] for seat in pot.eligible)
        shares.append(split_pot(pot.amount, [s for s in pot.eligible if points[s] == best], order))
    return shares

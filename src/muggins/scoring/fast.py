"""Fast cribbage show totals from precomputed tables, one hand at a time.

The fifteens, pairs and runs of a show depend only on the ranks of its cards, so they are
looked up in a table with one entry per *ordered* tuple of ranks (13**5 entries for a four-card
hand and starter, 13**4 for the three-card hand of five-card cribbage): no sorting is needed.
Flush and nobs depend on suits and are added with a few comparisons. The itemised
``muggins.scoring.show.score_show`` is the reference these totals must always equal.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from muggins.cards import JACK, STANDARD_CARDS, Card
from muggins.scoring.show import check_show

RANKS: Final = 13
SHOW_SIZES: Final = (3, 4)
"""Hand sizes the show scorers accept: four cards, or three in five-card cribbage."""

_RANK_OF: Final = tuple(card.rank - 1 for card in STANDARD_CARDS)
_SUIT_OF: Final = tuple(int(card.suit or 0) for card in STANDARD_CARDS)
_NOBS_JACK: Final = tuple(RANKS * suit + JACK - 1 for suit in _SUIT_OF)
"""For each starter index, the index of the jack that scores his nobs with it."""


@functools.cache
def rank_table(cards: int) -> npt.NDArray[np.uint8]:
    """The read-only rank table for ``cards`` cards shown (4 or 5), built once per process."""
    table = build_rank_table(cards)
    table.flags.writeable = False
    return table


def build_rank_table(cards: int) -> npt.NDArray[np.uint8]:
    """Fifteens + pairs + runs for every ordered tuple of ``cards`` ranks (0 = ace ... 12 = king).

    The result is flat, indexed by the ranks read as base-13 digits, first card most significant.
    Built with whole-array arithmetic (a second, counts-based statement of the rules in
    ``muggins.scoring.combos``), so building the 13**5 table takes a few tens of milliseconds.
    """
    size = RANKS**cards
    flat = np.arange(size, dtype=np.int32)
    ranks = [(flat // RANKS ** (cards - 1 - k) % RANKS).astype(np.int8) for k in range(cards)]
    points = np.zeros(size, dtype=np.int16)
    # Fifteens: the sums of all 2**cards subsets, built by doubling; two points per sum of 15.
    values = [np.minimum(r + 1, 10) for r in ranks]
    sums: list[npt.NDArray[np.int8]] = [np.zeros(size, dtype=np.int8)]
    for value in values:
        sums += [s + value for s in sums]
    for subset_sum in sums:
        points += 2 * (subset_sum == 15)
    # Pairs: two points for every two cards of one rank.
    for i in range(cards):
        for j in range(i + 1, cards):
            points += 2 * (ranks[i] == ranks[j])
    # Runs: each maximal stretch of 3+ ranks present scores its length once per choice of cards.
    counts = np.zeros((RANKS + 2, size), dtype=np.int16)  # rows 0 and 14 stay empty as sentinels
    for r in ranks:
        counts[r + 1, flat] += 1
    for length in range(3, cards + 1):
        for low in range(1, RANKS + 2 - length):
            stretch = counts[low : low + length]
            ways = np.prod(stretch, axis=0, dtype=np.int16)
            maximal = (counts[low - 1] == 0) & (counts[low + length] == 0)
            points += length * ways * maximal
    return points.astype(np.uint8)


@functools.cache
def _scalar_tables() -> dict[int, bytes]:
    """The rank tables by number of cards shown (hand and starter), as bytes: the quickest lookup
    from plain Python."""
    return {size + 1: rank_table(size + 1).tobytes() for size in SHOW_SIZES}


RANK_PLACES: Final = tuple(tuple(r * RANKS**place for r in _RANK_OF) for place in range(5))
"""``RANK_PLACES[p][card.index]``: the card's rank (0-12) times 13**p, its share of a rank-table index
when it is the p-th card from the end."""


def show_points(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The show total of ``hand`` (4 cards, or 3 in five-card cribbage) with ``starter``.

    Equal to ``score_show(hand, starter, crib=crib).total`` and checks its input the same way
    (``ShowError`` for a wrong size, a joker or a repeated card), at a small fraction of the cost.

    >>> from muggins.cards import parse_cards
    >>> *hand, starter = parse_cards("5H 5D 5S JC 5C")
    >>> show_points(hand, starter)
    29
    """
    p0, p1, p2, p3, p4 = RANK_PLACES
    if len(hand) == 4:
        a, b, c, d = hand
        ia, ib, ic, id_, i5 = a.index, b.index, c.index, d.index, starter.index
        if max(ia, ib, ic, id_, i5) > 51 or len({ia, ib, ic, id_, i5}) != 5:
            check_show(hand, starter)
        points: int = _scalar_tables()[5][p4[ia] + p3[ib] + p2[ic] + p1[id_] + p0[i5]]
        suit = _SUIT_OF[ia]
        if _SUIT_OF[ib] == suit and _SUIT_OF[ic] == suit and _SUIT_OF[id_] == suit:
            points += 5 if _SUIT_OF[i5] == suit else 0 if crib else 4
        if _NOBS_JACK[i5] in (ia, ib, ic, id_):
            points += 1
        return points
    if len(hand) == 3:
        a, b, c = hand
        ia, ib, ic, i5 = a.index, b.index, c.index, starter.index
        if max(ia, ib, ic, i5) > 51 or len({ia, ib, ic, i5}) != 4:
            check_show(hand, starter)
        points = _scalar_tables()[4][p3[ia] + p2[ib] + p1[ic] + p0[i5]]
        suit = _SUIT_OF[ia]
        if _SUIT_OF[ib] == suit and _SUIT_OF[ic] == suit:
            points += 4 if _SUIT_OF[i5] == suit else 0 if crib else 3
        if _NOBS_JACK[i5] in (ia, ib, ic):
            points += 1
        return points
    check_show(hand, starter)  # raises for the wrong number of cards
    raise AssertionError("unreachable")  # pragma: no cover

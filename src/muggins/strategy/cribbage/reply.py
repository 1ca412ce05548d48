"""The expert's reply model of the play, compiled: what laying a rank is worth when the next player
replies with their best-scoring card (each rank held with its chance, read from the cards unseen and
what the player's discards and gos revealed), and the cards laid alone when nobody else can lay.

Only ranks matter in the play, so everything works on ranks 1-13.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from muggins.strategy.cribbage.play import (
    LIMIT,
    VALUE,
    Ranks,
    lay_points_at,
    live_after,
    live_pile,
    pile_count,
    play_points,
    run_out,
)

GO_WORTH_FROM: Final = 0.02
"""Below this chance that the responder says go, the cards laid out after it are not worked out."""

Reply = tuple[int, int, tuple[int, ...]]
"""A rank the responder could lay: (their points, the rank, what each rank laid back would peg)."""
_REPLIES: Final[dict[Ranks, list[Reply]]] = {}
REPLIES_KEPT: Final = 1 << 11
"""Piles whose replies are kept: then they are forgotten all at once (memory stays bounded)."""


def holding_chances(
    unseen: Sequence[int], cards: int, min_value: int, kept: Sequence[float] = (1.0,) * 13
) -> list[float]:
    """By rank (index 0-12), the chance that a player holding ``cards`` cards has at least one of
    that rank, when ``unseen[r]`` cards of each rank are unaccounted for, none of the player's cards
    counts less than ``min_value`` (what their go revealed), and ``kept[r]`` says how much likelier
    than average a card of rank ``r`` is to have been kept rather than thrown."""
    possible: list[float] = []
    for r, n in enumerate(unseen):
        possible.append(n * kept[r] if VALUE[r + 1] >= min_value else 0.0)
    total = max(sum(possible), float(cards))
    if cards <= 0 or not total:
        return [0.0] * 13
    chances: list[float] = []
    for n_held in possible:
        none = 1.0
        for i in range(cards):
            share = (total - n_held - i) / (total - i)
            none *= share if share > 0.0 else 0.0  # max(0.0, share), without a call on boxed floats
        chances.append(1.0 - none)
    return chances


def alone(pile: Ranks, mine: Ranks, rank: int) -> int:
    """What laying ``rank`` from ``mine`` pegs when nobody else can lay: it and every card after."""
    rest = list(mine)
    rest.remove(rank)
    return play_points(pile, rank) + run_out((*pile, rank), tuple(rest))


def card_worth(pile: Ranks, mine: Ranks, rank: int, chances: Sequence[float], sign: float) -> float:
    """Expected points (mine minus the responder's) of laying ``rank`` now.

    The responder lays their best-scoring card if they hold one (the replies are tried best first,
    each held with its chance; between replies scoring alike, an opponent is taken to lay the one
    that leaves me least to peg back, a partner the one that leaves me most); with no scoring card
    they lay one of the others, each in proportion to its chance; with no card at all they say go
    and I lay out what I can.
    """
    now = play_points(pile, rank)
    after = (*pile, rank)
    if pile_count(after) == LIMIT:
        return float(now)
    rest = list(mine)
    rest.remove(rank)
    distinct = set(rest)
    worth = float(now)
    left = 1.0
    quiet, quiet_weight, quiet_back = 1.0, 0.0, 0.0
    found: list[tuple[int, float, int]] = []
    for theirs, reply, back_row in _replies(after):
        q = chances[reply - 1]
        if q:
            back = max([back_row[m] for m in distinct]) if distinct else 0
            found.append((theirs, q, back))
    found.sort(key=lambda r: (-r[0], -sign * r[2]))
    for theirs, q, back in found:
        if theirs:
            worth += left * q * (sign * theirs + back)
            left *= 1.0 - q
        else:
            quiet *= 1.0 - q
            quiet_weight += q
            quiet_back += q * back
    if quiet_weight:
        worth += left * (1.0 - quiet) * quiet_back / quiet_weight
    go = left * quiet
    return worth + (go * run_out(after, tuple(rest)) if go > GO_WORTH_FROM else 0.0)


def _replies(pile: Ranks) -> list[Reply]:
    """Each rank the responder could lay on ``pile``, best-scoring for them first (kept per pile)."""
    found = _REPLIES.get(pile)
    if found is None:
        found = []
        end, count = live_pile(pile)
        for rank, theirs in enumerate(lay_points_at(end, count)):
            if theirs >= 0 and rank:
                found.append((theirs, rank, lay_points_at(*live_after(end, count, rank))))
        found.sort(key=lambda r: -r[0])
        if len(_REPLIES) >= REPLIES_KEPT:
            _REPLIES.clear()
        _REPLIES[pile] = found
    return found

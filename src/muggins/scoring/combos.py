"""The cribbage combinations shared by the show, Cribist tricks and the fast tables:
fifteens, pairs and runs with multiplicity, over cards of ordinary rank (no jokers)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from muggins.cards import Card
from muggins.scoring.items import Item, Kind


def fifteens(cards: Sequence[Card]) -> Iterator[Item]:
    """Every set of two or more cards whose counting values sum to 15, two points each.

    Jokers have no value at all and never take part.
    """
    counted = [c for c in cards if not c.is_joker]
    for size in range(2, len(counted) + 1):
        for combo in itertools.combinations(counted, size):
            total = 0
            for card in combo:  # a loop, not sum() over a generator: this runs for every subset
                total += card.value
            if total == 15:
                yield Item(Kind.FIFTEEN, combo, 2)


def pairs(cards: Sequence[Card]) -> Iterator[Item]:
    """Every two cards of the same rank, two points each (so three of a kind is 6, four is 12)."""
    for a, b in itertools.combinations(cards, 2):
        if a.rank == b.rank and not a.is_joker:
            yield Item(Kind.PAIR, (a, b), 2)


def runs(cards: Sequence[Card], *, max_length: int = 13) -> Iterator[Item]:
    """Runs of three or more consecutive ranks, each maximal run once per choice of cards.

    A double run of three (3 3 4 5) gives two runs; a run inside a longer run is not counted.
    With ``max_length`` (Cribist's four-card tricks use the default) longer runs are not cut.
    """
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        if not card.is_joker:
            by_rank.setdefault(card.rank, []).append(card)
    rank = 1
    while rank <= 13:
        if rank not in by_rank:
            rank += 1
            continue
        end = rank
        while end + 1 in by_rank:
            end += 1
        length = end - rank + 1
        if 3 <= length <= max_length:
            groups = [sorted(by_rank[r]) for r in range(rank, end + 1)]
            for combo in itertools.product(*groups):
                yield Item(Kind.RUN, tuple(combo), length)
        rank = end + 1

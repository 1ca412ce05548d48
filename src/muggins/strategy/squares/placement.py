"""Placement by expected score: what the turned card adds to its row and column on each empty cell,
each line valued by its points with every starter still unseen, weighted by how many remain.

A line not yet full is valued by the fifteens, pairs and runs its cards make with the starter, and
by the flush it may still become; a full line by its whole show. Only a seat's own view is used.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from muggins.cards import STANDARD_CARDS, Card, Suit, parse_card
from muggins.scoring.combos import fifteens, pairs, runs
from muggins.scoring.fast import show_points
from muggins.scoring.squares.grid import CELLS, LINES, SIDE

FLUSH_HOPE = 0.5
"""What each card of a line still of one suit is worth toward a flush (4 when the line fills); 0.5
scored best of 0, 0.5, 1 and 2 over 150 seeded deals played alone (54.5 points a grid)."""
_SUITS = tuple(Suit)
LINES_OF = [[(name, cells) for name, cells in LINES if index in cells] for index in range(CELLS)]
"""The row and the column through each cell, with their names."""


@functools.cache
def rank_points(ranks: tuple[int, ...]) -> int:
    """The fifteens, pairs and runs that cards of these ranks (sorted, a rank at most four times)
    make: a partial line with its starter."""
    seen: Counter[int] = Counter()
    cards = []
    for rank in ranks:
        cards.append(Card.of(rank, _SUITS[seen[rank]]))
        seen[rank] += 1
    return sum(item.points for found in (fifteens(cards), pairs(cards), runs(cards)) for item in found)


def line_value(cards: Sequence[Card], starters: Counter[int], unseen: Sequence[Card]) -> float:
    """A line's points, expected over the starter (``starters``: unseen cards by rank)."""
    if len(cards) == SIDE:
        return sum(show_points(cards, starter) for starter in unseen) / len(unseen)
    ranks = [card.rank for card in cards]
    total = sum(rank_points(tuple(sorted([*ranks, rank]))) * count for rank, count in starters.items())
    suited = len(cards) > 1 and len({card.suit for card in cards}) == 1
    return total / len(unseen) + (FLUSH_HOPE * len(cards) if suited else 0.0)


def placement_gains(view: Mapping[str, Any]) -> dict[int, float]:
    """For the seat whose view this is, each empty cell and the expected points placing the turned
    card there adds to its row and column."""
    grid = [parse_card(card) if card else None for card in view["grids"][view["you"]]]
    card = parse_card(view["card"])
    seen = {c for g in view["grids"] for c in g if c} | {view["card"]}
    unseen = [c for c in STANDARD_CARDS if str(c) not in seen]
    starters = Counter(c.rank for c in unseen)

    now: dict[str, float] = {}
    """Each line's value as it lies, worked out once: four cells share it."""

    def gain(index: int) -> float:
        change = 0.0
        for name, cells in LINES_OF[index]:
            kept = [c for i in cells if (c := grid[i]) is not None]
            if name not in now:
                now[name] = line_value(kept, starters, unseen)
            change += line_value([*kept, card], starters, unseen) - now[name]
        return change

    return {index: gain(index) for index in range(CELLS) if grid[index] is None}

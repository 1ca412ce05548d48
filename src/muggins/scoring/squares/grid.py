"""A Cribbage Squares grid scored: its four rows and four columns, each a four-card cribbage hand
shown with the starter (hand flush rules), and two points once for his heels (docs/rules/squares.md).

>>> from muggins.cards import parse_cards
>>> grid = parse_cards("5H 5D 5S JC  AH 2H 3H 4H  KD QD 9D 8D  7S 7C 6S 6C")
>>> [(line.name, line.score.total) for line in score_grid(grid, parse_cards("5C")[0])][:4]
[('row 1', 29), ('row 2', 11), ('row 3', 8), ('row 4', 16)]
>>> grid_points(grid, parse_cards("5C")[0])
88
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from muggins.cards import JACK, Card
from muggins.scoring import cells
from muggins.scoring.cells import Line
from muggins.scoring.combos import fifteens, pairs, runs
from muggins.scoring.items import Item, Kind, Score
from muggins.scoring.show import score_show

SIDE: Final = 4
"""Cells in a row and in a column."""
CELLS: Final = SIDE * SIDE
COLUMNS: Final = cells.column_letters(SIDE)
"""Columns are lettered from the left, rows numbered from the top: ``a1`` is the top left cell."""
LINES: Final = (*cells.rows(SIDE), *cells.columns(SIDE))
"""Each line's name and its cells (by index, row by row from the top left), rows first."""
HEELS_POINTS: Final = 2


class GridError(ValueError):
    """A grid that cannot be scored: not sixteen distinct cards, or a card among them repeated."""


def cell_name(index: int) -> str:
    """The name of the cell at ``index`` (0-15, row by row): ``cell_name(6) == 'c2'``."""
    return cells.cell_name(index, SIDE)


def cell_index(name: str) -> int | None:
    """The index of a cell named like ``b3`` (column a-d, row 1-4), or None for any other text."""
    return cells.cell_index(name, SIDE)


def score_grid(grid: Sequence[Card], starter: Card) -> list[Line]:
    """Every row and column of a full grid (sixteen cards, row by row) shown with ``starter``."""
    if len(grid) != CELLS:
        raise GridError(f"a grid has {CELLS} cards, not {len(grid)}")
    if len({*grid, starter}) != CELLS + 1:
        raise GridError("a card appears twice among the grid and the starter")
    return [
        Line(name, cards, score_show(cards, starter))
        for name, indexes in LINES
        for cards in [tuple(grid[i] for i in indexes)]
    ]


def so_far(cards: Sequence[Card]) -> int:
    """What the cards placed in a line (0 to 4) score already, before the starter: fifteens, pairs,
    runs and a four-card flush. The starter can only add to it, so a running total never falls.

    >>> from muggins.cards import parse_cards
    >>> so_far(parse_cards("5H 10D"))
    2
    >>> so_far(parse_cards("2H 3H 4H 9H"))  # 2 4 9 fifteen, a run of three, a flush of four
    9
    """
    flush = len(cards) == SIDE and len({c.suit for c in cards}) == 1
    return sum(i.points for i in (*fifteens(cards), *pairs(cards), *runs(cards))) + (SIDE if flush else 0)


def heels(starter: Card) -> Score:
    """His heels: two points once for the grid when the starter is a jack."""
    return Score((Item(Kind.HIS_HEELS, (starter,), HEELS_POINTS),) if starter.rank == JACK else ())


def grid_points(grid: Sequence[Card], starter: Card) -> int:
    """The grid's whole score: its eight lines and his heels."""
    return sum(line.score.total for line in score_grid(grid, starter)) + heels(starter).total

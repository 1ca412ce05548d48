"""Square grids of cards, as Cribbage Squares and Cross Cribbage lay them: cells named like a
spreadsheet's (columns lettered from the left, rows numbered from the top, ``a1`` the top left),
counted row by row from the top left, and the rows and columns each grid is counted by.

>>> cell_name(12, 5), cell_index("c3", 5), cell_index("e5", 4)
('c3', 12, None)
>>> rows(2), columns(2)
((('row 1', (0, 1)), ('row 2', (2, 3))), (('column a', (0, 2)), ('column b', (1, 3))))
"""

from __future__ import annotations

from typing import Final, NamedTuple

from muggins.cards import Card
from muggins.scoring.items import Score

LETTERS: Final = "abcdefghi"
DIGITS: Final = "123456789"
Lines = tuple[tuple[str, tuple[int, ...]], ...]
"""Lines of a grid: each one's name and its cells' indexes."""


class Line(NamedTuple):
    """One row or column counted (or a crib): its name ("row 1", "column a"), cards and score."""

    name: str
    cards: tuple[Card, ...]
    score: Score


def column_letters(side: int) -> str:
    """The letters of a grid's columns, from the left."""
    return LETTERS[:side]


def cell_name(index: int, side: int) -> str:
    """The name of the cell at ``index`` (row by row from the top left) of a grid ``side`` wide."""
    return f"{LETTERS[index % side]}{index // side + 1}"


def cell_index(name: str, side: int) -> int | None:
    """The index of the cell named like ``b3`` in a grid ``side`` wide, or None for any other text."""
    if len(name) != 2 or name[0].lower() not in LETTERS[:side] or name[1] not in DIGITS[:side]:
        return None
    return (int(name[1]) - 1) * side + LETTERS.index(name[0].lower())


def rows(side: int) -> Lines:
    """A grid's rows, from the top: ``row 1`` ..."""
    return tuple((f"row {r + 1}", tuple(r * side + c for c in range(side))) for r in range(side))


def columns(side: int) -> Lines:
    """A grid's columns, from the left: ``column a`` ..."""
    return tuple((f"column {LETTERS[c]}", tuple(r * side + c for r in range(side))) for c in range(side))

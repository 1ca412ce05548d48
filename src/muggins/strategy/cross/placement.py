"""What each move with the turned card is worth to the side making it: a card laid adds to the line
its side counts through that cell and to the other side's line across it; a card thrown adds to the
dealer's crib. Only the player's own view is read.

A line's worth is what its cards make so far (``scoring.cross.grid.score_line``, which a card added
can only raise) and, while it may still become a flush, a hope of one; a card thrown is worth a
fixed share of a crib, to the dealer's side for and to the other against.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from muggins.cards import Card, parse_card
from muggins.scoring.cross.grid import CELLS, LINES, SIDE, cell_name, score_line

FLUSH_HOPE: Final = 0.5
"""What each card of a line of one suit (two to three of its five) is worth toward a flush."""
CRIB_CARD: Final = 1.0
"""What a card thrown to the crib is worth to the crib's side: a crib of four averages some four
points (docs/rules/cross.md), against the lines' card or more a cell."""
LINE_OF: Final = tuple(
    tuple(next(cells for _, cells in lines if index in cells) for lines in LINES) for index in range(CELLS)
)
"""For each cell, the row and the column through it (by side: 0 the rows, 1 the columns)."""


def line_worth(cards: Sequence[Card], cut: Card, table_top: bool = False) -> float:
    """A line's points so far, with the hope of a flush while it may still be one."""
    worth = float(score_line(cards, cut, table_top=table_top).total)
    if 2 <= len(cards) < SIDE - 1 and len({card.suit for card in cards}) == 1:
        worth += FLUSH_HOPE * len(cards)
    return worth


def move_gains(view: Mapping[str, Any]) -> dict[str, float]:
    """Each legal lay or throw of the turned card, by its text, and what it gains the side of the
    seat whose view this is: its own line's gain less the other side's."""
    me: int = view["you"]
    grid = [parse_card(card) if card else None for card in view["grid"]]
    card = parse_card(view["card"])
    cut = parse_card(view["cut"])
    mine = 0 if view["counts"][me] == "rows" else 1
    dealing = view["counts"][view["dealer"]] == view["counts"][me]
    table_top = view["options"]["form"] == "table-top"

    def gain(index: int) -> float:
        change = 0.0
        for side, cells in enumerate(LINE_OF[index]):
            placed = [c for i in cells if (c := grid[i]) is not None]
            step = line_worth([*placed, card], cut, table_top) - line_worth(placed, cut, table_top)
            change += step if side == mine else -step
        return change

    gains: dict[str, float] = {}
    for move in view["legal_moves"]:
        if move == "throw":
            gains[move] = CRIB_CARD if dealing else -CRIB_CARD
        elif move.startswith("lay "):
            cell = move.removeprefix("lay ")
            gains[move] = gain(next(index for index in range(CELLS) if cell_name(index) == cell))
    return gains

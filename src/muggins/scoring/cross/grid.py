"""A Cross Cribbage grid counted: five rows for one side and five columns for the other, each line a
five-card cribbage hand; the crib with the cut card and his heels for the dealer's side
(docs/rules/cross.md).

>>> from muggins.cards import parse_cards
>>> line = parse_cards("5H 5D 5S JC 5C")
>>> score_line(line, parse_cards("5C")[0]).total  # the cut card in the line, its jack for nobs
29
>>> score_line(parse_cards("2H 3H 4H 9H KS"), parse_cards("5C")[0]).total  # 2 fifteens, a run, a flush
11
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from muggins.cards import JACK, Card
from muggins.scoring import cells
from muggins.scoring.cells import Line
from muggins.scoring.combos import fifteens, pairs, runs
from muggins.scoring.items import Item, Kind, Score
from muggins.scoring.show import score_show

SIDE: Final = 5
"""Cells in a row and in a column."""
CELLS: Final = SIDE * SIDE
CENTRE: Final = CELLS // 2
"""The cell of the cut card, ``c3``."""
COLUMNS: Final = cells.column_letters(SIDE)
"""Columns are lettered from the left, rows numbered from the top: ``a1`` is the top left cell."""
LINES: Final = (cells.rows(SIDE), cells.columns(SIDE))
"""Each side's lines, by side: side 0 counts the rows, side 1 the columns."""
NEIGHBOURS: Final = tuple(
    tuple(
        r * SIDE + c
        for r in range(max(0, i // SIDE - 1), min(SIDE, i // SIDE + 2))
        for c in range(max(0, i % SIDE - 1), min(SIDE, i % SIDE + 2))
        if r * SIDE + c != i
    )
    for i in range(CELLS)
)
"""The cells each cell touches, by a side or a corner (Table Top Cribbage's rule of laying)."""
HEELS_POINTS: Final = 2


class GridError(ValueError):
    """A grid that cannot be counted: not 25 distinct cards with the cut card in the centre."""


def cell_name(index: int) -> str:
    """The name of the cell at ``index`` (0-24, row by row): ``cell_name(12) == 'c3'``."""
    return cells.cell_name(index, SIDE)


def cell_index(name: str) -> int | None:
    """The index of a cell named like ``b4`` (column a-e, row 1-5), or None for any other text."""
    return cells.cell_index(name, SIDE)


def flush(cards: Sequence[Card], least: int = SIDE - 1) -> list[Item]:
    """``least`` (four, or in Table Top Cribbage five) or more cards of one suit in a line: one point
    a card of that suit."""
    suit, count = Counter(card.suit for card in cards).most_common(1)[0] if cards else (None, 0)
    if count < least:
        return []
    return [Item(Kind.FLUSH, tuple(card for card in cards if card.suit == suit), count)]


def score_line(cards: Sequence[Card], cut: Card, *, table_top: bool = False) -> Score:
    """A line of five cards: fifteens, pairs, runs, a flush of four or five, and nobs for a jack of
    the cut card's suit when the cut card is in the line; in Table Top Cribbage (``table_top``) a
    flush only of five and no nobs. A line still filling (fewer cards) is counted the same way: what
    its cards make so far, which a card added can only raise."""
    items = [*fifteens(cards), *pairs(cards), *runs(cards), *flush(cards, SIDE if table_top else SIDE - 1)]
    if cut in cards and not table_top:
        items += [
            Item(Kind.NOBS, (card, cut), 1)
            for card in cards
            if card.rank == JACK and card.suit == cut.suit and card != cut
        ]
    return Score(tuple(items))


def score_crib(crib: Sequence[Card], cut: Card) -> Score:
    """The crib's four cards with the cut card, counted as a crib is in cribbage."""
    return score_show(crib, cut, crib=True)


def heels(cut: Card) -> Score:
    """His heels: two points to the dealer's side when the cut card is a jack."""
    return Score((Item(Kind.HIS_HEELS, (cut,), HEELS_POINTS),) if cut.rank == JACK else ())


def count_lines(grid: Sequence[Card], side: int, *, table_top: bool = False) -> list[Line]:
    """The five lines one side counts (``side`` 0: the rows; 1: the columns) of a full grid, row by
    row with the cut card in its centre (``table_top``: as Table Top Cribbage counts them)."""
    if len(grid) != CELLS:
        raise GridError(f"a grid has {CELLS} cards, not {len(grid)}")
    if len(set(grid)) != CELLS:
        raise GridError("a card appears twice in the grid")
    cut = grid[CENTRE]
    return [
        Line(name, cards, score_line(cards, cut, table_top=table_top))
        for name, indexes in LINES[side]
        for cards in [tuple(grid[i] for i in indexes)]
    ]

"""The Cross Cribbage table in the terminal: the grid with its cells named and each line's points,
the card you have turned, the piles and throws, and after the count each side's lines and crib,
from one seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table

from muggins.cards import format_cards, parse_card, parse_cards
from muggins.scoring.cross.grid import COLUMNS, SIDE, cell_name

COUNTING: dict[str, tuple[str, tuple[str, ...]]] = {}
"""Nothing is counted by hand in Cross Cribbage: the lines and the crib are counted for the sides."""


def seat_name(seat: int, you: int | None) -> str:
    return "you" if seat == you else f"player {seat}"


def grid_table(view: Mapping[str, Any]) -> Table:
    """The grid: a card per cell (an empty cell shows its name), each row's and column's points so far."""
    rows, columns = view["so_far"]
    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column("")
    for column in COLUMNS:
        table.add_column(column, justify="center")
    table.add_column("rows")
    for row in range(SIDE):
        cells = [
            parse_card(card).pretty if (card := view["grid"][index]) else f"[dim]{cell_name(index)}[/dim]"
            for index in range(row * SIDE, (row + 1) * SIDE)
        ]
        table.add_row(str(row + 1), *cells, str(rows[f"row {row + 1}"]))
    table.add_row("cols", *(str(columns[f"column {column}"]) for column in COLUMNS), "")
    return table


def side_name(view: Mapping[str, Any], side: int) -> str:
    """A side by its players and what it counts: "you (rows)", "player 1 & player 2 (columns)"."""
    names = " & ".join(seat_name(seat, view["you"]) for seat in view["sides"][side])
    return f"{names} ({('rows', 'columns')[side]})"


def render(view: Mapping[str, Any], console: Console) -> None:
    """Draw the table as the seat of ``view`` (or a spectator) sees it."""
    you = view["you"]
    scores = " · ".join(
        f"{side_name(view, side)} {view['scores'][view['sides'][side][0]]}" for side in (0, 1)
    )
    dealt = f"deal {view['hand']}, {seat_name(view['dealer'], you)} dealt"
    console.print(f"[bold]Cross Cribbage[/bold] — {dealt}; {scores}; {view['target']} wins")
    console.print(grid_table(view))
    piles = ", ".join(
        f"{seat_name(seat, you)} {left} left"
        + (f", {thrown} of {view['share'][seat]} thrown" if view["share"][seat] else "")
        for seat, (left, thrown) in enumerate(zip(view["piles"], view["thrown"], strict=True))
    )
    console.print(f"Piles: {piles}")
    if view["my_crib"]:
        console.print(f"You threw to the crib: {format_cards(parse_cards(view['my_crib']), pretty=True)}")
    if view["card"]:
        throw = ", or 'throw' it to the crib" if "throw" in view["legal_moves"] else ""
        if view["options"]["form"] == "table-top":
            throw = " touching a card"
        elif not throw:
            throw = " (your throws are made)"
        console.print(f"Your card: [bold]{parse_card(view['card']).pretty}[/bold]: lay it on a cell{throw}")
    elif view["turn"] is not None:
        console.print(f"{seat_name(view['turn'], you).capitalize()} to lay a card")
    for side, lines in enumerate(view["count"]):
        if lines:
            parts = ", ".join(f"{line['name']} {line['score']['total']}" for line in lines)
            total = sum(line["score"]["total"] for line in lines)
            console.print(f"{side_name(view, side)}: {parts}: {total}")
    if view["crib"]:
        console.print(f"The crib: {format_cards(parse_cards(view['crib']), pretty=True)}")

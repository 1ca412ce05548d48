"""The Cribbage Squares table in the terminal: the card to place, your grid with its cells named,
the other grids in a race, and once the starter is turned every line's score, from one seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from muggins.cards import parse_card
from muggins.scoring.squares.grid import COLUMNS, SIDE, cell_name

COUNTING: dict[str, tuple[str, tuple[str, ...]]] = {}
"""Nothing is counted by hand in Cribbage Squares: every grid is scored for its player."""


def seat_name(seat: int, you: int | None) -> str:
    return "you" if seat == you else f"player {seat}"


def grid_table(title: str, grid: Sequence[str | None], lines: Sequence[Mapping[str, Any]]) -> Table:
    """One grid: a card per cell (an empty cell shows its name), each row's and column's points."""
    points = {line["name"]: str(line["score"]["total"]) for line in lines}
    table = Table(title=title, show_header=True, header_style="bold", box=None)
    table.add_column("")
    for column in COLUMNS:
        table.add_column(column, justify="center")
    table.add_column("")
    for row in range(SIDE):
        cells = [
            parse_card(card).pretty
            if (card := grid[row * SIDE + col])
            else f"[dim]{cell_name(row * SIDE + col)}[/dim]"
            for col in range(SIDE)
        ]
        table.add_row(str(row + 1), *cells, points.get(f"row {row + 1}", ""))
    if points:
        table.add_row("", *(points[f"column {column}"] for column in COLUMNS), "")
    return table


def render(view: Mapping[str, Any], console: Console) -> None:
    """Draw the table as the seat of ``view`` (or a spectator) sees it."""
    you = view["you"]
    stage = f"card {view['turned']} of 16" if view["turned"] <= SIDE * SIDE else "every card turned"
    console.print(f"[bold]Cribbage Squares[/bold] — {stage}; {view['target']} or more wins alone")
    if view["card"]:
        console.print(f"Place: [bold]{parse_card(view['card']).pretty}[/bold]")
    if view["starter"]:
        console.print(f"Starter: [bold]{parse_card(view['starter']).pretty}[/bold]")
    seats = [you] if you is not None else []
    seats += [seat for seat in range(view["players"]) if seat != you]
    for seat in seats:
        title = f"{seat_name(seat, you)}: {view['scores'][seat]}" + (
            " (left)" if seat in view["left"] else ""
        )
        console.print(grid_table(title, view["grids"][seat], view["lines"][seat]))
    if view["pending"]:
        console.print(f"You placed it on {view['pending']}; waiting for the others")

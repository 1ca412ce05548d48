"""``muggins review``: every decision of a finished cribbage, Cribist or Skalborg game valued against
the best choice the seat had, labelled, with the points lost by kind and each seat's accuracy
(docs/review.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muggins.cli.common import console, print_json, progress_bar, read_record, whole_number

if TYPE_CHECKING:
    from muggins.analysis.review import GameReview, Label, SeatReview

SHOWN: tuple[Label, ...] = ("inaccuracy", "mistake", "blunder")
"""Labels listed decision by decision in the text output (the rest are only counted)."""


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "review",
        help="review a finished game: each decision against the best, accuracy",
        description="Example: 'muggins review game.json --seat 0'. Each decision is valued from what "
        "the seat could see then; see docs/review.md.",
    )
    p.add_argument(
        "record",
        type=Path,
        help="a finished game's record (as 'muggins play' saves it); - reads standard input",
    )
    p.add_argument("--seat", type=whole_number, metavar="N", help="review only seat N (default: every seat)")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument("--plot", metavar="FILE.png", help="draw the score race and the margins")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from muggins.analysis.review import review

    record = read_record(args.record)
    with progress_bar("reviewing", "moves", quiet=args.json) as meter:
        done = review(record, None if args.seat is None else [args.seat], progress=meter.update)
    if args.plot:
        from muggins.analysis.plot import plot_review

        plot_review(done, args.plot)
    if args.json:
        print_json(done.to_dict())
        return 0
    _print(done)
    return 0


def _print(done: GameReview) -> None:
    out = console()
    final = " - ".join(map(str, done.race[-1]))
    seats = "1 player" if done.players == 1 else f"{done.players} players"
    deals = "1 deal" if len(done.race) == 1 else f"{len(done.race)} deals"
    out.print(f"[bold]{done.game}[/bold], {seats}, {deals}, final {final}")
    for seat in done.seats:
        _print_seat(seat)


KIND_NAMES = {
    "discard": "discards",
    "play": "play",
    "count": "counting",
    "bet": "betting",
    "place": "placing",
}


def _print_seat(seat: SeatReview) -> None:
    from rich.table import Table

    from muggins.analysis.review import LABELS

    out = console()
    kinds = dict.fromkeys(d.kind for d in seat.decisions)
    lost = ", ".join(f"{seat.lost[kind]:.2f} to {KIND_NAMES[kind]}" for kind in kinds) or "nothing"
    counts = ", ".join(f"{len(seat.labelled(name))} {name}" for name in LABELS)
    out.print(f"\n[bold]seat {seat.seat}[/bold]: accuracy {seat.accuracy_text}, lost {lost} ({counts})")
    flagged = [d for d in seat.decisions if d.label in SHOWN]
    if not flagged:
        return
    table = Table("move", "deal", "kind", "label", "chose", "better", "points lost")
    for d in flagged:
        table.add_row(str(d.move), str(d.deal), d.kind, d.label, d.chose, d.best, f"{d.loss:.2f}")
    out.print(table)

"""``muggins replay``: replay a saved game record and print every event."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from muggins.cli.common import CommandError, console, print_json, read_record, whole_number
from muggins.games.registry import load_game


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "replay",
        help="replay a game record and print every event",
        description="Replay RECORD.json (as saved by 'muggins play', or a finished game downloaded from "
        "the server's /api/history/ID) and print its events.",
    )
    p.add_argument(
        "record", type=Path, help="a game record (as saved by 'muggins play'); - reads it from standard input"
    )
    p.add_argument("--json", action="store_true", help="print the events as JSON")
    p.add_argument(
        "--seat", type=whole_number, default=None, help="show events as this seat saw them (default: all)"
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = read_record(args.record)
    game = load_game(record)
    if args.seat is not None and not 0 <= args.seat < game.players:
        raise CommandError(f"--seat must be 0-{game.players - 1} in this game, not {args.seat}")
    if args.json:
        print_json(
            {
                "record": record,
                "events": [e.to_dict() for e in game.events],
                "result": game.result.to_dict() if game.result else None,
            }
        )
        return 0
    from muggins.cli.narrate import describe

    out = console()
    for event in game.events:
        line = describe(game.name, event, args.seat, reveal=args.seat is None)
        if line:
            out.print(line)
    return 0

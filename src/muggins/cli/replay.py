"""``muggins replay``: replay a saved game record and print every event."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from muggins.cli.common import console, print_json, read_record
from muggins.cli.narrate import describe
from muggins.games.registry import load_game


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "replay", help="replay a game record and print every event",
        description="Replay RECORD.json (as saved by 'muggins play' or the server) and print its events.",
    )
    p.add_argument("record", type=Path)
    p.add_argument("--json", action="store_true", help="print the events as JSON")
    p.add_argument("--seat", type=int, default=None, help="show events as this seat saw them (default: all)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = read_record(args.record)
    game = load_game(record)
    if args.json:
        print_json({"record": record, "events": [e.to_dict() for e in game.events],
                    "result": game.result.to_dict() if game.result else None})
        return 0
    out = console()
    for event in game.events:
        line = describe(event, args.seat) if args.seat is not None else describe_all(event)
        if line:
            out.print(line)
    return 0


def describe_all(event: Any) -> str | None:
    """An event with nothing redacted: the replay of a finished game shows every card."""
    return describe(event, getattr(event, "player", None))

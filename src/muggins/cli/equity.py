"""``muggins equity``: the chance a hand wins the showdown, for the games that have one (their
``equity`` part in ``muggins.cli.games``: Skalborg)."""

from __future__ import annotations

import argparse
from typing import Any

from muggins.cli.games import game_parts


def register(sub: Any) -> None:
    games = game_parts("equity")
    p: argparse.ArgumentParser = sub.add_parser(
        "equity",
        help="; ".join(module.SUMMARY for module in games.values()),
        description="Equity of a hand against the cards you cannot see. Examples: "
        + ", ".join(f"'{line}'" for module in games.values() for line in module.EXAMPLES)
        + ".",
    )
    p.add_argument("--game", choices=list(games), default=next(iter(games)))
    p.add_argument("--json", action="store_true", help="print JSON")
    for game, module in games.items():
        module.add_flags(p.add_argument_group(f"{game}"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    status: int = game_parts("equity")[args.game].run(args)
    return status

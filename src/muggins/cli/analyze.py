"""``muggins analyze``: what each choice of a deal is worth, through each game's module in
``analysis`` part (``muggins.cli.games``; cribbage: every discard; Skalborg: every throw)."""

from __future__ import annotations

import argparse
from typing import Any

from muggins.cards import parse_cards
from muggins.cli.common import refuse_flags, whole_number
from muggins.cli.games import game_parts


def register(sub: Any) -> None:
    games = game_parts("analysis")
    p: argparse.ArgumentParser = sub.add_parser(
        "analyze",
        help="rank " + ", or ".join(module.SUMMARY for module in games.values()),
        description="Examples: "
        + ", ".join(f"'{line}'" for module in games.values() for line in module.EXAMPLES)
        + ". "
        + " ".join(module.DESCRIPTION for module in games.values()),
    )
    p.add_argument("cards", nargs="+", help="the cards dealt, e.g. 5H 5D JC QS 2D 9C")
    p.add_argument("--game", choices=list(games), default=next(iter(games)))
    p.add_argument("--players", type=whole_number, default=2, help="players at the table (default 2)")
    p.add_argument("--json", action="store_true", help="print JSON")
    for game, module in games.items():
        module.add_flags(p.add_argument_group(f"{game} only"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    games = game_parts("analysis")
    module = games[args.game]
    others = [flag for game, m in games.items() if game != args.game for flag in m.FLAGS]
    refuse_flags(args, others, f"to {args.game} analysis")
    status: int = module.analyze(parse_cards(args.cards), args)
    return status

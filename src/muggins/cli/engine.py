"""``muggins engine``: a built-in bot as an engine over the engine protocol (docs/engines.md), on
standard input and output, so that any host that speaks the protocol can play it."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from muggins.cli.common import whole_number


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "engine",
        help="run a built-in bot as an engine on standard input and output",
        description='Example: \'muggins simulate --engine mine="muggins engine --bot greedy" '
        "--bots mine,expert'. The game comes with each 'game' line (docs/engines.md).",
    )
    p.add_argument("--bot", default=None, help="the bot's name in each game (default: the game's strongest)")
    p.add_argument("--seed", type=whole_number, default=0, help="seeds the bot of each game in turn")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from muggins.bots.base import Bot
    from muggins.bots.engine import serve
    from muggins.bots.registry import bot_names, make_bot
    from muggins.games.registry import game_class

    def make(game: str, number: int) -> Bot:
        game_class(game)  # the game's moves are read from here on (a bot parses its legal moves)
        name = args.bot or bot_names(game)[-1]
        return make_bot(game, name, args.seed + number)

    return serve(make, f"muggins {args.bot or 'strongest'}", sys.stdin, sys.stdout)

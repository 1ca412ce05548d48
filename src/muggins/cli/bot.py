"""``muggins bot connect``: play a bot account on a muggins server with an engine (docs/engines.md,
"Bot accounts"): challenges accepted, each game played by the engine, until the games wanted are
played."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from muggins.cli.common import CommandError, check_table, number_in, parse_options, whole_number
from muggins.games.registry import game_names

TOKEN_VARIABLE = "MUGGINS_BOT_TOKEN"  # noqa: S105 (the name of a variable, not a secret)
"""The environment variable read for the token when ``--token`` is not given (a token on the
command line is visible to every user of the machine in its process list)."""


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "bot",
        help="play a bot account on a muggins server with an engine",
        description="Example: 'muggins bot connect --server https://example.org --token T "
        "--engine \"./my-engine\"' (docs/engines.md, 'Bot accounts').",
    )
    what = p.add_subparsers(dest="bot_command", required=True, metavar="connect")
    c: argparse.ArgumentParser = what.add_parser("connect", help="connect an engine to a bot account")
    c.add_argument("--server", default="http://127.0.0.1:8000", help="the server's address")
    c.add_argument("--token", default=None, help=f"the bot account's token (default: ${TOKEN_VARIABLE})")
    c.add_argument(
        "--engine", required=True, metavar="COMMAND", help="the engine's command (docs/engines.md)"
    )
    c.add_argument(
        "--engine-seconds",
        type=number_in(0.1, 3600),
        default=10.0,
        help="the most seconds an engine has for a move",
    )
    c.add_argument(
        "--accept",
        choices=("all", "rated", "casual", "none"),
        default="all",
        help="the challenges accepted (default all)",
    )
    c.add_argument(
        "--games", type=whole_number, default=None, help="stop after this many games (default: never)"
    )
    c.add_argument(
        "--challenge", default=None, metavar="NAME", help="challenge this player, one game after another"
    )
    c.add_argument(
        "--game", choices=game_names(), default=game_names()[0], help="the game of the challenges made"
    )
    c.add_argument("--players", type=whole_number, default=2, help="the seats of the challenges made")
    c.add_argument("--rated", action="store_true", help="make the challenges rated")
    c.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="an option of the challenges' game"
    )
    c.add_argument("--quiet", action="store_true", help="say only what went wrong")
    c.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from muggins.cli.bot_link import BotLink, LinkError, Wanted

    token = args.token or os.environ.get(TOKEN_VARIABLE)
    if not token:
        raise CommandError(f"give the bot account's token: --token or ${TOKEN_VARIABLE}")
    if args.games is not None and args.games < 1:
        raise CommandError(f"--games is 1 or more, not {args.games}")
    options = parse_options(args.option)
    if args.challenge is not None:
        check_table(args.game, args.players, **options)  # a challenge the server would refuse, refused here
    asked = {"game": args.game, "players": args.players, "rated": args.rated, "options": options}
    wanted = Wanted(args.engine, args.engine_seconds, args.accept, args.games, args.challenge, asked)

    def say(line: str) -> None:
        if not args.quiet:
            warn(line)

    def warn(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    try:
        tally = asyncio.run(BotLink(args.server, token, wanted, say=say, warn=warn).run())
    except LinkError as exc:
        print(f"muggins bot: {exc}", file=sys.stderr)
        return 1
    print(f"{tally.finished} games finished, {tally.moves} moves, {len(tally.errors)} errors")
    return 0

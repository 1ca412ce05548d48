"""The ``muggins`` command: one subcommand per module, each registering its own arguments."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from muggins.cards import CardError
from muggins.cli.common import CommandError
from muggins.games.errors import GameError

COMMANDS = ("serve", "play", "score", "distribution", "analyze", "equity", "simulate", "replay", "review")
"""Subcommands in the order ``--help`` lists them; each is the module ``muggins.cli.<name>``."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="muggins", description="Cribbage, Skalborg and Cribist: play, score, analyse and serve."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"muggins.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"muggins.cli.{name}":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; bad input exits with status 2 and a message naming the problem."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except (CommandError, CardError, GameError, ValueError) as exc:
        print(f"muggins {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())

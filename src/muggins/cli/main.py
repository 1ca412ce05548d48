"""The ``muggins`` command: one subcommand per module, each registering its own arguments and
importing what it needs only when it runs."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from muggins.cards import CardError
from muggins.errors import UserError
from muggins.games.errors import GameError

COMMANDS = (
    "serve",
    "play",
    "score",
    "distribution",
    "analyze",
    "equity",
    "simulate",
    "replay",
    "review",
    "engine",
    "bot",
)
"""Subcommands in the order ``--help`` lists them; each is the module ``muggins.cli.<name>``."""

BROKEN_PIPE = 128 + 13
"""The status of a command whose reader went away (``muggins distribution --json | head``): the
status a Unix tool killed by SIGPIPE has, with nothing printed, since nobody is reading."""


class _Version(argparse.Action):
    """``--version``: the version and whether the rules core runs compiled, worked out only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from muggins.build import describe

        print(describe())
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """Flag errors in one line, pointing to ``--help`` rather than printing the usage first."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="muggins", description="Cribbage, Skalborg and Cribist: play, score, analyse and serve."
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"muggins.cli.{name}").register(sub)
    return parser


BLAS_THREADS = "1"
"""OpenBLAS threads for a command, unless the user's environment says otherwise. numpy starts one
per core, and each spins for a while at start: 0.1 s of CPU a process on two cores (more on more),
to speed up matrix products far smaller than that pays for (the expert's win chances)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; bad input exits with status 2 and a message naming the problem."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", BLAS_THREADS)  # read once, as numpy first loads
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # named for the subcommand, whose flags they are not, not for 'muggins' itself
        prog = f"muggins {args.command}"
        sys.stderr.write(
            f"{prog}: error: unrecognized arguments: {' '.join(unknown)} (see '{prog} --help')\n"
        )
        return 2
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Nobody reads any more: say nothing, and keep Python from failing to flush at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    except (UserError, CardError, GameError, ValueError) as exc:
        print(f"muggins {args.command}: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    return status


def _one_line(exc: BaseException) -> str:
    """The message of ``exc`` on one line (pydantic's validation errors run over several)."""
    return "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())


if __name__ == "__main__":
    sys.exit(main())

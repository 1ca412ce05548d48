"""Helpers shared by the subcommands: errors, JSON output and the console."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rich.console import Console

from muggins.errors import UserError


class CommandError(UserError):
    """Bad input on the command line; the command exits with status 2 and this message."""


class Meter(Protocol):
    """What a long piece of work tells its progress bar."""

    def advance(self, done: int) -> None:
        """``done`` more units are done."""

    def update(self, done: int, total: int | None) -> None:
        """``done`` units are done of ``total`` (None: not known yet)."""


class _Unseen:
    """The meter when no bar is drawn: told nothing, and rich is not loaded for it."""

    def advance(self, done: int) -> None:
        pass

    def update(self, done: int, total: int | None) -> None:
        pass


@contextlib.contextmanager
def progress_bar(what: str, unit: str, *, total: int | None = None, quiet: bool) -> Iterator[Meter]:
    """A progress bar on stderr for long work: how many done of how many, the rate, the time spent
    and the time left. Off with ``quiet`` (``--json``) and when stdout or stderr is not a terminal
    (a pipe, a file), so that nothing but the output itself reaches them; rich's progress (0.05 s of
    CPU to load) is then not loaded at all."""
    if quiet or not (sys.stderr.isatty() and sys.stdout.isatty()):
        yield _Unseen()
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.1f} {unit}/s")

    class Drawn:
        def __init__(self, bar: Progress) -> None:
            self.bar = bar
            self.task = bar.add_task(unit, total=total)

        def advance(self, done: int) -> None:
            self.bar.advance(self.task, done)

        def update(self, done: int, total: int | None) -> None:
            self.bar.update(self.task, completed=done, total=total)

    with Progress(
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        Rate(),
        TimeElapsedColumn(),
        TextColumn("spent,"),
        TimeRemainingColumn(),
        TextColumn("left"),
        console=Console(stderr=True, highlight=False),
        transient=True,
    ) as bar:
        yield Drawn(bar)


def print_json(data: Any) -> None:
    """Machine output: one JSON document on stdout."""
    json.dump(data, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


def console() -> Console:
    """The terminal for human output (plain when stdout is not a terminal)."""
    from rich.console import Console

    return Console(highlight=False)


class HelpWhenShown(argparse.Action):
    """An option stored as given whose help is written by ``write_help`` only when help is shown:
    ``--bots`` lists each game's bots, and finding them loads the engines."""

    def __init__(
        self, option_strings: Sequence[str], dest: str, write_help: Callable[[], str], **kwargs: Any
    ) -> None:
        self.write_help = write_help
        super().__init__(option_strings, dest, **kwargs)

    @property
    def help(self) -> str:
        return self.write_help()

    @help.setter
    def help(self, text: str | None) -> None:
        """argparse sets a help text when the option is made; this one is written when shown."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)


def add_bots_option(parser: argparse.ArgumentParser, default: str, write_help: Callable[[], str]) -> None:
    """``--bots``, comma-separated bot names, whose help (naming the bots) is written when shown."""
    parser.add_argument("--bots", default=default, action=HelpWhenShown, write_help=write_help)


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    """``--engine NAME=COMMAND`` (repeatable) and ``--engine-seconds``: programs playing over the
    engine protocol (docs/engines.md), named for ``--bots``."""
    parser.add_argument(
        "--engine",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="a program playing over the engine protocol (docs/engines.md), named for --bots, e.g. "
        'mine="./my-engine --fast" (repeatable)',
    )
    parser.add_argument(
        "--engine-seconds", type=number_in(0.01, 3600), default=10.0, help="seconds an engine has for a move"
    )


def engine_commands(given: list[str], bots: list[str]) -> dict[str, str]:
    """``--engine NAME=COMMAND`` values by name; a name that is a bot's, or given twice, or a
    command that is empty, is refused."""
    engines: dict[str, str] = {}
    for text in given:
        name, sep, command = text.partition("=")
        name = name.strip()
        if not sep or not name or not command.strip():
            raise CommandError(f"--engine takes NAME=COMMAND, not {text!r}")
        if name in bots or name in engines:
            raise CommandError(
                f"--engine {name}: the name is taken ({'a bot' if name in bots else 'given twice'})"
            )
        engines[name] = command
    return engines


def port(text: str) -> int:
    """An argparse type: a TCP port, 1-65535."""
    value = whole_number(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1-65535, not {value}")
    return value


def whole_number(text: str) -> int:
    """An argparse type: an integer, with a message a person can read."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def number_in(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number from ``low`` to ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a number from {low:g} to {high:g}, not {text}")
        return value

    return parse


def refuse_flags(args: argparse.Namespace, flags: Sequence[str], where: str) -> None:
    """Refuse flags given where they do not apply (``where``: "to skalborg"), rather than ignore them."""
    given = [f"--{name.replace('_', '-')}" for name in flags if getattr(args, name) not in (None, False, [])]
    if given:
        verb = "does" if len(given) == 1 else "do"
        raise CommandError(f"{', '.join(given)} {verb} not apply {where}")


def check_table(game: str, players: int, **options: Any) -> None:
    """Refuse a table the game does not allow, with the game's own message, before any work."""
    from muggins.games.registry import game_class

    game_class(game)(players=players, seed=0, **options)


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs; values are read as JSON when they can be (numbers, true/false).

    >>> parse_options(["counting=manual", "muggins=true", "target=61"])
    {'counting': 'manual', 'muggins': True, 'target': 61}
    """
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise CommandError(f"--option takes KEY=VALUE, not {item!r}")
        try:
            options[key.replace("-", "_")] = json.loads(value)
        except json.JSONDecodeError:
            options[key.replace("-", "_")] = value
    return options


def read_record(path: Path) -> dict[str, Any]:
    """The game record in ``path`` (``-``: standard input): a record itself, or the server's replay
    of a finished game, which holds the record under ``record``."""
    stdin = str(path) == "-"
    name = "standard input" if stdin else str(path)
    try:
        document = json.loads(sys.stdin.read() if stdin else path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CommandError(f"cannot read {name}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CommandError(f"{name} is not JSON: {exc}") from None
    if isinstance(document, dict) and isinstance(document.get("record"), dict):
        document = document["record"]
    if not isinstance(document, dict):
        raise CommandError(f"{name} holds a JSON {type(document).__name__}, not a game record (an object)")
    return document

"""Helpers shared by the subcommands: errors, JSON output and the console."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console


class CommandError(Exception):
    """Bad input on the command line; the command exits with status 2 and this message."""


def print_json(data: Any) -> None:
    """Machine output: one JSON document on stdout."""
    json.dump(data, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


def console() -> Console:
    """The terminal for human output (plain when stdout is not a terminal)."""
    return Console(highlight=False)


def read_record(path: Path) -> Any:
    """A saved game record (JSON) read from ``path``; a CommandError names an unreadable file."""
    try:
        return json.loads(path.read_text())
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise CommandError(f"{path} is not JSON: {exc}") from None

"""Helpers shared by the subcommands: errors, JSON output and the console."""

from __future__ import annotations

import json
import sys
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

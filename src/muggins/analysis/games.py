"""Where a game's own analysis lives: ``muggins.analysis.<game>.<part>`` (its hints, its players'
statistics), found by the game's name so that the layers above never name a game."""

from __future__ import annotations

import importlib
from types import ModuleType


def game_module(game: str, part: str) -> ModuleType | None:
    """``muggins.analysis.<game>.<part>``, or None if the game has no such part."""
    name = f"muggins.analysis.{game}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (name, f"muggins.analysis.{game}"):
            raise  # the part exists but something it imports is missing
        return None

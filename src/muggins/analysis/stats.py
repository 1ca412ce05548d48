"""A player's statistics in one game, over their finished games of it: each game works out its own
figures in ``muggins.analysis.<game>.stats`` (``figures(games)``); a game without them has none."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from muggins.analysis.games import game_module

Games = Iterable[tuple[Mapping[str, Any], int]]
"""Finished games as ``(record, seat)``: the player's seat in each."""


def player_stats(game: str, games: Games) -> dict[str, Any] | None:
    """The figures of the player who held each ``seat``, or None if ``game`` has no statistics."""
    module = game_module(game, "stats")
    if module is None:
        return None
    figures: dict[str, Any] = module.figures(games)
    return figures

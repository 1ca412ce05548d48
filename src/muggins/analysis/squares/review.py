"""Cribbage Squares decisions reviewed: each card placed, valued by the points it is expected to add
to its row and column over the starters still unseen (the placement measure the ``expected`` bot and
the hints use, ``strategy.squares.placement``), from the placer's own view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from muggins.analysis.review import Decision, Judge, Kind, decision
from muggins.games.base import Game
from muggins.games.moves import Move
from muggins.games.squares.moves import Place
from muggins.scoring.squares.grid import cell_name
from muggins.strategy.squares.placement import placement_gains

QUICK = True
"""Sixteen placements valued in a few milliseconds each: the server makes the review on request."""
KINDS: tuple[Kind, ...] = ("place",)
"""The kinds of decision judged here."""


def judge(record: dict[str, Any], seats: Sequence[int]) -> Judge:
    """Judges each placement against every empty cell the card could have gone on."""

    def judged(game: Game, player: int, move: Move, number: int) -> Decision | None:
        if not isinstance(move, Place):
            return None
        view = game.view(player)
        values = {f"place {cell_name(cell)}": gain for cell, gain in placement_gains(view).items()}
        return decision(number, 1, "place", str(move), values)

    return judged

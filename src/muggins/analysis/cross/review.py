"""Cross Cribbage decisions reviewed: each card laid or thrown, valued by what it gains the player's
side now, its own line's gain less the other side's (the measure the ``greedy`` bot and the hints
use, ``strategy.cross.placement``), from the player's own view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from muggins.analysis.review import Decision, Judge, Kind, decision
from muggins.games.base import Game
from muggins.games.cross.moves import Lay, Throw
from muggins.games.moves import Move
from muggins.strategy.cross.placement import move_gains

QUICK = True
"""Some 26 moves a deal valued in a few milliseconds each: the server makes the review on request."""
KINDS: tuple[Kind, ...] = ("place",)
"""The kinds of decision judged here."""


def judge(record: dict[str, Any], seats: Sequence[int]) -> Judge:
    """Judges each card laid or thrown against every other cell and the crib."""

    def judged(game: Game, player: int, move: Move, number: int) -> Decision | None:
        if not isinstance(move, (Lay, Throw)):
            return None
        view = game.view(player)
        return decision(number, view["hand"], "place", str(move), move_gains(view))

    return judged

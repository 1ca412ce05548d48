"""Text rendering of an environment's game, as a spectator sees it (no hidden card is shown)."""

from __future__ import annotations

from typing import Any

from muggins.games.base import Game

SHOWN = (
    "phase",
    "scores",
    "dealer",
    "count",
    "pile",
    "starter",
    "board",
    "trick",
    "trumps",
    "pot",
    "bets",
)
"""The spectator view's fields worth a line, where the game has them."""


def ansi(game: Game) -> str:
    """A few lines: the game, whose move it is, and the public table state."""
    view: dict[str, Any] = game.view(None)
    lines = [f"{game.name}, {game.players} players, move {game.state_id}"]
    lines += [f"{key}: {view[key]}" for key in SHOWN if key in view and view[key] not in (None, [])]
    if game.result is not None:
        lines.append(f"result: {game.result.to_dict()}")
    else:
        lines.append(f"to move: {sorted(game.to_move)}")
    return "\n".join(lines)

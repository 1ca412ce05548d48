"""Text rendering of an environment's game, as a spectator sees it (no hidden card is shown)."""

from __future__ import annotations

from typing import Any

from muggins.games.base import Game


def ansi(game: Game, shown: tuple[str, ...]) -> str:
    """A few lines: the game, whose move it is, and the public table state (the spectator view's
    fields named in ``shown``, the game's ``SHOWN``, where they hold something)."""
    view: dict[str, Any] = game.view(None)
    lines = [f"{game.name}, {game.players} players, move {game.state_id}"]
    lines += [f"{key}: {view[key]}" for key in shown if key in view and view[key] not in (None, [])]
    if game.result is not None:
        lines.append(f"result: {game.result.to_dict()}")
    else:
        lines.append(f"to move: {sorted(game.to_move)}")
    return "\n".join(lines)

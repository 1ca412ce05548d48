"""muggins: the cribbage family of card games — Cribbage, Skalborg and Cribist.

The game protocol is imported on first use, so ``import muggins.scoring`` stays light.

>>> from muggins import new_game
>>> game = new_game("cribbage", players=2, seed=7)
>>> sorted(game.to_move)
[0, 1]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from muggins.games.registry import game_names, load_game, new_game

__all__ = ["game_names", "load_game", "new_game"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from muggins.games import registry

        return getattr(registry, name)
    raise AttributeError(f"module 'muggins' has no attribute {name!r}")

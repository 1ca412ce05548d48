"""muggins: the cribbage family of card games — Cribbage, Skalborg and Cribist.

>>> game = new_game("cribbage", players=2, seed=7)
>>> sorted(game.to_move)
[0, 1]
"""

from muggins.games.registry import game_names, load_game, new_game

__all__ = ["game_names", "load_game", "new_game"]

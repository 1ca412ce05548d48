"""Uniformly random play to the end of a game, compiled: the rollout path for searches, analysis and
the engines' own benchmarks, without an interpreted loop around each move."""

from __future__ import annotations

import random

from muggins.games.base import Game
from muggins.games.errors import RolloutError

MAX_MOVES = 100_000
"""A game that has not ended after this many moves is a bug in its rules."""


def play_out(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end, each move drawn uniformly from the legal moves of the lowest seat
    to move (``rng.random()`` scaled to the number of moves: a bias under 2**-45 with the few dozen
    moves a seat has); return the number of moves made."""
    draw = rng.random
    moves = 0
    while game.result is None:
        if moves == MAX_MOVES:
            raise RolloutError(f"the game did not end after {MAX_MOVES} random moves")
        seats = game.to_move
        player = min(seats) if len(seats) > 1 else next(iter(seats))
        legal = game.legal_moves(player)
        game.apply(player, legal[int(draw() * len(legal))])
        moves += 1
    return moves

"""Uniformly random play to the end of a game, compiled: the rollout path for searches, analysis and
the engines' own benchmarks, without an interpreted loop around each move."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from muggins.games.base import Game, below
from muggins.games.errors import RolloutError

MAX_MOVES = 100_000
"""A game that has not ended after this many moves is a bug in its rules."""


def play_out(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end, each move drawn uniformly from the legal moves of the lowest seat
    to move (``rng.random()`` scaled to the number of moves: a bias under 2**-45 with the few dozen
    moves a seat has); return the number of moves made."""
    draw = rng.random
    return _played(game, lambda player, count: int(draw() * count))


def play_as_random_bots(game: Game, seeds: Sequence[int]) -> int:
    """Play ``game`` to its end as random bots seeded ``seeds`` (one a seat) play it in a simulation:
    the lowest seat to move draws its move with ``random.Random(seed).choice`` among the legal moves,
    in their order (the same draw, by the same bits: ``games.base.below``), and makes a seat's only
    move without drawing; return the number of moves made."""
    bits = [random.Random(seed).getrandbits for seed in seeds]
    return _played(game, lambda player, count: below(bits[player], count) if count > 1 else 0)


def _played(game: Game, pick: Callable[[int, int], int]) -> int:
    """Play ``game`` to its end, the lowest seat to move making the move ``pick(seat, how many)``
    chooses among its legal moves; the number of moves made."""
    moves = 0
    while game.result is None:
        if moves == MAX_MOVES:
            raise RolloutError(f"the game did not end after {MAX_MOVES} random moves")
        seats = game.to_move
        player = min(seats) if len(seats) > 1 else next(iter(seats))
        legal = game.legal_moves(player)
        game.make_legal(player, legal[pick(player, len(legal))])
        moves += 1
    return moves

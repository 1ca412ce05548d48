"""Uniformly random play to the end of a game, compiled: the rollout path for searches, analysis and
the engines' own benchmarks, without an interpreted loop around each move."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from muggins.games.base import Game, below
from muggins.games.errors import RolloutError

MAX_MOVES: Final = 100_000
"""A game that has not ended after this many moves is a bug in its rules."""


def play_out(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end, each move drawn uniformly from the legal moves of the lowest seat
    to move (``rng.random()`` scaled to the number of moves: a bias under 2**-45 with the few dozen
    moves a seat has); return the number of moves made."""
    return _played(game, rng.random, [])


def play_as_random_bots(game: Game, seeds: Sequence[int]) -> int:
    """Play ``game`` to its end as random bots seeded ``seeds`` (one a seat) play it in a simulation:
    the lowest seat to move draws its move with ``random.Random(seed).choice`` among the legal moves,
    in their order (the same draw, by the same bits: ``games.base.below``), and makes a seat's only
    move without drawing; return the number of moves made."""
    return _played(game, None, [random.Random(seed).getrandbits for seed in seeds])


def _played(game: Game, draw: Callable[[], float] | None, bits: list[Callable[[int], int]]) -> int:
    """Play ``game`` to its end, the lowest seat to move making a move drawn among its legal moves:
    by ``draw`` scaled to their number, or without ``draw`` as a random bot drawing from the seat's
    ``bits`` does; the number of moves made. (The two draws are written here rather than passed
    in as one function: a call through a function object was a tenth of a random Cribist move.)"""
    moves = 0
    while game.result is None:
        if moves == MAX_MOVES:
            raise RolloutError(f"the game did not end after {MAX_MOVES} random moves")
        player = game.lowest_to_move()
        legal = game.legal_moves(player)
        count = len(legal)
        if draw is not None:
            chosen = int(draw() * count)
        elif count > 1:
            chosen = below(bits[player], count)
        else:  # a random bot makes its only move without drawing
            chosen = 0
        game.make_legal(player, legal[chosen])
        moves += 1
    return moves

"""The Cribbage Squares bot that places by expected score (``strategy.squares.placement``)."""

from __future__ import annotations

from muggins.bots.base import View
from muggins.games.moves import Move, parse_move
from muggins.scoring.squares.grid import cell_name
from muggins.strategy.squares.placement import placement_gains


class ExpectedBot:
    """Places the turned card on the empty cell that adds most expected points to its two lines;
    ties go to the first such cell, so the bot is deterministic."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # a bot is made from a seed; this one draws nothing at random

    def choose(self, view: View) -> Move:
        gains = placement_gains(view)
        return parse_move(f"place {cell_name(max(gains, key=gains.__getitem__))}")

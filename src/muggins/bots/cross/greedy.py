"""The Cross Cribbage bot that makes the move gaining its side most now (``strategy.cross``)."""

from __future__ import annotations

from muggins.bots.base import View
from muggins.games.moves import READY, Move, parse_move
from muggins.strategy.cross.placement import move_gains


class GreedyBot:
    """Lays the turned card where it adds most to its side's line less what it adds to the other
    side's, or throws it when the crib is worth more; ties go to the first such move, so the bot is
    deterministic. Between deals it says ready."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # a bot is made from a seed; this one draws nothing at random

    def choose(self, view: View) -> Move:
        if view["phase"] != "lay":
            return READY
        gains = move_gains(view)
        return parse_move(max(gains, key=gains.__getitem__))

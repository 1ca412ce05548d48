"""Cribist, the cribbage and whist fusion for four; ``GAME`` is the class the registry creates."""

from muggins.games.cribist.game import Cribist

GAME = Cribist

__all__ = ["GAME", "Cribist"]

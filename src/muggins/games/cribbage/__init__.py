"""Cribbage in all its common forms; ``GAME`` is the class the registry creates."""

from muggins.games.cribbage.game import Cribbage

GAME = Cribbage

__all__ = ["GAME", "Cribbage"]

"""Skalborg, the cribbage and poker fusion; ``GAME`` is the class the registry creates."""

from muggins.games.skalborg.game import Skalborg

GAME = Skalborg

__all__ = ["GAME", "Skalborg"]

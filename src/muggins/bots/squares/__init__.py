"""Cribbage Squares bots: ``expected`` (``random`` is the generic baseline)."""

from muggins.bots.base import BotFactory
from muggins.bots.squares.placer import ExpectedBot

BOTS: dict[str, BotFactory] = {"expected": ExpectedBot}

__all__ = ["BOTS", "ExpectedBot"]

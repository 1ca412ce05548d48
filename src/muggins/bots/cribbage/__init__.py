"""Cribbage bots: ``greedy`` and ``expert`` (``random`` is the generic baseline)."""

from muggins.bots.base import BotFactory
from muggins.bots.cribbage.players import ExpertBot, GreedyBot

BOTS: dict[str, BotFactory] = {"greedy": GreedyBot, "expert": ExpertBot}

__all__ = ["BOTS", "ExpertBot", "GreedyBot"]

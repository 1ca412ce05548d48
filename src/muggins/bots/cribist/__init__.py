"""Cribist bots: ``greedy``, ``expert`` (``random`` is the generic baseline)."""

from muggins.bots.base import BotFactory
from muggins.bots.cribist.players import ExpertBot, GreedyBot

BOTS: dict[str, BotFactory] = {"greedy": GreedyBot, "expert": ExpertBot}

__all__ = ["BOTS", "ExpertBot", "GreedyBot"]

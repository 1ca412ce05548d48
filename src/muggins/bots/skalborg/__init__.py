"""Skalborg bots: ``station``, ``greedy``, ``expert`` (``random`` is the generic baseline)."""

from muggins.bots.base import BotFactory
from muggins.bots.skalborg.players import CallingStation, ExpertBot, GreedyBot

BOTS: dict[str, BotFactory] = {"station": CallingStation, "greedy": GreedyBot, "expert": ExpertBot}

__all__ = ["BOTS", "CallingStation", "ExpertBot", "GreedyBot"]

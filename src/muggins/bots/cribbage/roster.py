"""The cribbage bots by name (``NAMES`` lists them without loading this)."""

from muggins.bots.base import BotFactory
from muggins.bots.cribbage.players import ExpertBot, GreedyBot, quick_expert
from muggins.bots.levels import ladder

LEVELS = ladder(lambda seed, slips: ExpertBot(seed, slips=slips), phases=("discard", "play"))

BOTS: dict[str, BotFactory] = {
    "beginner": LEVELS["beginner"],
    "novice": LEVELS["novice"],
    "greedy": GreedyBot,
    "regular": LEVELS["regular"],
    "club": LEVELS["club"],
    "quick": quick_expert,
    "expert": ExpertBot,
}

__all__ = ["BOTS", "ExpertBot", "GreedyBot"]

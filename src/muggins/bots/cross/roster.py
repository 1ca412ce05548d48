"""The Cross Cribbage bots by name (``NAMES`` lists them without loading this)."""

from muggins.bots.base import BotFactory
from muggins.bots.cross.greedy import GreedyBot
from muggins.bots.levels import ladder

LEVELS = ladder(lambda seed, slips: GreedyBot(seed))  # nothing counted by hand: no slips

BOTS: dict[str, BotFactory] = {
    "beginner": LEVELS["beginner"],
    "novice": LEVELS["novice"],
    "regular": LEVELS["regular"],
    "club": LEVELS["club"],
    "greedy": GreedyBot,
}

__all__ = ["BOTS", "GreedyBot"]

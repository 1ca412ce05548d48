"""The cribist bots by name (``NAMES`` lists them without loading this)."""

from muggins.bots.base import BotFactory
from muggins.bots.cribist.players import ExpertBot, GreedyBot
from muggins.bots.levels import ladder

LEVELS = ladder(lambda seed, slips: ExpertBot(seed, slips=slips), phases=("play",))

BOTS: dict[str, BotFactory] = {
    "beginner": LEVELS["beginner"],
    "novice": LEVELS["novice"],
    "regular": LEVELS["regular"],
    "greedy": GreedyBot,
    "club": LEVELS["club"],
    "expert": ExpertBot,
}

__all__ = ["BOTS", "ExpertBot", "GreedyBot"]

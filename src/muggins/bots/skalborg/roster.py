"""The skalborg bots by name (``NAMES`` lists them without loading this)."""

from muggins.bots.base import BotFactory
from muggins.bots.levels import ladder
from muggins.bots.skalborg.players import CallingStation, ExpertBot, GreedyBot

LEVELS = ladder(lambda seed, slips: ExpertBot(seed))  # its count is not by hand: no slips

BOTS: dict[str, BotFactory] = {
    "station": CallingStation,
    "beginner": LEVELS["beginner"],
    "novice": LEVELS["novice"],
    "regular": LEVELS["regular"],
    "greedy": GreedyBot,
    "club": LEVELS["club"],
    "expert": ExpertBot,
}

__all__ = ["BOTS", "CallingStation", "ExpertBot", "GreedyBot"]

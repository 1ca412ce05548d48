"""The squares bots by name (``NAMES`` lists them without loading this)."""

from muggins.bots.base import BotFactory
from muggins.bots.levels import ladder
from muggins.bots.squares.placer import ExpectedBot

LEVELS = ladder(lambda seed, slips: ExpectedBot(seed))  # nothing counted by hand: no slips

BOTS: dict[str, BotFactory] = {
    "beginner": LEVELS["beginner"],
    "novice": LEVELS["novice"],
    "regular": LEVELS["regular"],
    "club": LEVELS["club"],
    "expected": ExpectedBot,
}

__all__ = ["BOTS", "ExpectedBot"]

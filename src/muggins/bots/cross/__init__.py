"""Cross Cribbage bots: the levels of the ladder and ``greedy`` (``random`` is the generic
baseline), weakest first. The bots themselves are in ``roster``, loaded on first use."""

from muggins.bots.registry import lazy_roster

NAMES = ("beginner", "novice", "regular", "club", "greedy")
"""The names of ``roster.BOTS``, in its order: listed without loading the bots."""

__getattr__ = lazy_roster(__name__)

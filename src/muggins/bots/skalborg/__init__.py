"""Skalborg bots: ``station``, ``greedy``, the levels of the ladder and ``expert`` (``random`` is
the generic baseline), weakest first by their measured ratings (``muggins.bots.ratings``).
The bots themselves are in ``roster``, loaded on first use."""

from muggins.bots.registry import lazy_roster

NAMES = ("station", "beginner", "novice", "regular", "greedy", "club", "expert")
"""The names of ``roster.BOTS``, in its order: listed without loading the bots."""

__getattr__ = lazy_roster(__name__)

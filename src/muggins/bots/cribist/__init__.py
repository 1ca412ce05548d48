"""Cribist bots: ``greedy``, the levels of the ladder and ``expert`` (``random`` is the generic
baseline), weakest first by their measured ratings (``muggins.bots.ratings``).
The bots themselves are in ``roster``, loaded on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from muggins.bots.base import BotFactory


NAMES = ("beginner", "novice", "regular", "greedy", "club", "expert")
"""The names of ``roster.BOTS``, in its order: listed without loading the bots."""


def __getattr__(name: str) -> dict[str, BotFactory]:
    """``BOTS``, loaded from ``roster`` when first asked for."""
    if name == "BOTS":
        from muggins.bots.cribist.roster import BOTS

        return BOTS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

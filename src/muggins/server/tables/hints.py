"""Hints at a table: refused where the decision tests the player (counting by hand), else the
advice of ``muggins.analysis.hints`` (the expert bot's move with its reason and figures)."""

from __future__ import annotations

from muggins.analysis.hints import Advice, hint
from muggins.games.base import Game

__all__ = ["COUNTING_IS_YOURS", "Advice", "hint", "refusal"]

COUNTING_IS_YOURS = (
    "counting is yours at this table: a hint would count for you, so none is given while you "
    "claim points or judge another's claim"
)
"""Why a seat counting by hand gets no hint: the same words whatever the cards, so the refusal
itself tells nothing about the count."""


def refusal(game: Game, seat: int) -> str | None:
    """Why ``seat`` may not have a hint now, or None: a decision that tests the player (a claim or
    a muggins window under manual counting) is never answered for them."""
    if seat not in game.to_move:
        return "it is not your turn: a hint is for a move you have to make"
    if game.counts_by_hand(seat):
        return COUNTING_IS_YOURS
    return None

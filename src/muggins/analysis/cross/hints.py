"""Cross Cribbage hints (``muggins.analysis.hints``): the cells the turned card may go on and the
crib, each with what it gains the player's side now: its own line's gain less the other side's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from muggins.analysis.hints import Advice
from muggins.games.moves import Move
from muggins.strategy.cross.placement import move_gains

SHOWN = 4
"""The best moves listed in the figures."""


def advise(view: Mapping[str, Any], move: Move) -> Advice | None:
    """Why the chosen move, and the figures of the best few."""
    if view.get("card") is None:
        return None
    gains = move_gains(view)
    chosen = str(move)
    if chosen not in gains:
        return None
    mine = view["counts"][view["you"]]
    if chosen == "throw":
        reason = f"{view['card']} to the crib is worth about {gains[chosen]:+.1f} to your side"
    else:
        cell = chosen.removeprefix("lay ")
        gain = gains[chosen]
        reason = f"{view['card']} on {cell} gains your {mine} about {gain:+.1f}, net of the other side"
    best = sorted(gains, key=lambda text: -gains[text])[:SHOWN]
    return Advice(chosen, reason, [f"{text}: {gains[text]:+.1f}" for text in best])

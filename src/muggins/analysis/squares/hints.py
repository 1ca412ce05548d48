"""Cribbage Squares hints (``muggins.analysis.hints``): the cells the turned card may go on, each
with the points it is expected to add to its row and column over the starters still unseen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from muggins.analysis.hints import Advice
from muggins.games.moves import Move
from muggins.scoring.squares.grid import cell_index, cell_name
from muggins.strategy.squares.placement import LINES_OF, placement_gains

SHOWN = 4
"""The best cells listed in the figures."""


def advise(view: Mapping[str, Any], move: Move) -> Advice | None:
    """Why the chosen cell, and the figures of the best few."""
    chosen = cell_index(str(move).removeprefix("place "))
    if chosen is None:
        return None
    gains = placement_gains(view)
    if chosen not in gains:
        return None
    lines = " and ".join(name for name, _ in LINES_OF[chosen])
    reason = f"{view['card']} on {cell_name(chosen)} adds about {gains[chosen]:.1f} points to {lines}"
    best = sorted(gains, key=lambda index: -gains[index])[:SHOWN]
    return Advice(str(move), reason, [f"{cell_name(index)}: {gains[index]:+.1f} expected" for index in best])

"""Board position near the end of a game: reaching the target this deal matters more than points
beyond it, so the expert trades expected points for the chance of going out.

The pone counts first, then the dealer; pegging comes before both. The estimate adds the pegging a
seat typically makes (the expert self-play averages) to the exact hand total for each starter.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from muggins.strategy.cribbage.reading import Seat

REACH = 36
"""Points needed at or below which a hand might go out this deal (hand, crib and pegging)."""
PEGGING = {True: 3.5, False: 2.0}
"""Typical pegging per deal for the dealer (True) and a pone (False), from expert self-play."""
OUT_WORTH = 30.0
"""Expected points a certain go-out is worth against the points-only valuation."""


def points_needed(seat: Seat) -> int | None:
    """Points my side needs to win, when that is within this deal's reach; else None."""
    need = seat.target - seat.scores[seat.me]
    return need if need <= REACH else None


def go_out_value(
    seat: Seat,
    need: int,
    points: npt.NDArray[np.int16],
    crib: Sequence[float],
    values: Sequence[float],
) -> list[float]:
    """Each choice's value: its expected points plus ``OUT_WORTH`` times its chance to go out, where
    ``points`` holds each kept hand's total per starter and ``crib`` each throw's crib worth to me."""
    dealer = seat.dealer == seat.me
    base = PEGGING[dealer] + (np.asarray(crib) if seat.crib_is_mine and dealer else 0.0)
    chance = (points + np.reshape(base, (-1, 1)) >= need).mean(axis=1)
    return [v + OUT_WORTH * float(c) for v, c in zip(values, chance.tolist(), strict=True)]

"""Board position near the end of a game: reaching the target this deal matters more than points
beyond it, so the expert trades expected points for the chance of winning.

The expert's estimate is the chance of going out this deal: the pegging a seat typically makes
(the expert self-play averages) added to the exact hand total for each starter. Asked to (two
players racing to 121), it values each discard by its chance to win the game instead
(``strategy.cribbage.winchance``): the kept hand's exact show over every starter, the crib its
throw makes and the usual play and other show, then the chances of the deals after.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from muggins.strategy.cribbage.reading import Seat
from muggins.strategy.cribbage.winchance import TARGET, Distribution, WinChance

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


def racing(seat: Seat) -> bool:
    """Whether the win chances apply: two players racing to 121, either of them within reach."""
    if seat.players != 2 or len(seat.active) != 2 or seat.target != TARGET:
        return False
    return TARGET - max(seat.scores) <= REACH


def win_chances(
    seat: Seat,
    chances: WinChance,
    points: npt.NDArray[np.int16],
    cribs: Sequence[float],
    plays: Sequence[float],
) -> list[float]:
    """Each choice's chance to win the game, where ``points`` holds each kept hand's total per
    starter, ``cribs`` each throw's expected crib (the dealer's, whoever's seat I am) and ``plays``
    each kept hand's play worth (my pegging margin). What a hand pegs beyond the usual margin is
    counted with its show: later than it comes, a small error next to leaving it out."""
    other = 1 - seat.me
    dealing = seat.dealer == seat.me
    mine, theirs = seat.scores[seat.me], seat.scores[other]
    mean_crib, usual = chances.mean_crib, chances.dealer_margin
    shows: list[tuple[Distribution, Distribution]] = []
    for row, crib, play in zip(points, cribs, plays, strict=True):
        values, counts = np.unique(row, return_counts=True)
        hand = dict(zip(values.tolist(), (counts / counts.sum()).tolist(), strict=True))
        if dealing:
            crib_made = shifted(chances.crib, crib - mean_crib + (play - usual if play else 0.0))
            shows.append((chances.pone_show, added(hand, crib_made)))
        else:
            pone_show = shifted(hand, play + usual) if play else hand
            shows.append((pone_show, shifted(chances.dealer_show, crib - mean_crib)))
    if dealing:
        return chances.deal_chances(mine, theirs, shows)
    return [1.0 - chance for chance in chances.deal_chances(theirs, mine, shows)]


def shifted(distribution: Distribution, by: float) -> dict[int, float]:
    """``distribution`` moved by ``by`` points (a fraction splits each chance between the two
    nearest whole points, so the mean moves by exactly ``by``; nothing goes below 0)."""
    whole = int(np.floor(by))
    part = by - whole
    moved: dict[int, float] = {}
    for points, q in distribution.items():
        for to, share in ((points + whole, 1.0 - part), (points + whole + 1, part)):
            if share:
                moved[max(0, to)] = moved.get(max(0, to), 0.0) + q * share
    return moved


def added(first: Distribution, second: Distribution) -> dict[int, float]:
    """The distribution of the sum of two independent scores."""
    total: dict[int, float] = {}
    for a, p in first.items():
        for b, q in second.items():
            total[a + b] = total.get(a + b, 0.0) + p * q
    return total


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

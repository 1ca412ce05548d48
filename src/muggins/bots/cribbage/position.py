"""Board position near the end of a game: reaching the target this deal matters more than points
beyond it, so the expert trades expected points for the chance of winning.

The expert's estimate is the chance of going out this deal: the pegging a seat typically makes
(the expert self-play averages) added to the exact hand total for each starter. Asked to (two
players racing to 121), it values each discard by its chance to win the game instead
(``strategy.cribbage.winchance``): the kept hand's exact show over every starter, the crib its
throw makes and the usual play and other show, then the chances of the deals after.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from muggins.strategy.cribbage.keeps import shares_reaching
from muggins.strategy.cribbage.reading import Seat
from muggins.strategy.cribbage.winchance import TARGET, WinChance, by_points

REACH: Final = 36
"""Points needed at or below which a hand might go out this deal (hand, crib and pegging)."""
PEGGING: Final[dict[bool, float]] = {True: 3.5, False: 2.0}
"""Typical pegging per deal for the dealer (True) and a pone (False), from expert self-play."""
OUT_WORTH: Final = 30.0
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
    counts: Sequence[Sequence[int]],
    cribs: Sequence[float],
    plays: Sequence[float],
) -> list[float]:
    """Each choice's chance to win the game, where ``counts`` holds for each kept hand how many
    starters give its show each total (``keeps.show_counts``), ``cribs`` each throw's expected crib
    (the dealer's, whoever's seat I am) and ``plays`` each kept hand's play worth (my pegging
    margin). What a hand pegs beyond the usual margin is counted with its show: later than it comes,
    a small error next to leaving it out."""
    other = 1 - seat.me
    dealing = seat.dealer == seat.me
    mine, theirs = seat.scores[seat.me], seat.scores[other]
    mean_crib, usual = chances.mean_crib, chances.dealer_margin
    # each kept hand's show over the starters, as rows of chances by points
    hands = _shares(sum(counts[0]))[np.asarray(counts)]
    crib_by = np.asarray(cribs) - mean_crib
    play_by = np.asarray(plays)
    if dealing:
        moved = crib_by + np.where(play_by != 0.0, play_by - usual, 0.0)
        crib_made = shifted(by_points(chances.crib), moved)
        dealer_shows = np.stack(
            [np.convolve(hand, crib) for hand, crib in zip(hands, crib_made, strict=True)]
        )
        pone_shows = by_points(chances.pone_show)[None, :]
        return chances.deal_chances(mine, theirs, pone_shows, dealer_shows)
    pone_shows = shifted(hands, np.where(play_by != 0.0, play_by + usual, 0.0))
    dealer_shows = shifted(by_points(chances.dealer_show), crib_by)
    return [1.0 - chance for chance in chances.deal_chances(theirs, mine, pone_shows, dealer_shows)]


@functools.cache
def _shares(starters: int) -> npt.NDArray[np.float64]:
    """By count, ``1 / starters`` added up that many times one by one: a share of the starters to
    the last bit as a starter at a time makes it."""
    found = [0.0]
    for _ in range(starters):
        found.append(found[-1] + 1.0 / starters)
    return np.array(found)


def shifted(rows: npt.NDArray[np.float64], by: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Each row of chances by points (one row: the same for each ``by``) moved by its own ``by``
    points (a fraction splits each chance between the two nearest whole points, so the mean moves by
    exactly ``by``; nothing goes below 0)."""
    rows = np.broadcast_to(rows, (len(by), rows.shape[-1]))
    whole = np.floor(by).astype(np.int64)
    part = by - whole
    width = rows.shape[1] + max(0, int(whole.max()) + 1)
    moved = np.zeros((len(rows), width))
    at = np.arange(rows.shape[1])[None, :] + whole[:, None]
    line = np.arange(len(rows))[:, None]
    np.add.at(moved, (line, np.maximum(at, 0)), rows * (1.0 - part)[:, None])
    np.add.at(moved, (line, np.maximum(at + 1, 0)), rows * part[:, None])
    return moved


def go_out_value(
    seat: Seat, need: int, keep: int, crib: Sequence[float], values: Sequence[float]
) -> list[float]:
    """Each choice's value: its expected points plus ``OUT_WORTH`` times its chance to go out with
    the ``keep`` cards it keeps of the seat's hand (over every starter), where ``crib`` holds each
    throw's crib worth to me."""
    dealer = seat.dealer == seat.me
    usual = PEGGING[dealer]
    bases = [usual + c for c in crib] if seat.crib_is_mine and dealer else [usual] * len(crib)
    chances = shares_reaching(seat.hand, keep, need, bases)
    return [v + OUT_WORTH * c for v, c in zip(values, chances, strict=True)]

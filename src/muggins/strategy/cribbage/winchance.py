"""The chance to win a two-player game from any score, the race to 121 played out deal by deal.

A deal is taken in the order its points come: the play (both sides peg: a joint distribution of
the dealer's and the pone's pegging, his heels with the dealer's), then the pone's show, then the
dealer's hand and crib. Whoever reaches the target first wins; should both pass it in one play, the
pone is taken to have got there first (the pone lays first; it is rare). The distributions are
expert self-play's, and ``dealer_wins[a][b]`` (the dealer on ``a`` points, the pone on ``b``, as a
deal starts) follows from them exactly, by working back from the target: the position charts of
the game's strategy books, computed.

``deal_chance`` does the same for one deal with distributions of its own, and ``deal_chances`` for
several at once (the expert's discard near the end of a game passes each kept hand's exact show over
every starter).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from muggins.shipped import packed, unpacked

CHANCE_FILE = "win_chance.json"
TABLE_FILE = "win_chance_table.zlib"
"""The shipped chances' ``dealer_wins``, worked out from ``CHANCE_FILE`` (0.12 s of CPU in every
process that played near 121): 121 x 121 little-endian doubles, zlib-compressed, read in 4 ms."""
TARGET = 121
Distribution = Mapping[int, float]
"""Points -> probability."""
Joint = Mapping[tuple[int, int], float]
"""(dealer's points, pone's points) -> probability."""


class WinChanceError(ValueError):
    """Win chance data of the wrong shape."""


@dataclass(frozen=True, slots=True, eq=False)
class WinChance:
    """The stage distributions of a deal and the dealer's chance to win from every score."""

    pegging: Joint
    pone_show: Distribution
    dealer_show: Distribution
    crib: Distribution
    """The crib alone (part of ``dealer_show``): a discard with a crib of its own shifts it."""
    dealer_wins: npt.NDArray[np.float64]
    """``[a, b]``: the dealer's chance on ``a`` against the pone's ``b`` (both below the target)."""
    meta: dict[str, Any]
    plays: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]
    """``pegging`` as columns (the dealer's points, the pone's, the chance), as the sums take it."""

    @property
    def mean_crib(self) -> float:
        """The crib's usual points."""
        return sum(k * q for k, q in self.crib.items())

    @property
    def dealer_margin(self) -> float:
        """What the dealer usually pegs more than the pone."""
        dealer, pone, chance = self.plays
        return float((dealer - pone) @ chance)

    def chance(self, mine: int, theirs: int, dealing: bool) -> float:
        """My chance to win as a deal starts, with ``mine`` points against ``theirs``."""
        if mine >= TARGET or theirs >= TARGET:
            return 1.0 if mine >= TARGET else 0.0
        if dealing:
            return float(self.dealer_wins[mine, theirs])
        return 1.0 - float(self.dealer_wins[theirs, mine])

    def deal_chance(
        self,
        dealer: int,
        pone: int,
        *,
        pone_show: Distribution | None = None,
        dealer_show: Distribution | None = None,
    ) -> float:
        """The dealer's chance to win the game from ``dealer`` against ``pone`` as this deal
        starts, with this deal's shows as given (else the usual ones)."""
        shows = [pone_show or self.pone_show, dealer_show or self.dealer_show]
        return self.deal_chances(dealer, pone, *(by_points(show)[None, :] for show in shows))[0]

    def deal_chances(
        self,
        dealer: int,
        pone: int,
        pone_shows: npt.NDArray[np.float64],
        dealer_shows: npt.NDArray[np.float64],
    ) -> list[float]:
        """``deal_chance`` for each choice of one discard, its shows given as rows of chances by
        points (a single row stands for every choice), the deal's later stages worked out once."""
        return _deal_chances(self.plays, pone_shows, dealer_shows, self.dealer_wins, (dealer, pone))

    def to_json(self) -> dict[str, Any]:
        return {
            "meta": self.meta,
            "pegging": [[d, p, q] for (d, p), q in sorted(self.pegging.items())],
            "pone_show": _listed(self.pone_show),
            "dealer_show": _listed(self.dealer_show),
            "crib": _listed(self.crib),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], dealer_wins: npt.NDArray[np.float64] | None = None) -> WinChance:
        """The chances from their stages as ``to_json`` writes them; ``dealer_wins``, where given,
        is taken as what they work out to (the shipped table) rather than worked out again."""
        try:
            pegging = {(int(d), int(p)): float(q) for d, p, q in data["pegging"]}
            pone, dealer, crib = (
                {int(k): float(q) for k, q in data[name]} for name in ("pone_show", "dealer_show", "crib")
            )
        except (KeyError, TypeError, ValueError) as e:
            raise WinChanceError(f"win chance data is malformed: {e}") from None
        return cls.build(pegging, pone, dealer, crib, dict(data.get("meta", {})), dealer_wins=dealer_wins)

    @classmethod
    def build(
        cls,
        pegging: Joint,
        pone_show: Distribution,
        dealer_show: Distribution,
        crib: Distribution,
        meta: dict[str, Any] | None = None,
        *,
        dealer_wins: npt.NDArray[np.float64] | None = None,
    ) -> WinChance:
        """The chances from the stage distributions (each normalised; at least one point a play),
        with ``dealer_wins`` worked out from them unless given."""
        pegging, pone_show, dealer_show, crib = (
            _normalised(d) for d in (pegging, pone_show, dealer_show, crib)
        )
        if any(d + p < 1 for d, p in pegging):
            raise WinChanceError("every play scores at least the last card's point")
        plays = _columns(pegging)
        return cls(
            pegging,
            pone_show,
            dealer_show,
            crib,
            _dealer_wins(plays, pone_show, dealer_show) if dealer_wins is None else dealer_wins,
            meta or {},
            plays,
        )


def _columns(
    pegging: Joint,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    dealer, pone = np.array(list(pegging), dtype=np.int64).reshape(-1, 2).T
    return dealer, pone, np.array(list(pegging.values()), dtype=np.float64)


def _listed(distribution: Distribution) -> list[list[float]]:
    return [[k, q] for k, q in sorted(distribution.items())]


def _normalised(distribution: Mapping[Any, float]) -> dict[Any, float]:
    total = sum(distribution.values())
    if total <= 0 or any(q < 0 for q in distribution.values()):
        raise WinChanceError("a distribution needs non-negative chances that add up to more than 0")
    return {k: q / total for k, q in distribution.items() if q > 0}


def _dealer_wins(
    plays: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]],
    pone_show: Distribution,
    dealer_show: Distribution,
) -> npt.NDArray[np.float64]:
    """The dealer's chance from every score, worked back from the target a diagonal (a total of
    both scores) at a time: a deal adds at least a point, so each diagonal needs only higher ones.
    Beside it, the chance after the play (``pegged``) and after the pone's show (``shown``)."""
    wins, pegged, shown = (np.zeros((TARGET, TARGET)) for _ in range(3))
    last = TARGET - 1
    d, p, q_peg = plays
    s, q_deal = np.array(list(dealer_show)), np.array(list(dealer_show.values()))
    h, q_pone = np.array(list(pone_show)), np.array(list(pone_show.values()))
    for total in range(2 * last, -1, -1):
        a = np.arange(max(0, total - last), min(last, total) + 1)[:, None]
        b = total - a
        x, y = a + d, b + p  # the play: the pone reaching the target first wins
        after = np.where(x >= TARGET, 1.0, pegged[np.minimum(x, last), np.minimum(y, last)])
        wins[a[:, 0], b[:, 0]] = np.where(y >= TARGET, 0.0, after) @ q_peg
        x = a + s  # the dealer's show; then the pone deals
        shown[a[:, 0], b[:, 0]] = np.where(x >= TARGET, 1.0, 1.0 - wins[b, np.minimum(x, last)]) @ q_deal
        y = b + h  # the pone's show comes first
        pegged[a[:, 0], b[:, 0]] = np.where(y >= TARGET, 0.0, shown[a, np.minimum(y, last)]) @ q_pone
    return np.clip(wins, 0.0, 1.0)  # sums of chances stray from [0, 1] by rounding only


def _deal_chances(
    plays: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]],
    pone_chance: npt.NDArray[np.float64],
    dealer_chance: npt.NDArray[np.float64],
    wins: npt.NDArray[np.float64],
    scores: tuple[int, int],
) -> list[float]:
    """The dealer's chance from ``scores`` (the dealer's, the pone's) over one deal's stages, then
    ``wins``, for each choice's row of pone's and dealer's show chances by points (one row of
    either: the same for every choice): what follows every play and every pair of show totals is
    worked out once (one numpy pass), then weighed by each choice's chances."""
    last = TARGET - 1
    d, p, q = plays
    choices = max(len(pone_chance), len(dealer_chance))
    pone_chance = np.broadcast_to(pone_chance, (choices, pone_chance.shape[1]))
    dealer_chance = np.broadcast_to(dealer_chance, (choices, dealer_chance.shape[1]))
    shown, dealt = pone_chance.shape[1], dealer_chance.shape[1]
    x, y = scores[0] + d, scores[1] + p  # after the play; the pone reaching the target first wins
    # What follows each pair of scores after both shows (the pone's first), on the smallest grid
    # that holds them all: rows the pone's score, columns the dealer's.
    ys = np.arange(y.min(), y.max() + shown)
    xs = np.arange(x.min(), x.max() + dealt)
    later = np.where(
        ys[:, None] >= TARGET,
        0.0,
        np.where(xs >= TARGET, 1.0, 1.0 - wins[np.minimum(ys, last)[:, None], np.minimum(xs, last)]),
    )
    # Weighed by each choice's dealer's show, from every score the play can leave the dealer on.
    dealer_after, column = np.unique(x, return_inverse=True)
    windows = np.lib.stride_tricks.sliding_window_view(later, dealt, axis=1)[:, dealer_after - x.min()]
    by_dealer = windows @ dealer_chance.T  # pone's score, dealer's after the play, choice
    # ... then by each choice's pone's show, from every score the play can leave the pone on (a
    # window down the rows, each score once), and read for each play.
    downs = np.lib.stride_tricks.sliding_window_view(by_dealer, shown, axis=0)
    by_pone = np.einsum("rjca,ca->rjc", downs, pone_chance)  # pone's, dealer's after the play, choice
    after_play = by_pone[y - y.min(), column].T
    after = np.where(y >= TARGET, 0.0, np.where(x >= TARGET, 1.0, after_play))
    chances: list[float] = (after @ q).tolist()
    return chances


def by_points(distribution: Distribution) -> npt.NDArray[np.float64]:
    """A distribution as chances by points, from no points to its most."""
    found = np.zeros(1 + max(distribution))
    found[list(distribution)] = list(distribution.values())
    return found


def packed_wins(table: npt.NDArray[np.float64]) -> bytes:
    """``dealer_wins`` as ``TABLE_FILE`` holds it."""
    return packed(table, "<f8")


def unpacked_wins(data: bytes) -> npt.NDArray[np.float64]:
    """``dealer_wins`` from the bytes of ``TABLE_FILE``; ``PackedTableError`` if they are not one."""
    table: npt.NDArray[np.float64] = unpacked(data, "<f8", TARGET * TARGET, TABLE_FILE)
    return table.reshape(TARGET, TARGET)


@functools.cache
def shipped_win_chance() -> WinChance:
    """The chances shipped with muggins: the stages and the table they work out to, read as shipped."""
    data = resources.files("muggins.data")
    wins = unpacked_wins(data.joinpath(TABLE_FILE).read_bytes())
    text = data.joinpath(CHANCE_FILE).read_text(encoding="utf-8")
    return WinChance.from_json(json.loads(text), wins)

"""Every way to keep cards from a deal, scored exactly against every possible starter at once.

One numpy pass gives a (choices x starters) matrix of show totals from the rank tables of
``muggins.scoring.fast`` (fifteens, pairs, runs) plus flush and nobs: the expert's discards,
the analyzer's distributions and the crib tables all read their expectations from it.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from muggins.cards import JACK, Card
from muggins.games.cribbage.game import MAX_CLAIM
from muggins.scoring.fast import RANK_TABLE_FILES, RANKS, counted_points, rank_bytes, rank_table

ALL_INDICES = np.arange(52)
MOST_SHOW: Final = max(MAX_CLAIM)
"""The most a show makes (72, a hand of six with the starter; 29 with four, 46 with five)."""


def starter_ranks_points(ranks: Sequence[int]) -> Sequence[int]:
    """Fifteens, pairs and runs of the cards of ``ranks`` (0 = ace ... 12 = king) with a starter of
    each rank in turn: a slice of the shipped rank table where there is one (hands of three or four),
    else counted (the five and six kept in seven- and eight-card cribbage)."""
    if len(ranks) + 1 not in RANK_TABLE_FILES:
        return [counted_points([*ranks, rank]) for rank in range(RANKS)]
    key = 0
    for rank in ranks:
        key = key * RANKS + rank
    key *= RANKS
    return rank_bytes(len(ranks) + 1)[key : key + RANKS]


@functools.cache
def choices(dealt: int, keep: int) -> npt.NDArray[np.intp]:
    """Positions of every way to keep ``keep`` of ``dealt`` cards, in ``itertools.combinations`` order."""
    return np.array(list(itertools.combinations(range(dealt), keep)), dtype=np.intp).reshape(-1, keep)


@dataclass(frozen=True, slots=True)
class KeepMatrix:
    """Show totals of every kept hand (rows, as positions in the deal) with every starter (columns)."""

    dealt: tuple[Card, ...]
    rows: npt.NDArray[np.intp]
    starters: npt.NDArray[np.intp]
    points: npt.NDArray[np.int16]

    @property
    def means(self) -> npt.NDArray[np.float64]:
        """Each kept hand's expected show over the possible starters, equally likely."""
        means: npt.NDArray[np.float64] = self.points.mean(axis=1)
        return means

    def kept(self, row: int) -> tuple[Card, ...]:
        """The cards kept by choice ``row``."""
        return tuple(self.dealt[i] for i in self.rows[row])

    def thrown(self, row: int) -> tuple[Card, ...]:
        """The cards of the deal that choice ``row`` does not keep."""
        keep = set(self.rows[row].tolist())
        return tuple(card for i, card in enumerate(self.dealt) if i not in keep)


def keep_matrix(
    dealt: Sequence[Card], keep: int, *, crib: bool = False, seen: Sequence[Card] = ()
) -> KeepMatrix:
    """Score every ``keep``-card subset of ``dealt`` with every starter not in ``dealt`` or ``seen``.

    ``crib`` scores under crib rules (a flush needs the starter too). Callers pass distinct
    standard cards; the analyzer checks user input before calling.
    """
    dealt = tuple(dealt)
    index = np.array([card.index for card in dealt], dtype=np.intp)
    rows = choices(len(dealt), keep)
    left = np.ones(len(ALL_INDICES), dtype=np.bool_)
    left[[*index.tolist(), *(card.index for card in seen)]] = False
    starters = ALL_INDICES[left]  # ascending, as the cards not dealt or seen
    return KeepMatrix(dealt, rows, starters, hands_points(index[rows], starters, crib=crib))


def hands_points(
    hands: npt.NDArray[np.intp], starters: npt.NDArray[np.intp], *, crib: bool = False
) -> npt.NDArray[np.int16]:
    """Show totals of each hand (rows of card indices, 3 to 6 cards) with each starter: (hands x starters)."""
    size = hands.shape[1]
    ranks = hands % RANKS
    suits = hands // RANKS
    key = np.zeros(len(hands), dtype=np.intp)
    for place in range(size):
        key = key * RANKS + ranks[:, place]
    starter_rank = starters % RANKS
    starter_suit = starters // RANKS
    points: npt.NDArray[np.int16]
    if size + 1 in RANK_TABLE_FILES:
        points = rank_table(size + 1)[key[:, None] * RANKS + starter_rank[None, :]].astype(np.int16)
    else:  # no table for hands of five or six: each hand's row over the thirteen starter ranks
        by_rank = np.array([starter_ranks_points(row) for row in ranks.tolist()], dtype=np.int16)
        points = by_rank[:, starter_rank]
    flush = (suits == suits[:, :1]).all(axis=1)
    five = flush[:, None] & (suits[:, :1] == starter_suit[None, :])
    points += five * (size + 1)
    if not crib:
        points += ((flush[:, None] & ~five) * size).astype(np.int16)
    jacks = np.zeros((len(hands), 4), dtype=np.bool_)
    for place in range(size):
        is_jack = ranks[:, place] == JACK - 1
        jacks[np.flatnonzero(is_jack), suits[is_jack, place]] = True
    points += jacks[:, starter_suit]
    return points


def keep_means(
    dealt: Sequence[Card], keep: int, *, crib: bool = False, seen: Sequence[Card] = ()
) -> list[float]:
    """Each ``keep``-card subset's expected show over the starters not in ``dealt`` or ``seen``,
    in ``choices`` order; equal to ``keep_matrix(...).means``.

    Fifteens, pairs and runs depend only on the starter's rank, so each kept hand needs one
    table lookup per rank (weighted by how many starters of that rank are left), and flush and
    nobs are counted from how many starters of each suit are left: a bot's discard in microseconds.
    """
    rank_left = [4] * RANKS
    suit_left = [RANKS] * 4
    for card in (*dealt, *seen):
        rank_left[card.rank - 1] -= 1
        suit_left[card.suit or 0] -= 1
    starters = sum(rank_left)
    means = []
    for row in itertools.combinations(dealt, keep):
        total = sum(map(operator.mul, rank_left, starter_ranks_points([card.rank - 1 for card in row])))
        suit = row[0].suit
        if all(card.suit == suit for card in row):
            left = suit_left[suit or 0]
            total += left * (keep + 1) if crib else left + starters * keep
        for card in row:
            if card.rank == JACK:
                total += suit_left[card.suit or 0]
        means.append(total / starters)
    return means


def show_counts(dealt: Sequence[Card], keep: int) -> list[list[int]]:
    """For each ``keep``-card subset of ``dealt`` (in ``choices`` order), how many of the starters
    not dealt give its show each total, from none to the most any subset makes: a row of
    ``keep_matrix(dealt, keep).points`` counted by value, without numpy (a bot's discard near the
    end of a game). Fifteens, pairs and runs go by the starter's rank alone, so a subset with no
    flush and no jack counts each rank's starters at once; the others go starter by starter."""
    dealt_at = {card.index for card in dealt}
    suits_left: list[list[int]] = [[] for _ in range(RANKS)]  # by starter rank, the suits not dealt
    for i in range(len(ALL_INDICES)):
        if i not in dealt_at:
            suits_left[i % RANKS].append(i // RANKS)
    rows: list[list[int]] = []
    most = 0
    for row in itertools.combinations(dealt, keep):
        by_rank = starter_ranks_points([card.index % RANKS for card in row])
        suit = row[0].index // RANKS
        flush = all(card.index // RANKS == suit for card in row)
        nobs = 0  # the suits of the jacks kept, as bits
        for card in row:
            if card.index % RANKS == JACK - 1:
                nobs |= 1 << card.index // RANKS
        counts = [0] * (MOST_SHOW + 1)
        for rank in range(RANKS):
            suits = suits_left[rank]
            if not suits:
                continue
            base = by_rank[rank]
            if not flush and not nobs:
                counts[base] += len(suits)
                most = max(most, base)
                continue
            for starter_suit in suits:
                points = base + (nobs >> starter_suit & 1)
                if flush:
                    points += keep + 1 if starter_suit == suit else keep
                counts[points] += 1
                most = max(most, points)
        rows.append(counts)
    return [counts[: most + 1] for counts in rows]


def shares_reaching(dealt: Sequence[Card], keep: int, need: int, bases: Sequence[float]) -> list[float]:
    """For each ``keep``-card subset of ``dealt`` (in ``choices`` order), the share of the starters
    not dealt with which its show plus ``bases[row]`` reaches ``need``: exactly
    ``(keep_matrix(dealt, keep).points + bases[:, None] >= need).mean(axis=1)``."""
    shares = []
    for counts, base in zip(show_counts(dealt, keep), bases, strict=True):
        reached = 0
        for points, count in enumerate(counts):
            if points + base >= need:
                reached += count
        shares.append(reached / sum(counts))
    return shares

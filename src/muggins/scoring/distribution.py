"""The exact distribution of show totals over every hand and starter (12,994,800 for four cards).

Rather than score every combination, it counts them. Fifteens, pairs and runs depend only on
ranks, so each rank multiset of the hand with each starter rank is looked up once in the rank
table. Flush and nobs depend on the suits only through a few facts about those ranks (how the
hand's ranks repeat, how many jacks it holds, whether the starter is a jack, how many hand cards
share the starter's rank): the points they add are counted once per such signature, by dealing
every choice of suits for one example of it and scoring each with the fast scorer.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from muggins.cards import JACK, Card, Suit
from muggins.scoring.fast import RANKS, SHOW_SIZES, rank_table, show_points
from muggins.scoring.show import ShowError


@dataclass(frozen=True, slots=True)
class ShowDistribution:
    """How many (hand, starter) combinations score each total, from 0 to the highest possible."""

    counts: dict[int, int]
    total: int
    mean: float

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"total": 12994800, "counts": {"0": ..., ...}, "mean": ...}``."""
        return {
            "total": self.total,
            "counts": {str(score): n for score, n in self.counts.items()},
            "mean": self.mean,
        }


def show_distribution(crib: bool = False, hand_size: int = 4) -> ShowDistribution:
    """Count the show totals of every ``hand_size``-card hand (or crib) with every other starter.

    >>> dist = show_distribution()
    >>> dist.total, dist.counts[0], dist.counts[29], round(dist.mean, 4)
    (12994800, 1009008, 4, 4.7692)
    """
    if hand_size not in SHOW_SIZES:
        raise ShowError(f"a hand to show has 4 cards (3 in five-card cribbage), not {hand_size}")
    hands = np.array(list(itertools.combinations_with_replacement(range(RANKS), hand_size)), dtype=np.intp)
    held = np.zeros((len(hands), RANKS), dtype=np.intp)  # held[h, r]: cards of rank r in hand h
    for column in hands.T:
        held[np.arange(len(hands)), column] += 1
    number = np.zeros(len(hands), dtype=np.intp)
    for column in hands.T:
        number = number * RANKS + column
    # base[h, s]: the fifteens, pairs and runs of hand h with a starter of rank s.
    base = rank_table(hand_size + 1)[number[:, None] * RANKS + np.arange(RANKS)]
    # The signature of (h, s) as one number: the hand's repeat pattern, jacks, jack starter, held[h, s].
    pattern = np.zeros(len(hands), dtype=np.intp)
    for column in np.sort(held, axis=1)[:, -hand_size:].T:
        pattern = pattern * 5 + column
    jack = JACK - 1
    signature = ((pattern[:, None] * 5 + held[:, jack, None]) * 2 + (np.arange(RANKS) == jack)) * 5 + held
    possible = held < 4  # a starter of a rank the hand holds all four of cannot be cut
    kinds, first, which = np.unique(signature[possible], return_index=True, return_inverse=True)
    width = int(base.max()) + 1
    bases = np.bincount(which * width + base[possible], minlength=len(kinds) * width).reshape(-1, width)
    example_hand, example_starter = np.nonzero(possible)
    counts = np.zeros(width + 8, dtype=np.int64)
    for kind, example in enumerate(first.tolist()):
        h, s = int(example_hand[example]), int(example_starter[example])
        bonuses = _bonus_counts(hands[h].tolist(), s, int(base[h, s]), crib)
        counts[: width + len(bonuses) - 1] += np.convolve(bases[kind], bonuses)
    total = int(counts.sum())
    top = int(np.flatnonzero(counts)[-1])
    mean = float(np.dot(np.arange(len(counts)), counts)) / total
    return ShowDistribution({score: int(counts[score]) for score in range(top + 1)}, total, mean)


def _bonus_counts(hand_ranks: list[int], starter_rank: int, base: int, crib: bool) -> npt.NDArray[np.int64]:
    """How many choices of suits for these ranks add each number of points for flush and nobs
    (the show less ``base``, the points of its ranks)."""
    by_rank = Counter(hand_ranks)
    bonuses = np.zeros(8, dtype=np.int64)
    for suits in itertools.product(*(itertools.combinations(Suit, n) for n in by_rank.values())):
        hand = [
            Card.of(rank + 1, suit) for rank, chosen in zip(by_rank, suits, strict=True) for suit in chosen
        ]
        taken = {card.suit for card in hand if card.rank == starter_rank + 1}
        for starter_suit in Suit:
            if starter_suit not in taken:
                bonuses[show_points(hand, Card.of(starter_rank + 1, starter_suit), crib) - base] += 1
    return bonuses

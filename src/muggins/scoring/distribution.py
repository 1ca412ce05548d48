"""The exact distribution of show totals over every hand and starter (12,994,800 for four cards).

Rather than score every combination, it counts them: the fifteens, pairs and runs depend only on
the ranks, so each rank multiset of the hand and rank of the starter is scored once from the rank
table. Flush and nobs depend on suits only through a few facts about those ranks (are the hand's
ranks distinct, how many jacks it holds, is the starter a jack, how many hand cards share the
starter's rank), so the extra points they add are counted once per such signature, by dealing out
every choice of suits for one example and scoring it. Cold, this takes a fraction of a second.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from muggins.cards import JACK, Card, Suit
from muggins.scoring.fast import RANKS, SHOW_SIZES, rank_table, show_points
from muggins.scoring.show import ShowError

Signature = tuple[tuple[int, ...], int, bool, int]
"""(how many hand cards share each rank, largest first; jacks in hand; starter is a jack;
hand cards of the starter's rank)."""


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
    table = rank_table(hand_size + 1)
    bonus_counts: dict[Signature, Counter[int]] = {}
    per_signature: dict[Signature, Counter[int]] = {}
    for hand_ranks, starter_rank in _rank_deals(hand_size):
        index = 0
        for rank in (*hand_ranks, starter_rank):
            index = index * RANKS + rank
        base = int(table[index])
        signature = _signature(hand_ranks, starter_rank)
        if signature not in bonus_counts:
            bonus_counts[signature] = _bonus_counts(hand_ranks, starter_rank, base, crib)
        per_signature.setdefault(signature, Counter())[base] += 1
    counts: Counter[int] = Counter()
    for signature, bases in per_signature.items():
        for base, deals in bases.items():
            for bonus, ways in bonus_counts[signature].items():
                counts[base + bonus] += deals * ways
    total = sum(counts.values())
    mean = sum(score * n for score, n in counts.items()) / total
    return ShowDistribution({score: counts[score] for score in range(max(counts) + 1)}, total, mean)


def _rank_deals(hand_size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of hand ranks (0-12) with every starter rank that a pack can still supply."""
    for hand_ranks in itertools.combinations_with_replacement(range(RANKS), hand_size):
        for starter_rank in range(RANKS):
            if hand_ranks.count(starter_rank) < 4:
                yield hand_ranks, starter_rank


def _signature(hand_ranks: tuple[int, ...], starter_rank: int) -> Signature:
    jack = JACK - 1
    return (
        tuple(sorted(Counter(hand_ranks).values(), reverse=True)),
        hand_ranks.count(jack),
        starter_rank == jack,
        hand_ranks.count(starter_rank),
    )


def _bonus_counts(hand_ranks: tuple[int, ...], starter_rank: int, base: int, crib: bool) -> Counter[int]:
    """Flush and nobs points (the show less ``base``, its ranks' points) over every choice of suits
    for these ranks: points -> combinations."""
    by_rank = Counter(hand_ranks)
    suit_choices = [itertools.combinations(Suit, n) for n in by_rank.values()]
    bonuses: Counter[int] = Counter()
    for suits in itertools.product(*suit_choices):
        hand = [
            Card.of(rank + 1, suit) for rank, chosen in zip(by_rank, suits, strict=True) for suit in chosen
        ]
        taken = {card.suit for card in hand if card.rank == starter_rank + 1}
        for starter_suit in Suit:
            if starter_suit in taken:
                continue
            bonuses[show_points(hand, Card.of(starter_rank + 1, starter_suit), crib) - base] += 1
    return bonuses

"""Trainers: a discard puzzle (a dealt hand, graded against the exact table of every split) and
counting practice (a hand and starter, graded item by item). A puzzle is made from its seed alone,
so the daily puzzle (seeded by the date) is the same for everyone."""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from dataclasses import dataclass

from muggins.analysis.cribbage.discard import Split, analyze
from muggins.cards import STANDARD_CARDS, Card
from muggins.scoring.items import Score
from muggins.scoring.show import score_show

SEEDS = 2**53
"""Puzzle seeds are whole numbers below this (exact in a browser's numbers)."""
CROSSED = 1e-9
"""Nets closer than this are the same: a split ranks below only the strictly better ones."""


class PuzzleError(ValueError):
    """A seed out of range, or an answer that is not one the puzzle allows."""


@dataclass(frozen=True, slots=True)
class DiscardPuzzle:
    """Six cards dealt to a two-player seat, as dealer (the crib is theirs) or pone."""

    seed: int
    cards: tuple[Card, ...]
    dealer: bool

    def splits(self) -> list[Split]:
        """Every split, best net first (exact hand and exact crib weighted like the expert's throws)."""
        return analyze(self.cards, dealer=self.dealer, crib="expert")

    def grade(self, thrown: Sequence[Card]) -> tuple[list[Split], int, float]:
        """Every split, where the throw ranks among them (1: the best) and the points it gives up."""
        if len(thrown) != 2 or len(set(thrown)) != 2:
            raise PuzzleError(f"throw two different cards to the crib, not {len(thrown)}")
        strange = [str(card) for card in thrown if card not in self.cards]
        if strange:
            raise PuzzleError(f"{', '.join(strange)} not dealt in this puzzle")
        splits = self.splits()
        chosen = next(s for s in splits if set(s.thrown) == set(thrown))
        rank = 1 + sum(1 for s in splits if s.net > chosen.net + CROSSED)
        return splits, rank, splits[0].net - chosen.net


@dataclass(frozen=True, slots=True)
class CountPuzzle:
    """A four-card hand (or crib) and a starter to count."""

    seed: int
    hand: tuple[Card, ...]
    starter: Card
    crib: bool

    def score(self) -> Score:
        return score_show(self.hand, self.starter, crib=self.crib)


def daily_seed(day: datetime.date) -> int:
    """The seed of ``day``'s puzzle: the same for everyone (e.g. 20261122)."""
    return day.year * 10_000 + day.month * 100 + day.day


def discard_puzzle(seed: int) -> DiscardPuzzle:
    rng = _rng(seed, "discard")
    return DiscardPuzzle(seed, tuple(sorted(rng.sample(STANDARD_CARDS, 6), key=_shown)), rng.random() < 0.5)


def count_puzzle(seed: int) -> CountPuzzle:
    rng = _rng(seed, "count")
    *hand, starter = rng.sample(STANDARD_CARDS, 5)
    return CountPuzzle(seed, tuple(sorted(hand, key=_shown)), starter, rng.random() < 0.25)


def _rng(seed: int, trainer: str) -> random.Random:
    if not 0 <= seed < SEEDS:
        raise PuzzleError(f"a puzzle seed is a whole number from 0 to {SEEDS - 1}, not {seed}")
    return random.Random(f"{trainer}:{seed}")


def _shown(card: Card) -> int:
    return card.sort_key

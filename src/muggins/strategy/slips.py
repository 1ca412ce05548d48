"""Counting slips: a person counting by hand (a cribbage show, a Cribist trick) overlooks some of
its items, the harder to see the more often. A bot level with slips claims its count less what it
overlooked, so that counting by hand with muggins against the computer is a game both ways
(docs/bots.md, "Counting slips").

A slip only ever loses points: the bot never claims an item that is not there, and it calls muggins
only for points it did see (so never wrongly)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from muggins.scoring.items import Item, Kind, Score


@dataclass(frozen=True, slots=True)
class SlipRates:
    """The chance that each item of a show is overlooked, by how it is made."""

    fifteen_of_two: float
    """A fifteen of two cards (10 and 5, 7 and 8): the first thing anyone counts."""
    fifteen_of_more: float
    """A fifteen of three or more cards (A 4 K, 2 3 4 6): easily missed."""
    pair: float
    """A pair (each pair of a pair royal on its own)."""
    run: float
    """A run (the second run of a double run is the one people miss)."""
    flush: float
    """A flush, worse in a crib, where it needs the starter too."""
    nobs: float
    """His nobs: the jack of the starter's suit, the classic miss."""

    def chance(self, item: Item) -> float:
        """The chance that ``item`` is overlooked."""
        kind = item.kind
        if kind is Kind.FIFTEEN:
            return self.fifteen_of_two if len(item.cards) == 2 else self.fifteen_of_more
        if kind in (Kind.PAIR, Kind.PAIR_ROYAL, Kind.DOUBLE_PAIR_ROYAL):
            return self.pair
        if kind is Kind.RUN:
            return self.run
        if kind is Kind.FLUSH:
            return self.flush
        if kind is Kind.NOBS:
            return self.nobs
        return 0.0

    def expected_loss(self, score: Score) -> float:
        """The points of ``score`` a player with these slips overlooks on average."""
        return sum(item.points * self.chance(item) for item in score.items)


NO_SLIPS = SlipRates(0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
"""A perfect count (the expert)."""

CASUAL = SlipRates(fifteen_of_two=0.03, fifteen_of_more=0.15, pair=0.01, run=0.05, flush=0.10, nobs=0.25)
"""A casual player's count (the greedy bot): in greedy's own games about one show in five loses
something, 0.44 points a show of 7.1 (docs/bots.md, "Counting slips")."""


CARELESS = SlipRates(fifteen_of_two=0.08, fifteen_of_more=0.35, pair=0.03, run=0.12, flush=0.25, nobs=0.5)
"""A beginner's count (the novice level): more than twice the casual player's slips, and his nobs
missed one time in two."""


def overlooked(score: Score, rates: SlipRates, rng: random.Random) -> list[Item]:
    """The items of ``score`` that a count with ``rates`` misses this time (one draw per item)."""
    return [item for item in score.items if rng.random() < rates.chance(item)]


@dataclass(slots=True)
class Slips:
    """One player's slips: the rates, and the draws (seeded) that decide each count."""

    rates: SlipRates
    rng: random.Random

    def overlooked(self, score: Score) -> list[Item]:
        return overlooked(score, self.rates, self.rng)


def slips_of(rates: SlipRates, seed: int) -> Slips | None:
    """A bot's slips at ``rates``, drawn from ``seed``; None for a perfect count (nothing to draw
    and nothing to itemise: the expert's path stays as fast as it was)."""
    return None if rates == NO_SLIPS else Slips(rates, random.Random(seed))

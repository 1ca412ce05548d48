"""How much hand and crib any fair discarder can gain over the reference's: issue 62's item 1 ceiling.

``python bench/discard_ceiling.py DEALS [SAMPLES] [SEED] [WORKERS]``

The reference (``bench/strength.py``'s ``ReferenceBot``) throws for the most expected hand plus or
minus the crib tables' crib, so a discarder beats it at hand and crib only by judging the crib
better. The best any discarder can do from its own six cards, against an opponent who throws as the
reference does, is to throw for the most expected hand and crib given those six cards: the hand is
exact over the 46 starters it cannot see, and the crib is averaged over the other's hands (drawn
from the 46) and the throw the reference makes from each, then over the 40 starters left. That is
the *ideal* discarder, worked out here by sampling ``SAMPLES`` of the other's hands (the same
samples for every throw).

Each of ``DEALS`` random two-player six-card deals is judged with both hands known: each seat's
throw is worth its exact hand and crib over the 40 starters left, with the other seat throwing as
the reference does. The answer is the ideal's gain over the reference's own throw, as dealer and as
pone, and ``duplicate_margin``, their mean: the hand and crib a complete deal by which the ideal
would beat the reference in ``strength.py``'s discard-only duplicate games (each deal is played
once with each in each seat), the figure item 1 asks to reach +0.05. Sampling makes the ideal's
choice a little worse than the exact one, so the figure rises a little with ``SAMPLES``; the
answer gives it at a quarter of ``SAMPLES`` too, and ``duplicate_margin_unlimited``, the figure
with samples without end if sampling's loss falls as one over their number, as a mean of noise does
(``(4 * full - quarter) / 3``).
"""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from muggins.analysis.cribbage.crib import table_throw
from muggins.cards import Card
from muggins.scoring.batch import show_points_batch
from muggins.strategy.cribbage.cribtables import shipped_tables
from muggins.strategy.cribbage.keeps import choices, keep_means

DECK = tuple(Card(i) for i in range(52))
THROWS = tuple(itertools.combinations(range(6), 2))
"""Each throw of two from six, by position."""
_KEEPS: list[list[int]] = choices(6, 4).tolist()  # the rows of ``keep_means``
_KEPT_ROW = [_KEEPS.index([i for i in range(6) if i not in thrown]) for thrown in THROWS]
"""For each throw, the row of ``keep_means`` (``combinations`` order of the four kept) it leaves."""


def reference_throw(hand: Sequence[Card], dealing: bool) -> tuple[Card, ...]:
    """The reference's throw: the most expected hand plus (dealer) or minus (pone) the table crib."""
    return table_throw(hand, 2, "2", 0 if dealing else 1, shipped_tables())


def _starters_left(*hands: Sequence[Card]) -> npt.NDArray[np.intp]:
    """The card numbers of the starters ``hands`` leave, ascending."""
    gone = {card.index for hand in hands for card in hand}
    return np.array([i for i in range(len(DECK)) if i not in gone], dtype=np.intp)


def crib_means(
    mine: Sequence[Card], others: Sequence[tuple[tuple[Card, ...], tuple[Card, ...]]]
) -> npt.NDArray[np.float64]:
    """For each of ``mine``'s 15 throws, the crib averaged over ``others`` (the other's hand, and
    the two cards it threw) and over the 40 starters left by both hands."""
    mine_idx = np.array([c.index for c in mine])
    throws = mine_idx[np.array(THROWS)]  # (15, 2)
    total = np.zeros(len(THROWS))
    for hand, thrown in others:
        starters = _starters_left(mine, hand)  # 40 of them
        other = np.array([c.index for c in thrown])
        rows = np.empty((len(THROWS), len(starters), 4), dtype=np.intp)
        rows[:, :, :2] = throws[:, None, :]
        rows[:, :, 2:] = other[None, None, :]
        cut = np.broadcast_to(starters[None, :], (len(THROWS), len(starters)))
        points = show_points_batch(rows.reshape(-1, 4), cut.reshape(-1), crib=True, check=False)
        total += points.reshape(len(THROWS), len(starters)).mean(axis=1)
    return total / len(others)


def ideal_values(
    hand: Sequence[Card], dealing: bool, others: Sequence[tuple[tuple[Card, ...], tuple[Card, ...]]]
) -> npt.NDArray[np.float64]:
    """Each throw's expected hand (exact over 46 starters) plus or minus its sampled crib."""
    hands = np.array(keep_means(hand, 4))
    sign = 1.0 if dealing else -1.0
    return hands[_KEPT_ROW] + sign * crib_means(hand, others)


def true_value(
    hand: Sequence[Card],
    other: Sequence[Card],
    thrown: Sequence[Card],
    other_thrown: Sequence[Card],
    dealing: bool,
) -> float:
    """The throw's exact hand and signed crib over the 40 starters left, both hands known."""
    starters = _starters_left(hand, other)
    kept = np.array([c.index for c in hand if c not in thrown])
    crib = np.array([c.index for c in (*thrown, *other_thrown)])
    shows = show_points_batch(np.broadcast_to(kept, (40, 4)), starters, check=False)
    cribs = show_points_batch(np.broadcast_to(crib, (40, 4)), starters, crib=True, check=False)
    return float(shows.mean() + (1 if dealing else -1) * cribs.mean())


def judge(deal_seed: int, samples: int) -> tuple[float, float, float, float]:
    """The ideal's gain as dealer and as pone on one deal, with ``samples`` and a quarter of them."""
    rng = random.Random(deal_seed)
    cards = rng.sample(DECK, 12)
    hands = (cards[:6], cards[6:])
    reference = (reference_throw(hands[0], True), reference_throw(hands[1], False))
    full: list[float] = []
    quarter: list[float] = []
    for seat, dealing in ((0, True), (1, False)):
        mine, theirs = hands[seat], hands[1 - seat]
        unseen = [c for c in DECK if c not in mine]
        others = []
        for _ in range(samples):
            hand = tuple(rng.sample(unseen, 6))
            others.append((hand, reference_throw(hand, not dealing)))
        ref = true_value(mine, theirs, reference[seat], reference[1 - seat], dealing)
        for gains, count in ((full, samples), (quarter, max(1, samples // 4))):
            values = ideal_values(mine, dealing, others[:count])
            throw = tuple(mine[i] for i in THROWS[int(np.argmax(values))])
            gains.append(true_value(mine, theirs, throw, reference[1 - seat], dealing) - ref)
    return full[0], full[1], quarter[0], quarter[1]


def _judge(args: tuple[int, int]) -> tuple[float, float, float, float]:
    return judge(*args)


def main(deals: int, samples: int = 200, seed: int = 62, workers: int = 1) -> dict[str, float]:
    jobs = [(seed * 1_000_003 + i, samples) for i in range(deals)]
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_judge, jobs, chunksize=20)
    else:
        results = [_judge(job) for job in jobs]
    arr = np.array(results)  # dealer, pone, dealer (quarter), pone (quarter)
    margin = arr[:, :2].mean(axis=1)
    quarter = arr[:, 2:].mean(axis=1)
    return {
        "deals": deals,
        "samples": samples,
        "dealer_gain": round(float(arr[:, 0].mean()), 4),
        "pone_gain": round(float(arr[:, 1].mean()), 4),
        "duplicate_margin": round(float(margin.mean()), 4),
        "duplicate_margin_ci95": round(1.96 * float(margin.std(ddof=1)) / math.sqrt(deals), 4),
        "duplicate_margin_quarter_samples": round(float(quarter.mean()), 4),
        "duplicate_margin_unlimited": round(float((4 * margin - quarter).mean() / 3), 4),
        "duplicate_margin_unlimited_ci95": round(
            1.96 * float(((4 * margin - quarter) / 3).std(ddof=1)) / math.sqrt(deals), 4
        ),
        "same_throw_share": round(float((arr[:, :2] == 0).mean()), 3),
    }


if __name__ == "__main__":
    argv = [int(a) for a in sys.argv[1:]]
    print(json.dumps(main(*argv)))

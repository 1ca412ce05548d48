"""Cribbage show scoring: cold distributions, scalar and batch rates, cribbage-scorer comparison."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

import numpy as np
import numpy.typing as npt

from bench.figures import Figure, best_seconds, figure
from muggins.cards import STANDARD_CARDS, Card
from muggins.scoring.batch import keep_expectations, show_points_batch
from muggins.scoring.fast import show_points

SEED = 2026
HANDS = 100_000
BATCH = 1_000_000
COLD_RUNS = 3

_COLD = """
import time
start, cpu = time.perf_counter(), time.process_time()
from muggins.scoring.distribution import show_distribution
show_distribution(crib={crib})
print(time.perf_counter() - start, time.process_time() - cpu)
"""


def random_deals(count: int, cards: int = 5, seed: int = SEED) -> npt.NDArray[np.intp]:
    """``count`` rows of ``cards`` distinct card indices: a hand and, last, its starter."""
    rng = np.random.default_rng(seed)
    return rng.random((count, 52)).argpartition(cards, axis=1)[:, :cards]


def _cold_distribution(crib: bool) -> Figure:
    """Time ``show_distribution`` in fresh interpreters: import, table building and counting."""
    inner, cpu, whole = [], [], []
    for _ in range(COLD_RUNS):
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _COLD.format(crib=crib)], capture_output=True, text=True, check=True
        )
        whole.append(time.perf_counter() - start)
        wall_s, cpu_s = map(float, done.stdout.split())
        inner.append(wall_s)
        cpu.append(cpu_s)
    return figure(
        "distribution_crib_cold" if crib else "distribution_hand_cold",
        round(statistics.median(inner), 3),
        "s",
        "<=1",
        cpu_s=round(statistics.median(cpu), 3),
        process_s=round(statistics.median(whole), 3),
        runs=COLD_RUNS,
        note="median of fresh processes; value is wall time from import to result, cpu_s its CPU time, "
        "process_s adds interpreter start",
    )


def bench_distribution_hand_cold() -> Figure:
    return _cold_distribution(crib=False)


def bench_distribution_crib_cold() -> Figure:
    return _cold_distribution(crib=True)


def _shows(deals: npt.NDArray[np.intp]) -> list[tuple[tuple[Card, ...], Card]]:
    return [(tuple(STANDARD_CARDS[i] for i in row[:4]), STANDARD_CARDS[row[4]]) for row in deals.tolist()]


def _scalar_rate(shows: list[tuple[tuple[Card, ...], Card]]) -> float:
    def score_all() -> None:
        for hand, starter in shows:
            show_points(hand, starter)

    return len(shows) / best_seconds(score_all)


def bench_show_scalar() -> Figure:
    shows = _shows(random_deals(HANDS))
    rate = _scalar_rate(shows)
    return figure("show_scalar", round(rate), "hands/s", ">=250000", hands=HANDS, api="fast.show_points")


def bench_show_batch() -> list[Figure]:
    deals = random_deals(BATCH)
    hands, starters = deals[:, :4].copy(), deals[:, 4].copy()
    show_points_batch(hands[:10], starters[:10])  # build the tables outside the timing
    checked = BATCH / best_seconds(lambda: show_points_batch(hands, starters))
    unchecked = BATCH / best_seconds(lambda: show_points_batch(hands, starters, check=False))
    return [
        figure("show_batch", round(checked), "hands/s", ">=5000000", hands=BATCH, dtype=str(hands.dtype)),
        figure("show_batch_unchecked", round(unchecked), "hands/s", ">=5000000", hands=BATCH),
    ]


def bench_keep_expectations() -> Figure:
    rng = np.random.default_rng(SEED)
    deals = [[STANDARD_CARDS[i] for i in rng.choice(52, size=6, replace=False)] for _ in range(200)]
    keep_expectations(deals[0])
    seconds = best_seconds(lambda: [keep_expectations(deal) for deal in deals])
    return figure(
        "keep_expectations",
        round(seconds / len(deals) * 1000, 3),
        "ms/deal",
        "<=5",
        note="15 ways to keep 4 of 6, each over its 46 starters",
    )


def bench_cribbage_scorer_ratio() -> Figure:
    """The same random hands through PyPI ``cribbage-scorer``'s ``show_calc_score`` and our scalar."""
    from cribbage_scorer import cribbage_scorer  # type: ignore[import-untyped]

    shows = _shows(random_deals(HANDS))
    theirs_shows = [
        ([(c.rank, str(c)[-1]) for c in hand], (starter.rank, str(starter)[-1])) for hand, starter in shows
    ]
    start = time.perf_counter()
    theirs = [cribbage_scorer.show_calc_score(starter, hand)[0] for hand, starter in theirs_shows]
    their_rate = len(shows) / (time.perf_counter() - start)
    ours = [show_points(hand, starter) for hand, starter in shows]
    our_rate = _scalar_rate(shows)
    return figure(
        "cribbage_scorer_ratio",
        round(our_rate / their_rate, 1),
        "x faster",
        hands=HANDS,
        ours_hands_per_s=round(our_rate),
        cribbage_scorer_hands_per_s=round(their_rate),
        totals_differ=sum(a != b for a, b in zip(ours, theirs, strict=True)),
    )

"""Skalborg scoring: batch and scalar totals, the itemised scorer, and the tables from a cold start.

Run with the others (``python -m bench skalborg``) or alone (``python bench/skalborg_scoring.py``);
either way one JSON line per figure.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

if __package__ in (None, ""):  # run as a script: make the ``bench`` package importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import Figure, best_seconds, figure
from muggins.cards import ALL_CARDS, Card
from muggins.scoring.skalborg.fast import skalborg_points, skalborg_points_batch
from muggins.scoring.skalborg.hand import score_skalborg

SEED = 2026
BATCH = 1_000_000
SCALAR = 100_000
ITEMISED = 5_000
COLD_RUNS = 3

_COLD = """
import time
start, cpu = time.perf_counter(), time.process_time()
from muggins.scoring.skalborg.fast import skalborg_points_batch
skalborg_points_batch([list(range(8))])
print(time.perf_counter() - start, time.process_time() - cpu)
"""


def random_pools(count: int, seed: int = SEED) -> npt.NDArray[np.intp]:
    """``count`` rows of 8 distinct card indices drawn from the 54-card pack (jokers included)."""
    rng = np.random.default_rng(seed)
    rows: list[npt.NDArray[np.intp]] = []
    while sum(len(r) for r in rows) < count:
        draw = rng.integers(0, len(ALL_CARDS), size=(count, 8))
        ordered = np.sort(draw, axis=1)
        rows.append(draw[(np.diff(ordered, axis=1) > 0).all(axis=1)])
    return np.concatenate(rows)[:count]


def _as_cards(pools: npt.NDArray[np.intp]) -> list[list[Card]]:
    return [[ALL_CARDS[i] for i in row] for row in pools.tolist()]


def bench_skalborg_batch() -> list[Figure]:
    pools = random_pools(BATCH)
    skalborg_points_batch(pools[:1])  # build the tables outside the timing
    checked = BATCH / best_seconds(lambda: skalborg_points_batch(pools))
    unchecked = BATCH / best_seconds(lambda: skalborg_points_batch(pools, check=False))
    return [
        figure("skalborg_batch", round(checked), "hands/s", ">=1000000", hands=BATCH, dtype=str(pools.dtype)),
        figure("skalborg_batch_unchecked", round(unchecked), "hands/s", ">=1000000", hands=BATCH),
    ]


def bench_skalborg_scalar() -> Figure:
    pools = _as_cards(random_pools(SCALAR))
    skalborg_points(pools[0])
    seconds = best_seconds(lambda: [skalborg_points(pool) for pool in pools])
    return figure("skalborg_scalar", round(SCALAR / seconds), "hands/s", ">=3000000", hands=SCALAR)


def bench_skalborg_itemised() -> Figure:
    pools = _as_cards(random_pools(ITEMISED))
    seconds = best_seconds(lambda: [score_skalborg(pool[:4], pool[4:]) for pool in pools], repeats=1)
    return figure("skalborg_itemised", round(ITEMISED / seconds), "hands/s", hands=ITEMISED)


def bench_skalborg_tables_cold() -> Figure:
    """Import and first batch in fresh interpreters: the cost of building the tables."""
    inner, cpu = [], []
    for _ in range(COLD_RUNS):
        done = subprocess.run([sys.executable, "-c", _COLD], capture_output=True, text=True, check=True)
        wall, used = done.stdout.split()
        inner.append(float(wall))
        cpu.append(float(used))
    return figure(
        "skalborg_tables_cold",
        round(statistics.median(inner), 3),
        "s",
        "<=2",
        cpu_s=round(statistics.median(cpu), 3),
        runs=COLD_RUNS,
        note="median of fresh processes, from import to the first batch result; cpu_s is CPU time",
    )


def main() -> None:
    for bench in (
        bench_skalborg_batch,
        bench_skalborg_scalar,
        bench_skalborg_itemised,
        bench_skalborg_tables_cold,
    ):
        result = bench()
        for item in result if isinstance(result, list) else [result]:
            print(json.dumps(item), flush=True)


if __name__ == "__main__":
    main()

"""Cribist bot strength by duplicate deals: how many points per deal the expert gains over a
weaker bot sitting in the same seat with the same cards against the same opponents.

For each deal (one hand, dealer seat 0) and each opponent kind, the baseline table is four of that
kind; then the expert takes each seat in turn (rotating over the same deal) against three of them.
The margin for the deal is the expert's points less the baseline bot's points in that seat,
averaged over the four seats; the report gives its mean and a 95% confidence interval over deals.

    .venv/bin/python bench/cribist_strength.py --deals 2000 --budget 10000 --workers 2

Prints one JSON line per figure.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import TextIO

from muggins import new_game
from muggins.bots.base import Bot
from muggins.bots.cribist.players import EXPERT_BUDGET, ExpertBot
from muggins.bots.registry import make_bot
from muggins.cards import standard_pack

SEATS = 4


def play_deal(deck: list[str], bots: list[Bot]) -> list[int]:
    """Points each seat scores in one hand of ``deck``."""
    game = new_game("cribist", players=SEATS, seed=0, deck=deck, deals=1, first_dealer=0)
    while not game.is_over:
        seat = min(game.to_move)
        game.apply(seat, bots[seat].choose(game.view(seat)))
    return list(game.scores)


def deal_margins(task: tuple[int, int, int, tuple[str, ...]]) -> dict[str, float]:
    """For deal number ``d``: the expert's seat-averaged duplicate margin over each opponent kind."""
    number, base_seed, budget, kinds = task
    rng = random.Random(base_seed * 1_000_003 + number)
    deck = [str(c) for c in standard_pack()]
    rng.shuffle(deck)
    margins: dict[str, float] = {}
    for kind in kinds:
        baseline = play_deal(deck, [make_bot("cribist", kind, seed=number * 4 + s) for s in range(SEATS)])
        gains = []
        for seat in range(SEATS):
            bots = [make_bot("cribist", kind, seed=number * 4 + s) for s in range(SEATS)]
            bots[seat] = ExpertBot(seed=number * 4 + seat, budget=budget, seconds=math.inf)
            gains.append(play_deal(deck, bots)[seat] - baseline[seat])
        margins[kind] = statistics.fmean(gains)
        margins[f"{kind}_points"] = statistics.fmean(baseline)
    return margins


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--budget", type=int, default=EXPERT_BUDGET, help="expert search budget")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="greedy,random", help="opponent kinds, comma separated")
    parser.add_argument("--progress", type=int, default=0, help="report to stderr every N deals")
    args = parser.parse_args()
    kinds = tuple(args.against.split(","))
    tasks = [(d, args.seed, args.budget, kinds) for d in range(args.deals)]
    started = time.perf_counter()
    rows: list[dict[str, float]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for row in pool.map(deal_margins, tasks, chunksize=4):
            rows.append(row)
            if args.progress and len(rows) % args.progress == 0:
                report(rows, kinds, args.budget, started, sys.stderr)
    report(rows, kinds, args.budget, started, sys.stdout)
    return 0


def report(
    rows: list[dict[str, float]], kinds: tuple[str, ...], budget: int, started: float, out: TextIO
) -> None:
    """One JSON line per opponent kind: the mean margin and its 95% confidence interval."""
    for kind in kinds:
        values = [row[kind] for row in rows]
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
        print(
            json.dumps(
                {
                    "figure": f"cribist expert margin over {kind}",
                    "unit": "points per deal",
                    "mean": round(mean, 3),
                    "ci95": [round(mean - half, 3), round(mean + half, 3)],
                    "baseline_points_per_deal": round(statistics.fmean(r[f"{kind}_points"] for r in rows), 3),
                    "deals": len(values),
                    "seat_rotations": SEATS,
                    "expert_budget": budget,
                    "seconds": round(time.perf_counter() - started, 1),
                }
            ),
            file=out,
            flush=True,
        )


if __name__ == "__main__":
    sys.exit(main())

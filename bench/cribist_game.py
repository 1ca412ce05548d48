"""Cribist engine and bot speed: random full games per second through the game protocol, and the
expert's decision latency. Prints one JSON line per figure.

    .venv/bin/python bench/cribist_game.py [--seconds 5] [--decisions 300]

Targets: random full games (default options: 10 deals, automatic counting) >= 500/s; an expert
decision <= 200 ms. On a shared machine compare the CPU-clock figures: wall time there includes
waiting for a processor.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import compiled_core, play_randomly
from muggins import new_game
from muggins.bots.base import Bot
from muggins.bots.cribist.players import ExpertBot, GreedyBot


def emit(**figure: Any) -> None:
    print(json.dumps(figure), flush=True)


def random_games(seconds: float, **options: Any) -> tuple[int, int, float, float]:
    """Play random legal moves through ``legal_moves``/``apply`` for about ``seconds``;
    return games, moves, wall seconds and CPU seconds."""
    rng = random.Random(1)
    games = moves = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        moves += play_randomly(new_game("cribist", players=4, seed=games, **options), rng)
        games += 1
    return games, moves, time.perf_counter() - wall, time.process_time() - cpu


def expert_latency(decisions: int, seconds: float) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds per expert card decision (plays with a real choice), against greedy;
    ``seconds`` is the expert's time cap."""
    times: list[float] = []
    cpu_times: list[float] = []
    seed = 0
    while len(times) < decisions:
        game = new_game("cribist", players=4, seed=seed, deals=1)
        bots: list[Bot] = [ExpertBot(seed, seconds=seconds), GreedyBot(), GreedyBot(), GreedyBot()]
        while not game.is_over:
            seat = min(game.to_move)
            view = game.view(seat)
            started, cpu = time.perf_counter(), time.process_time()
            move = bots[seat].choose(view)
            if seat == 0 and view["phase"] == "play" and len(view["legal_moves"]) > 1:
                times.append(time.perf_counter() - started)
                cpu_times.append(time.process_time() - cpu)
            game.apply(seat, move)
        seed += 1
    return times[:decisions], cpu_times[:decisions]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per throughput figure")
    parser.add_argument("--decisions", type=int, default=300, help="expert decisions to time")
    args = parser.parse_args()
    new_game("cribist", players=4, seed=0)  # import the game and build its tables outside the timings
    for label, options in (
        ("random full games (10 deals, auto counting)", {}),
        ("random one-deal games", {"deals": 1}),
    ):
        games, moves, wall, cpu = random_games(args.seconds, **options)
        emit(
            figure=f"cribist {label}",
            games_per_s=round(games / wall, 1),
            games_per_cpu_s=round(games / cpu, 1),
            moves_per_s=round(moves / wall),
            games=games,
            target_games_per_s=500 if not options else None,
            compiled_core=compiled_core(),
        )
    wall_times, _ = expert_latency(args.decisions, ExpertBot().seconds)
    _, cpu_times = expert_latency(args.decisions, math.inf)
    for label, times in (
        ("expert decision latency, wall clock, as played (time cap on)", sorted(wall_times)),
        ("expert decision CPU time at the full budget (no time cap)", sorted(cpu_times)),
    ):
        emit(
            figure=f"cribist {label}",
            mean_ms=round(statistics.fmean(times) * 1e3, 1),
            p95_ms=round(times[int(0.95 * (len(times) - 1))] * 1e3, 1),
            max_ms=round(times[-1] * 1e3, 1),
            decisions=len(times),
            target_ms=200,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

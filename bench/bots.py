"""Cribbage bots and analysis: decision latency, analyzer latency and exactness, games per second,
simulation scaling and long no-illegal-move runs over every variant.

Runnable on its own (``python bench/bots.py [names...]``) or through ``python -m bench bots``.
Latencies and per-core rates use the process's CPU time, so a busy machine does not inflate them;
the scaling figure is wall time by nature. ``BOTS_VARIANT_GAMES`` sets the games per variant and
bot line-up of the long run (default 1000).
"""

from __future__ import annotations

import functools
import gc
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.figures import Figure, figure
from muggins import new_game
from muggins.analysis.cribbage.discard import analyze
from muggins.analysis.simulate import run
from muggins.analysis.spec import Spec
from muggins.bots.cribbage.players import ExpertBot
from muggins.cards import STANDARD_CARDS
from muggins.games.cribbage.options import TABLE_FORMS
from muggins.scoring.fast import show_points
from muggins.strategy.cribbage import counterplay, play, race, searches
from muggins.strategy.cribbage.reading import read
from muggins.strategy.cribbage.search import unseen_ranks
from muggins.strategy.cribbage.winchance import shipped_win_chance

SEED = 2026
VARIANTS: list[dict[str, Any]] = [*TABLE_FORMS]


def _views(games: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Discard and pegging views (with a choice to make) from two-player expert games."""
    discards: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    for seed in range(games):
        game = new_game("cribbage", players=2, seed=SEED + seed)
        bots = [ExpertBot(), ExpertBot()]
        while not game.is_over:
            seat = min(game.to_move)
            view = game.view(seat)
            if len(view["legal_moves"]) > 1:
                (discards if view["phase"] == "discard" else plays).append(view)
            game.apply(seat, bots[seat].choose(view))
    return discards, plays


def _latencies(views: list[dict[str, Any]]) -> list[float]:
    """CPU milliseconds of one expert decision on each view (a fresh bot each time: no warm memory).

    The thousands of views held here are the benchmark's, not a game's: they are frozen out of the
    garbage collector so that a full collection over them is not charged to one decision."""
    gc.collect()
    gc.freeze()
    times = []
    for view in views:
        bot = ExpertBot()
        start = time.process_time()
        bot.choose(view)
        times.append((time.process_time() - start) * 1000)
    gc.unfreeze()
    return sorted(times)


def _latency_figure(name: str, times: list[float], target: str) -> Figure:
    p99 = times[int(0.99 * (len(times) - 1))]
    return figure(
        name,
        round(p99, 3),
        "ms",
        target,
        mean_ms=round(sum(times) / len(times), 3),
        max_ms=round(times[-1], 3),
        decisions=len(times),
        note="value is the 99th percentile, CPU time",
    )


def bench_decisions() -> list[Figure]:
    discards, plays = _views(40)
    return [
        _latency_figure("expert_discard_ms", _latencies(discards), "<=5"),
        # Issue 20: a decision within 50 ms at the 99th percentile (the server's bot turns use it).
        _latency_figure("expert_pegging_ms", _latencies(plays), "<=50"),
    ]


def bench_analyzer() -> list[Figure]:
    rng = random.Random(SEED)
    hands = [tuple(rng.sample(STANDARD_CARDS, 6)) for _ in range(200)]
    figures = []
    for mode, name in (
        ("uniform", "analyzer_exact_ms"),
        ("expert", "analyzer_exact_expert_ms"),
        ("tables", "analyzer_tables_ms"),
    ):
        times = []
        for number, hand in enumerate(hands):
            start = time.process_time()
            analyze(hand, dealer=number % 2 == 0, crib=mode)  # type: ignore[arg-type]
            times.append((time.process_time() - start) * 1000)
        times.sort()
        figures.append(
            figure(
                name,
                round(times[int(0.99 * (len(times) - 1))], 3),
                "ms",
                "<=150",
                mean_ms=round(sum(times) / len(times), 3),
                hands=len(hands),
                note="6-card hand, all 15 discards with distributions and crib; p99 CPU time",
            )
        )
    return figures


def bench_analyzer_exactness() -> Figure:
    """Every discard of 1,000 random hands: analyzer means against enumeration with the scalar scorer."""
    rng = random.Random(SEED + 1)
    wrong = checked = 0
    for _ in range(1000):
        hand = tuple(rng.sample(STANDARD_CARDS, 6))
        starters = [c for c in STANDARD_CARDS if c not in hand]
        for split in analyze(hand, dealer=True):
            exact = sum(show_points(split.kept, s) for s in starters) / len(starters)
            wrong += abs(exact - split.hand.mean) > 1e-9
            checked += 1
    return figure("analyzer_mismatches", wrong, "discards", "<=0", hands=1000, discards=checked)


def _rate(bots: tuple[str, ...], games: int) -> float:
    spec = Spec("cribbage", 2, bots, games, seed=SEED, duplicate=True)
    run(Spec("cribbage", 2, bots, 20, seed=SEED + 1))  # warm the caches and tables
    start = time.process_time()
    run(spec)
    return games / (time.process_time() - start)


def bench_games_per_second() -> list[Figure]:
    note = "one process, CPU time, views and the simulation loop included"
    return [
        figure(
            "expert_vs_expert", round(_rate(("expert",), 400), 1), "games/s", ">=60", games=400, note=note
        ),  # issue 62's target
        figure("quick_vs_quick", round(_rate(("quick",), 400), 1), "games/s", ">=300", games=400, note=note),
        figure("random_vs_random", round(_rate(("random",), 400), 1), "games/s", games=400, note=note),
        figure("greedy_vs_greedy", round(_rate(("greedy",), 400), 1), "games/s", games=400, note=note),
    ]


MEMORY_GAMES = (200, 2000)
_MEMORY = """
import resource, sys
from muggins.analysis.spec import Spec
from muggins.analysis.simulate import stream
peaks = []
for games in sys.argv[1:]:
    for record in stream(Spec("cribbage", 2, ("expert",), int(games), seed=int(games))):
        pass  # as `muggins simulate` adds each up and lets it go
    peaks.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
print(*peaks)
"""


def bench_expert_memory() -> Figure:
    """The peak memory of a fresh process playing expert self-play games: after 200 games, then
    after 2,000 more (an expert process must stay under 80 MB however many games it plays)."""
    out = subprocess.run(
        [sys.executable, "-c", _MEMORY, *map(str, MEMORY_GAMES)], capture_output=True, text=True, check=True
    ).stdout
    first, last = (float(peak) for peak in out.split())
    return figure(
        "expert_peak_rss",
        round(last, 1),
        "MiB",
        "<=80",
        after_200_games_mib=round(first, 1),
        games=sum(MEMORY_GAMES),
        note="a fresh process: interpreter, imports, tables and searches",
    )


Position = tuple[
    tuple[int, ...], tuple[int, ...], bool, searches.Holdings, list[tuple[tuple[int, ...], float]]
]


def _search_positions(games: int, samples: int = 100) -> list[Position]:
    """The two-player plays of expert games where the expert searches (a choice of ranks, the other
    holding three or four cards), each with the other's holdings as the expert draws them:
    ``samples`` of them by ways (the search with every card known draws 100 or 200, the one from
    what the seat knows 400), coded for the C searches and as ranks for the Python ones."""
    rng = random.Random(SEED)
    positions = []
    for view in _views(games)[1]:
        seat = read(view)
        other = 1 - seat.me
        fitting = {card.rank for card in seat.hand if seat.count + card.value <= 31}
        if seat.hand_sizes[other] < 3 or len(fitting) < 2:
            continue
        found = searches.holdings(unseen_ranks(seat), seat.hand_sizes[other], seat.lowest_value(other))
        drawn = searches.drawn(found, samples, rng)
        pile = tuple(card.rank for _, card in seat.pile)
        hand = tuple(sorted(card.rank for card in seat.hand))
        positions.append((hand, pile, other in seat.passed, drawn, searches.ranked(drawn)))
    return positions


def bench_play_searches() -> list[Figure]:
    """The expert's three play searches in C (``searches``) against the same searches compiled by
    mypyc (``play.play_values``, ``counterplay.counter_values``, ``race.race_values``, which the C
    copies), on the same positions, in turns over three rounds (CPU time, tables warm after the
    first). The race is searched from 108 against 112, by the shipped chances."""
    positions = _search_positions(12)
    state = race.race(shipped_win_chance(), 108, 112, dealing=True, show=8)
    pairs: dict[str, tuple[Any, Any]] = {
        "play_values": (searches.play_values, play.play_values),
        "counter_values": (searches.counter_values, counterplay.counter_values),
        "race_values": (
            functools.partial(searches.race_values, state),
            functools.partial(race.race_values, state),
        ),
    }
    figures = []
    for name, (fast, reference) in pairs.items():
        spent = {"c": 0.0, "mypyc": 0.0}
        for _ in range(3):
            start = time.process_time()
            for hand, pile, go, coded, _ranked in positions:
                fast(hand, pile, go, coded)
            spent["c"] += time.process_time() - start
            start = time.process_time()
            for hand, pile, go, _coded, ranked in positions:
                reference(hand, pile, go, ranked)
            spent["mypyc"] += time.process_time() - start
        figures.append(
            figure(
                f"{name}_c_vs_mypyc",
                round(spent["mypyc"] / spent["c"], 2),
                "x",
                searches_per_second=round(3 * len(positions) / spent["c"]),
                mypyc_searches_per_second=round(3 * len(positions) / spent["mypyc"]),
                positions=len(positions),
                c=searches.in_c(),
                note="the same positions and holdings (100 drawn by ways), CPU time, 3 rounds in turns",
            )
        )
    return figures


def bench_scaling() -> Figure:
    spec = Spec("cribbage", 2, ("expert", "greedy"), 600, seed=SEED, duplicate=True)
    walls = {}
    for workers in (1, 2):
        start = time.perf_counter()
        records = run(spec, workers=workers)
        walls[workers] = time.perf_counter() - start
        assert len(records) == spec.games
    return figure(
        "simulation_scaling_2_workers",
        round(walls[1] / walls[2], 2),
        "x",
        games=spec.games,
        one_worker_s=round(walls[1], 2),
        two_workers_s=round(walls[2], 2),
        cpus=os.cpu_count(),
        note="wall-clock speed-up from 1 to 2 workers; same results either way",
    )


def bench_variant_games() -> Figure:
    """Thousands of games in every variant with every bot: any illegal move raises and fails this."""
    games = int(os.environ.get("BOTS_VARIANT_GAMES", "1000"))
    start = time.process_time()
    total = 0
    for config in VARIANTS:
        options = {k: v for k, v in config.items() if k != "players"}
        for bots in (("expert",), ("greedy",), ("expert", "greedy", "random")):
            total += len(run(Spec("cribbage", config["players"], bots, games, seed=SEED, options=options)))
    return figure(
        "variant_games_without_illegal_move",
        total,
        "games",
        games_per_lineup=games,
        variants=len(VARIANTS),
        cpu_s=round(time.process_time() - start, 1),
    )


def main(argv: list[str]) -> int:
    benches = [
        bench_decisions,
        bench_analyzer,
        bench_analyzer_exactness,
        bench_games_per_second,
        bench_expert_memory,
        bench_play_searches,
        bench_scaling,
        bench_variant_games,
    ]
    for bench in benches:
        if argv and not any(name in bench.__name__ for name in argv):
            continue
        result = bench()
        for item in result if isinstance(result, list) else [result]:
            print(json.dumps(item), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""The cribbage engine: random-move full games per second on one core, through the game protocol.

Each game is played the way any front plays it: ``to_move``, ``legal_moves``, a uniformly random
choice, ``apply``. CPU time of the thread that plays is used, so a loaded machine does not skew the
rate, nor do numpy's BLAS worker threads, which spin on other cores for a while after the scoring
tables are built with numpy in the first show (counted as the process's CPU time, they halved the
rate of the first few hundred games).
The peer is OpenSpiel's cribbage (C++ behind Python bindings, the ``bench`` extra) driven by the
same kind of Python loop, chance nodes (the deal and the cut) sampled as OpenSpiel's examples do.
Each game is loaded before its clock starts (OpenSpiel's ``load_game``, our engine's module through
the registry): importing the engine builds the scoring tables, once per process, in about as much
time as a few hundred random games, so it is reported apart (``load_s``), not counted per game.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import Figure, figure, play_randomly
from muggins.games.registry import game_class, new_game

GAMES = 300


def random_games_per_second(games: int, **config: Any) -> tuple[float, float]:
    """CPU-time rate of random-move full games, and the mean number of moves per game."""
    rng = random.Random(2026)
    moves = 0
    start = time.thread_time()
    for seed in range(games):
        moves += play_randomly(new_game("cribbage", seed=seed, **config), rng)
    return games / (time.thread_time() - start), moves / games


def openspiel_games_per_second(games: int) -> tuple[float, float] | None:
    """The same loop over OpenSpiel's two-player cribbage: (games/s, actions per game), or None
    when OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = random.Random(2026)
    spiel = pyspiel.load_game("cribbage")
    actions = 0
    start = time.thread_time()
    for _ in range(games):
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return games / (time.thread_time() - start), actions / games


def load_seconds() -> float:
    """CPU time to load the engine (import its modules through the registry); 0 once loaded."""
    start = time.thread_time()
    game_class("cribbage")
    return time.thread_time() - start


def _bench(name: str, target: str | None, **config: Any) -> Figure:
    load = load_seconds()
    rate, moves = random_games_per_second(GAMES, **config)
    return figure(name, round(rate, 1), "games/s", target, games=GAMES, moves_per_game=round(moves, 1),
                  load_s=round(load, 3))


def bench_cribbage_random_2p() -> Figure:
    result = _bench("cribbage_random_2p", ">=2000", players=2)
    peer = openspiel_games_per_second(GAMES)
    if peer is not None:
        result.update(openspiel_games_per_s=round(peer[0], 1), openspiel_actions_per_game=round(peer[1], 1),
                      ratio_to_openspiel=round(result["value"] / peer[0], 2))
    return result


def bench_cribbage_random_3p() -> Figure:
    return _bench("cribbage_random_3p", None, players=3)


def bench_cribbage_random_4p() -> Figure:
    return _bench("cribbage_random_4p", None, players=4)


def bench_cribbage_random_ten_hand() -> Figure:
    return _bench("cribbage_random_ten_hand_2p", None, players=2, variant="ten-hand")


if __name__ == "__main__":
    import json

    for bench in (bench_cribbage_random_2p, bench_cribbage_random_3p, bench_cribbage_random_4p,
                  bench_cribbage_random_ten_hand):
        print(json.dumps(bench()), flush=True)

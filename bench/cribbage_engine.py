"""The cribbage engine: random-move full games per second on one core, through the game protocol.

Each game is played the way any front plays it: ``to_move``, ``legal_moves``, a uniformly random
choice, ``apply``. CPU time of the thread that plays is used, so a loaded machine does not skew the
rate, nor do numpy's BLAS worker threads, which spin on other cores for a while after the scoring
tables are built with numpy in the first show (counted as the process's CPU time, they halved the
rate of the first few hundred games).
The peer is OpenSpiel's cribbage (C++ behind Python bindings, the ``bench`` extra), played by its own
C++ loop (``evaluate_bots``: the compiled reference) and by the same kind of Python loop as ours,
chance nodes (the deal and the cut) sampled as OpenSpiel's examples do.
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

from bench.figures import Figure, figure, interleaved_seconds, play_randomly
from muggins.games.registry import game_class, new_game
from muggins.games.rollout import play_out

GAMES = 300
ROUNDS = 3


def random_games(games: int, **config: Any) -> float:
    """Play ``games`` random-move full games; the mean number of moves per game."""
    rng = random.Random(2026)
    moves = 0
    for seed in range(games):
        moves += play_randomly(new_game("cribbage", seed=seed, **config), rng)
    return moves / games


def random_games_per_second(games: int, **config: Any) -> tuple[float, float]:
    """CPU-time rate of random-move full games, and the mean number of moves per game."""
    start = time.thread_time()
    moves = random_games(games, **config)
    return games / (time.thread_time() - start), moves


def openspiel_python_loop(spiel: Any, games: int) -> float:
    """OpenSpiel's two-player cribbage driven by the same kind of Python loop (a random choice from
    the legal actions, chance outcomes sampled as OpenSpiel's examples do); actions per game."""
    rng = random.Random(2026)
    actions = 0
    for _ in range(games):
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / games


def openspiel_cpp_loop(spiel: Any, games: int) -> None:
    """OpenSpiel's cribbage played by its C++ loop (``evaluate_bots`` with uniform random bots),
    one Python call per game: the compiled reference."""
    import pyspiel

    bots = [pyspiel.make_uniform_random_bot(player, 2026 + player) for player in range(2)]
    for seed in range(games):
        pyspiel.evaluate_bots(spiel.new_initial_state(), bots, seed)


def quick_games(games: int) -> float:
    """Play ``games`` two-player games to their end by the quick path (``Game.finish_randomly``); the
    mean number of moves per game."""
    rng = random.Random(2026)
    moves = 0
    for seed in range(games):
        finished = new_game("cribbage", players=2, seed=seed).finish_randomly(rng)
        assert finished is not None
        moves += finished.moves
    return moves / games


def load_seconds() -> float:
    """CPU time to load the engine (import its modules through the registry); 0 once loaded."""
    start = time.thread_time()
    game_class("cribbage")
    return time.thread_time() - start


def _bench(name: str, target: str | None, **config: Any) -> Figure:
    load = load_seconds()
    rate, moves = random_games_per_second(GAMES, **config)
    return figure(
        name,
        round(rate, 1),
        "games/s",
        target,
        games=GAMES,
        moves_per_game=round(moves, 1),
        load_s=round(load, 3),
    )


def rollout_games(games: int, game: str = "cribbage", **config: Any) -> float:
    """Play ``games`` full games by the compiled rollout path (``games.rollout.play_out``); the mean
    number of moves per game."""
    rng = random.Random(2026)
    moves = 0
    for seed in range(games):
        moves += play_out(new_game(game, seed=seed, **config), rng)
    return moves / games


def bench_cribbage_random_2p() -> list[Figure]:
    """Our protocol loop, our compiled rollout path (``games.rollout.play_out``, every move through
    the engine) and our quick path (``Game.finish_randomly``: the same moves and deals on numbers,
    giving the end alone) against OpenSpiel's C++ loop and its Python loop, the same number of games
    each, each made new, in interleaved rounds of CPU time: loop against loop, compiled against
    compiled."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        alone = []
        for name, play, target in (
            ("cribbage_random_2p_rollout", lambda: rollout_games(GAMES, players=2), None),
            ("cribbage_random_2p_quick", lambda: quick_games(GAMES), ">=8500"),
        ):
            start = time.thread_time()
            play()
            rate = GAMES / (time.thread_time() - start)
            alone.append(figure(name, round(rate, 1), "games/s", target, games=GAMES))
        return [_bench("cribbage_random_2p", ">=2000", players=2), *alone]
    load = load_seconds()
    spiel = pyspiel.load_game("cribbage")
    moves: dict[str, float] = {}
    seconds = interleaved_seconds(
        {
            "muggins": lambda: moves.update(muggins=random_games(GAMES, players=2)),
            "rollout": lambda: moves.update(rollout=rollout_games(GAMES, players=2)),
            "quick": lambda: moves.update(quick=quick_games(GAMES)),
            "openspiel_cpp_loop": lambda: openspiel_cpp_loop(spiel, GAMES),
            "openspiel_python_loop": lambda: openspiel_python_loop(spiel, GAMES),
        },
        rounds=ROUNDS,
    )
    rate = {side: ROUNDS * GAMES / s for side, s in seconds.items()}
    cpp, python = rate["openspiel_cpp_loop"], rate["openspiel_python_loop"]
    python_loop = {
        "openspiel_python_loop_games_per_s": round(python, 1),
        "ratio_to_openspiel_python_loop": round(rate["muggins"] / python, 2),
    }
    return [
        figure(
            name,
            round(rate[side], 1),
            "games/s",
            target,
            games=GAMES * ROUNDS,
            moves_per_game=round(moves[side], 1),
            load_s=round(load, 3),
            openspiel_cpp_loop_games_per_s=round(cpp, 1),
            ratio_to_openspiel_cpp_loop=round(rate[side] / cpp, 2),
            **extra,
            note=f"{path}; CPU time of the playing thread, interleaved rounds, as many games each",
        )
        for name, side, target, path, extra in (
            ("cribbage_random_2p", "muggins", ">=2000", "the protocol loop from Python", python_loop),
            ("cribbage_random_2p_rollout", "rollout", None, "games.rollout.play_out, compiled", {}),
            (
                "cribbage_random_2p_quick",
                "quick",
                ">=8500",
                "Game.finish_randomly (the compiled quick path: the end alone, as evaluate_bots gives)",
                {},
            ),
        )
    ]


def bench_cribist_rollout() -> Figure:
    """Random full Cribist games (four players, default options) by the compiled rollout path."""
    start = time.thread_time()
    rollout_games(1, "cribist", players=4)  # the engine loaded, its first game's caches filled
    load = time.thread_time() - start
    start = time.thread_time()
    moves = rollout_games(GAMES, "cribist", players=4)
    rate = GAMES / (time.thread_time() - start)
    return figure(
        "cribist_random_games_rollout",
        round(rate, 1),
        "games/s",
        ">=1500",
        games=GAMES,
        moves_per_game=round(moves, 1),
        load_s=round(load, 3),
        note="games.rollout.play_out, CPU time",
    )


def bench_cribbage_random_3p() -> Figure:
    return _bench("cribbage_random_3p", None, players=3)


def bench_cribbage_random_4p() -> Figure:
    return _bench("cribbage_random_4p", None, players=4)


def bench_cribbage_random_ten_hand() -> Figure:
    return _bench("cribbage_random_ten_hand_2p", None, players=2, variant="ten-hand")


if __name__ == "__main__":
    import json

    for bench in (
        bench_cribbage_random_2p,
        bench_cribist_rollout,
        bench_cribbage_random_3p,
        bench_cribbage_random_4p,
        bench_cribbage_random_ten_hand,
    ):
        found = bench()
        for item in found if isinstance(found, list) else [found]:
            print(json.dumps(item), flush=True)

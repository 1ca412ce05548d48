"""Skalborg play and analysis: exact heads-up equity at the turn, and random full games per second.

Run with the others (``python -m bench skalborg_game``) or alone (``python bench/skalborg_game.py``);
either way one JSON line per figure.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the ``bench`` package importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import Figure, best_seconds, figure
from muggins.cards import parse_cards
from muggins.games.registry import game_class, new_game
from muggins.scoring.skalborg.fast import tables
from muggins.strategy.skalborg.equity import equity

TURN_HAND = "5S 5H 3S JKB"
TURN_BOARD = "6D 7H QH"
GAMES = 200


def bench_skalborg_equity_turn() -> list[Figure]:
    """Exact equity at the turn, heads-up: 47 rivers x 163,185 opponent hands (7.7 million deals)."""
    hand, board = parse_cards(TURN_HAND), parse_cards(TURN_BOARD)
    start = time.thread_time()
    result = equity(hand, board)
    cold = time.thread_time() - start
    warm = best_seconds(lambda: equity(hand, board))
    assert result.exact
    detail: dict[str, Any] = {
        "hand": TURN_HAND,
        "board": TURN_BOARD,
        "deals": result.hands,
        "share": round(result.share, 6),
    }
    return [
        figure("skalborg_equity_turn", round(warm, 4), "s", "<=1", **detail),
        figure(
            "skalborg_equity_turn_first_call",
            round(cold, 4),
            "s",
            note="first call in the process: includes building the Skalborg scoring tables",
            **detail,
        ),
    ]


def bench_skalborg_random_games() -> Figure:
    """Full heads-up games (starting stack 100 big blinds) with uniformly random legal moves, in CPU
    time of the playing thread like the cribbage figures. As there, the engine is loaded before the
    clock starts (its modules, and the scoring tables it builds on the first showdown in a process)
    and the load is reported apart (``load_s``; ``skalborg_tables_cold`` times the tables alone)."""
    start = time.thread_time()
    game_class("skalborg")
    tables()
    load = time.thread_time() - start
    rng = random.Random(2026)
    moves = 0
    start = time.thread_time()
    for seed in range(GAMES):
        game = new_game("skalborg", players=2, seed=seed, starting_stack=200)
        while not game.is_over:
            seat = rng.choice(sorted(game.to_move))
            game.apply(seat, rng.choice(game.legal_moves(seat)))
            moves += 1
    seconds = time.thread_time() - start
    return figure(
        "skalborg_random_games",
        round(GAMES / seconds, 1),
        "games/s",
        ">=2000",
        games=GAMES,
        moves=moves,
        load_s=round(load, 3),
    )


def main() -> None:
    for bench in (bench_skalborg_equity_turn, bench_skalborg_random_games):
        result = bench()
        for item in result if isinstance(result, list) else [result]:
            print(json.dumps(item), flush=True)


if __name__ == "__main__":
    main()

"""The engine protocol's cost (docs/engines.md): the same games played by a bot that takes the first
legal move, in process and as an engine over the protocol (examples/first_legal.c, built here,
and examples/first_legal.py), in turns in one run.

    .venv/bin/python bench/engine.py                   # cribbage, 2 players, 200 games a block, 5 blocks
    .venv/bin/python bench/engine.py --game cribist --players 4 --games 50

Both ways build each seat's view (``Game.view``) for each decision and apply the move; the engine
way also writes the view as JSON, sends it, and reads and parses the answer. A seat with one legal
move makes it without asking, both ways. Each block plays the same seeds each way; the figures
are the median of the blocks: games a second in CPU (this process and the engines together) and
in wall time, and the protocol's cost a decision (the difference over the decisions asked).
Prints JSON lines.
"""

from __future__ import annotations

import argparse
import functools
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.load import cpu_seconds, emit
from muggins.bots.base import Bot, View
from muggins.bots.engine import Engine, EngineBot
from muggins.games.moves import Move, parse_move
from muggins.games.registry import new_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


class FirstLegal:
    """The bot the example engines are, in process."""

    def choose(self, view: View) -> Move:
        return parse_move(view["legal_moves"][0])


def play(game_name: str, players: int, bots: Sequence[Bot], seeds: range) -> int:
    """Play a game for each seed; the decisions the bots were asked for."""
    asked = 0
    for seed in seeds:
        game = new_game(game_name, players=players, seed=seed)
        while not game.is_over:
            seat = min(game.to_move)
            legal = game.legal_moves(seat)
            if len(legal) == 1:
                game.apply(seat, legal[0])
                continue
            game.apply(seat, bots[seat].choose(game.view(seat)))
            asked += 1
    return asked


def pids(engines: list[Engine]) -> list[int]:
    return [engine.proc.pid for engine in engines]


def timed(work: Callable[[], int], pids: Callable[[], list[int]]) -> tuple[float, float, int]:
    """CPU seconds (this process and the processes ``pids``), wall seconds, and what ``work`` returned."""
    own, theirs, wall = time.process_time(), sum(cpu_seconds(p) for p in pids()), time.perf_counter()
    result = work()
    wall = time.perf_counter() - wall
    cpu = time.process_time() - own + sum(cpu_seconds(p) for p in pids()) - theirs
    return cpu, wall, result


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="cribbage")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200, help="games a block, each way")
    parser.add_argument("--blocks", type=int, default=5)
    args = parser.parse_args()
    compiler = shutil.which("cc")
    if compiler is None:
        raise SystemExit("bench/engine.py builds examples/first_legal.c: no C compiler (cc) found")
    built = Path(tempfile.mkdtemp(prefix="muggins-engine-")) / "first_legal"
    subprocess.run([compiler, "-O2", "-o", str(built), str(EXAMPLES / "first_legal.c")], check=True)
    ways: dict[str, Callable[[], list[Engine]]] = {
        "in process": list,
        "engine in C": lambda: [Engine([str(built)]) for _ in range(args.players)],
        "engine in Python": lambda: [
            Engine([sys.executable, str(EXAMPLES / "first_legal.py")]) for _ in range(args.players)
        ],
    }
    figures: dict[str, list[tuple[float, float, int]]] = {way: [] for way in ways}
    play(args.game, args.players, [FirstLegal()] * args.players, range(-20, 0))  # modules loaded, caches warm
    for block in range(args.blocks):
        seeds = range(block * args.games, (block + 1) * args.games)
        order = list(ways) if block % 2 == 0 else list(reversed(ways))  # neither way always first
        for way in order:
            engines = ways[way]()  # started before the clock: a run starts its engines once
            bots: list[Bot] = [EngineBot(e) for e in engines] if engines else [FirstLegal()] * args.players
            work = functools.partial(play, args.game, args.players, bots, seeds)
            figures[way].append(timed(work, functools.partial(pids, engines)))
            for engine in engines:
                engine.close()
    base_cpu = statistics.median(cpu for cpu, _, _ in figures["in process"])
    base_wall = statistics.median(wall for _, wall, _ in figures["in process"])
    for way, runs in figures.items():
        cpu = statistics.median(c for c, _, _ in runs)
        wall = statistics.median(w for _, w, _ in runs)
        asked = runs[0][2]
        detail: dict[str, Any] = {}
        if way != "in process":
            detail = {
                "cpu_us_a_decision_over_in_process": round((cpu - base_cpu) / asked * 1e6, 1),
                "wall_us_a_decision_over_in_process": round((wall - base_wall) / asked * 1e6, 1),
                "cpu_ratio_to_in_process": round(base_cpu / cpu, 3),
            }
        emit(
            bench="engine_protocol",
            way=way,
            value=round(args.games / cpu, 1),
            unit="games/s CPU (median of blocks)",
            games_per_s_wall=round(args.games / wall, 1),
            game=args.game,
            players=args.players,
            games=args.games,
            blocks=args.blocks,
            decisions_a_block=asked,
            **detail,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Machine instructions per random full game, counted by valgrind's callgrind: a figure of the
engines' speed that does not depend on how busy or how fast the machine is.

    .venv/bin/python bench/instructions.py [--games 100] [--game cribbage|cribist] [--bot NAME]

Plays ``--games`` seeded random games (after 20 warm-up games that build the lazy tables) under
callgrind, then the same run with no games, and reports the difference per game. With ``--bot``,
the games are that bot's self-play as ``muggins simulate`` plays them (``--bot quick``: the quick
expert's cost a game, for a change to it too small to time on a busy machine; ``bench/strength.py``'s
variants such as ``expert-quarter`` are known too). Needs ``valgrind``
(Debian's package); prints one JSON line per game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import figure, play_randomly

PLAYERS = {"cribbage": 2, "cribist": 4}
WARM_UP = 20


def play(name: str, seeds: range, bot: str | None = None) -> None:
    """Random full games, played as the games-per-second benchmarks play them; with ``bot``, that
    bot's self-play as ``muggins simulate`` plays it."""
    from muggins.games.registry import new_game

    if bot is not None:
        from bench.strength import register_bots
        from muggins.analysis.simulate import stream
        from muggins.analysis.spec import Spec

        register_bots()  # strength's cribbage variants too (expert-quarter ...), in both runs alike
        if not seeds:
            return
        for _ in stream(Spec(name, PLAYERS[name], (bot,), len(seeds), seed=seeds.start)):
            pass
        return
    rng = random.Random(2026)
    for seed in seeds:
        play_randomly(new_game(name, players=PLAYERS[name], seed=seed), rng)


def counted(name: str, games: int, bot: str | None = None) -> int:
    """Instructions callgrind counts for the warm-up plus ``games`` games, in a fresh process."""
    return callgrind(
        [sys.executable, __file__, "--play", name, "--games", str(games), *(["--bot", bot] if bot else [])]
    )


def callgrind(command: list[str]) -> int:
    """The instructions valgrind's callgrind counts while ``command`` runs (numpy on one thread:
    its idle threads would be counted too)."""
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out", *command],
            capture_output=True,
            text=True,
            check=True,
            env=os.environ | {"OPENBLAS_NUM_THREADS": "1"},
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--game", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--bot", help="a bot's self-play instead of random games (e.g. quick, expert)")
    parser.add_argument("--play", choices=sorted(PLAYERS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:  # the child process callgrind runs
        play(args.play, range(10_000, 10_000 + WARM_UP), args.bot)
        play(args.play, range(args.games), args.bot)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    for name in args.game or sorted(PLAYERS):
        per_game = (counted(name, args.games, args.bot) - counted(name, 0, args.bot)) / args.games
        label = f"{name}_{args.bot}" if args.bot else name
        result = figure(
            f"{label}_instructions_per_game", round(per_game / 1e6, 2), "M instructions", games=args.games
        )
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

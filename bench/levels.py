"""The bot levels' ratings (issue 61, item 3; docs/bots.md, "Levels"): a round robin between every
bot of a game, each pair playing duplicate games (each deal twice, seats swapped; a game of four
seats its two bots as partners), fitted on the leaderboard's scale.

    .venv/bin/python bench/levels.py --game cribbage                 # 200 games a pair
    .venv/bin/python bench/levels.py --game cribist --players 4 --games 100 --write

The fit is Bradley-Terry on the scale the server shows (400 points between two players where the
stronger wins ten games in eleven), by maximum likelihood with half a game won and half lost added
to each pair (so a sweep has a finite gap), and the greedy bot (it takes the points in front
of it, as a newcomer does; a game without one: its strongest) at 1500, a newcomer's rating. The
95% intervals come from the fit's curvature with every game counted as independent; duplicate
games are less noisy than that, so the intervals are if anything wide. Prints JSON lines (each
pair, then the ratings); ``--write`` puts the ratings in ``src/muggins/data/bot_ratings.json``
for the game, and ``--refit FILE`` fits the pairs an earlier run printed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.load import emit
from muggins.analysis.simulate import stream
from muggins.analysis.spec import Spec
from muggins.bots.registry import bot_names

ANCHOR = 1500
SCALE = math.log(10) / 400
"""Logistic slope per rating point: 400 points are odds of ten to one."""
Z95 = 1.959964
RATINGS = Path(__file__).resolve().parent.parent / "src" / "muggins" / "data" / "bot_ratings.json"


def anchor_of(names: list[str]) -> str:
    """The bot at 1500: greedy, which takes the points in front of it as a newcomer does, where the
    game has one; else the game's strongest."""
    return "greedy" if "greedy" in names else names[-1]


def fit(
    names: list[str], scores: dict[tuple[str, str], tuple[float, int]], anchor: str
) -> dict[str, tuple[float, float]]:
    """Each bot's rating and its standard error, from each pair's points (the first bot's wins,
    half for a draw) and games; ``anchor`` at ``ANCHOR``."""
    free = [name for name in names if name != anchor]
    index = {name: i for i, name in enumerate(free)}
    x = np.zeros(len(free))

    def rating(name: str) -> float:
        return 0.0 if name == anchor else float(x[index[name]])

    for _ in range(100):
        gradient = np.zeros(len(free))
        hessian = np.zeros((len(free), len(free)))
        for (a, b), (points, played) in scores.items():
            won, games = points + 0.5, played + 1  # half a game each way
            p = 1 / (1 + math.exp(-SCALE * (rating(a) - rating(b))))
            g, h = SCALE * (won - games * p), SCALE * SCALE * games * p * (1 - p)
            for name, sign in ((a, 1), (b, -1)):
                if name in index:
                    gradient[index[name]] += sign * g
            for one, other in itertools.product((a, b), repeat=2):
                if one in index and other in index:
                    hessian[index[one], index[other]] += h if one == other else -h
        step = np.linalg.solve(hessian, gradient)
        x += step
        if np.max(np.abs(step)) < 1e-6:
            break
    errors = np.sqrt(np.diag(np.linalg.inv(hessian)))
    fitted = {
        name: (ANCHOR + rating(name), 0.0 if name == anchor else float(errors[index[name]])) for name in names
    }
    return fitted


def children_cpu() -> float:
    """CPU seconds of the worker processes that have ended."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="cribbage")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200, help="games a pair (an even number: deals twice)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument(
        "--write", action="store_true", help="keep the ratings in muggins/data/bot_ratings.json"
    )
    parser.add_argument(
        "--refit", type=Path, help="fit the pairs an earlier run printed (a file of its lines)"
    )
    args = parser.parse_args()
    names = bot_names(args.game)
    scores: dict[tuple[str, str], tuple[float, int]] = {}
    started = time.process_time(), time.monotonic()
    if args.refit:
        for line in args.refit.read_text(encoding="utf-8").splitlines():
            told = json.loads(line)
            if "pair" in told and told["game"] == args.game:
                a, b = told["pair"]
                scores[a, b] = told["first_won"], told["games"]
                args.games = told["games"]
    for number, (a, b) in enumerate(itertools.combinations(names, 2)):
        if (a, b) in scores or (b, a) in scores:
            continue
        spec = Spec(args.game, args.players, (a, b), args.games, args.seed + number, duplicate=True)
        won = 0.0
        for record in stream(spec, workers=args.workers):
            ranks = record["ranks"]
            mine, theirs = ranks[record["bots"].index(a)], ranks[record["bots"].index(b)]
            won += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        scores[a, b] = won, args.games
        emit(
            bench="levels", game=args.game, players=args.players, pair=[a, b], first_won=won, games=args.games
        )
    anchor = anchor_of(names)
    fitted = fit(names, scores, anchor)
    ratings = {
        name: {
            "rating": round(value),
            "low": round(value - Z95 * error),
            "high": round(value + Z95 * error),
            "games": args.games * (len(names) - 1),
        }
        for name, (value, error) in fitted.items()
    }
    emit(
        bench="levels",
        game=args.game,
        players=args.players,
        anchor=anchor,
        ratings=ratings,
        cpu_s=round(time.process_time() - started[0] + children_cpu(), 1),
        wall_s=round(time.monotonic() - started[1], 1),
    )
    if args.write:
        kept = json.loads(RATINGS.read_text(encoding="utf-8"))
        kept["games"][args.game] = {"players": args.players, "bots": ratings}
        kept["games"] = dict(sorted(kept["games"].items()))
        RATINGS.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

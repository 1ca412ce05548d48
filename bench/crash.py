"""Crash cribbage: what weighing crashes in the play is worth. A bot against itself blind to the
rule (its views say no crash, so it plays as at a plain table), at a Crash table, in duplicate pairs
of two-player games to 121 (the same deals, seats swapped); the first bot's wins, its points a deal
and how many more than the blind one's.

    .venv/bin/python bench/crash.py expert --pairs 1000 --seed 11 --workers 2

Prints one JSON line.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from muggins.analysis.simulate import run
from muggins.analysis.spec import Spec
from muggins.analysis.tally import summarise
from muggins.bots.base import Bot, View
from muggins.bots.cribbage.roster import BOTS
from muggins.games.moves import Move

BLIND = "-crashblind"


class CrashBlind:
    """``bot`` told that the table plays no Crash: it weighs no crash."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, view: View) -> Move:
        return self.bot.choose({**view, "crash": False})


def _blind(name: str, seed: int = 0) -> CrashBlind:
    return CrashBlind(BOTS[name](seed))


def weighed(bot: str, pairs: int, seed: int, workers: int) -> dict[str, float]:
    """``bot`` against itself blind to crashes over ``pairs`` duplicate pairs at a Crash table."""
    BOTS.setdefault(bot + BLIND, functools.partial(_blind, bot))
    spec = Spec("cribbage", 2, (bot, bot + BLIND), 2 * pairs, seed, duplicate=True, options={"crash": True})
    by_bot = summarise(spec, run(spec, workers=workers))["by_bot"]
    mine, blind = by_bot[bot], by_bot[bot + BLIND]
    return {
        **mine["win_rate"],
        "points_per_deal": mine["points_per_deal"],
        "margin_per_deal": mine["points_per_deal"] - blind["points_per_deal"],
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot", nargs="?", default="expert")
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(json.dumps({"bot": args.bot, **weighed(args.bot, args.pairs, args.seed, args.workers)}))

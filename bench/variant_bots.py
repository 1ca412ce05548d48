"""What a bot's handling of a cribbage variant is worth: the bot against itself without it, in
duplicate pairs of two-player games to 121 (the same deals, seats swapped) at a table of that
variant; the first bot's wins, its points a deal and how many more than the other's.

    .venv/bin/python bench/variant_bots.py crash expert --pairs 1000 --seed 11 --workers 2
    .venv/bin/python bench/variant_bots.py jokers expert --pairs 1000 --seed 11 --workers 2

``crash``: ``BOT`` against itself blind to Crash (its views say no crash, so it plays as at a
plain table). ``jokers``: the expert against the expert throwing a hand that holds a wild joker
by what the kept cards hold before the starter, not by their show over every starter.

Prints one JSON line.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from muggins.analysis.simulate import run
from muggins.analysis.spec import Spec
from muggins.analysis.tally import summarise
from muggins.bots.base import Bot, BotFactory, View
from muggins.bots.cribbage.players import ExpertBot
from muggins.bots.cribbage.roster import BOTS
from muggins.bots.cribbage.wild import holds_joker, wild_discard
from muggins.games.moves import Move
from muggins.strategy.cribbage.reading import read


class CrashBlind:
    """``bot`` told that the table plays no Crash: it weighs no crash."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, view: View) -> Move:
        return self.bot.choose({**view, "crash": False})


class HeldJokers(ExpertBot):
    """The expert, throwing a hand with a wild joker by what the kept cards hold now."""

    def choose(self, view: View) -> Move:
        seat = read(view)
        if view.get("jokers") and seat.phase == "discard" and holds_joker(seat):
            return wild_discard(seat, self.tables, by_starters=False)
        return super().choose(view)


def _blind(name: str, seed: int = 0) -> CrashBlind:
    return CrashBlind(BOTS[name](seed))


VARIANTS: dict[str, tuple[str, dict[str, bool], Callable[[str], BotFactory]]] = {
    "crash": ("-crashblind", {"crash": True}, lambda bot: functools.partial(_blind, bot)),
    "jokers": ("-heldjokers", {"jokers": True}, lambda bot: HeldJokers),
}
"""Each variant: the other bot's name suffix, the table's options and the other bot's maker."""


def weighed(variant: str, bot: str, pairs: int, seed: int, workers: int) -> dict[str, float]:
    """``bot`` against itself without its handling of ``variant`` over ``pairs`` duplicate pairs."""
    suffix, options, without = VARIANTS[variant]
    other = bot + suffix
    BOTS.setdefault(other, without(bot))
    spec = Spec("cribbage", 2, (bot, other), 2 * pairs, seed, duplicate=True, options=options)
    by_bot = summarise(spec, run(spec, workers=workers))["by_bot"]
    mine = by_bot[bot]
    return {
        **mine["win_rate"],
        "points_per_deal": mine["points_per_deal"],
        "margin_per_deal": mine["points_per_deal"] - by_bot[other]["points_per_deal"],
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", choices=sorted(VARIANTS))
    parser.add_argument("bot", nargs="?", default="expert")
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.variant == "jokers" and args.bot != "expert":
        parser.error("jokers measures the expert's throw: its bot is the expert")
    figures = weighed(args.variant, args.bot, args.pairs, args.seed, args.workers)
    print(json.dumps({"variant": args.variant, "bot": args.bot, **figures}))

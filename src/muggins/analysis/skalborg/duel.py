"""Duplicate Skalborg duels: two bots play the same heads-up hands twice, seats swapped, so the cards
cancel out and what is left is skill. Each hand is a one-hand game from full stacks."""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any

from muggins.bots.registry import make_bot
from muggins.games.base import Game
from muggins.games.registry import new_game

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Duel:
    """``mean``: chips per hand the first bot won from the second (95% CI ``mean ± error``)."""

    first: str
    second: str
    pairs: int
    mean: float
    error: float
    big_blind: int
    tally: dict[str, int]
    """The first bot's betting decisions by kind, if it keeps a ``tally`` (the expert does)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "pairs": self.pairs,
            "chips_per_hand": round(self.mean, 3),
            "ci95": [round(self.mean - self.error, 3), round(self.mean + self.error, 3)],
            "big_blinds_per_hand": round(self.mean / self.big_blind, 3),
            "first_bot_decisions": self.tally,
        }


def play_out(game: Game, bots: dict[int, Any]) -> None:
    """The generic loop: while the game goes on, every seat asked moves from its own view."""
    while not game.is_over:
        for seat in sorted(game.to_move):
            if seat in game.to_move:
                game.apply(seat, bots[seat].choose(game.view(seat)))


def duel(first: str, second: str, *, pairs: int, seed: int = 0, **options: Any) -> Duel:
    """Play ``pairs`` duplicate pairs of one-hand games between bots ``first`` and ``second``."""
    options = {"starting_stack": 200, **options, "max_hands": 1, "first_dealer": 0}
    margins = []
    big_blind = 0
    tally: Counter[str] = Counter()
    for number in range(pairs):
        deal_seed = random.Random(f"{seed}/{number}").randrange(2**63)
        margin = 0
        for first_seat in (0, 1):
            game = new_game("skalborg", players=2, seed=deal_seed, **options)
            bots = {
                first_seat: make_bot("skalborg", first, seed=deal_seed),
                1 - first_seat: make_bot("skalborg", second, seed=deal_seed + 1),
            }
            play_out(game, bots)
            tally.update(getattr(bots[first_seat], "tally", {}))
            margin += game.scores[first_seat] - options["starting_stack"]
            big_blind = game.view(None)["big_blind"]
        margins.append(margin / 2)
    error = Z95 * statistics.stdev(margins) / math.sqrt(pairs) if pairs > 1 else math.inf
    return Duel(first, second, pairs, statistics.fmean(margins), error, big_blind, dict(tally))

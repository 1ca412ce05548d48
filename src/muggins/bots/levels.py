"""Bot levels: the rungs of each game's ladder between the random bot and the expert, each the
expert playing weaker in a stated way (docs/bots.md, "Levels"), so that a player can pick an
opponent of about their own strength.

A level makes ``blunders`` of its decisions (those with a choice, in the phases where a blunder
is a card or a bet, never a count by hand) as a legal move drawn at random, the rest as the expert
does; where the game is counted by hand it counts with ``slips`` (``muggins.strategy.slips``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass

from muggins.bots.base import Bot, BotFactory, View
from muggins.games.moves import Move, parse_move
from muggins.strategy.slips import CARELESS, CASUAL, SlipRates


@dataclass(frozen=True, slots=True)
class Level:
    """One rung: its name, the share of decisions it blunders, and how it counts by hand."""

    name: str
    blunders: float
    slips: SlipRates


LADDER = (
    Level("beginner", 0.8, CARELESS),
    Level("novice", 0.5, CARELESS),
    Level("regular", 0.25, CASUAL),
    Level("club", 0.1, CASUAL),
)
"""The levels every game has below its expert, weakest first (their measured ratings order them
among the game's other bots: ``muggins.bots.ratings``)."""


LEVEL_NAMES = frozenset(level.name for level in LADDER)


class Blundering:
    """``base``'s play, but ``rate`` of the decisions with a choice in ``phases`` (all, if None) are
    a legal move drawn at random; the draw is made first, so a blunder costs no search."""

    def __init__(self, base: Bot, rate: float, seed: int, phases: Collection[str] | None = None) -> None:
        self.base, self.rate, self.phases = base, rate, phases
        self.rng = random.Random(seed ^ 0x5EED)

    def choose(self, view: View) -> Move:
        legal = view["legal_moves"]
        blunders_here = len(legal) > 1 and (self.phases is None or view.get("phase") in self.phases)
        if blunders_here and self.rng.random() < self.rate:
            return parse_move(self.rng.choice(legal))
        return self.base.choose(view)


def ladder(
    expert: Callable[[int, SlipRates], Bot], phases: Collection[str] | None = None
) -> dict[str, BotFactory]:
    """Each level of ``LADDER`` for a game whose expert ``expert(seed, slips)`` makes, blundering in
    ``phases`` (the phases of its card and betting decisions; None: every decision)."""

    def factory(level: Level) -> BotFactory:
        return lambda seed: Blundering(expert(seed, level.slips), level.blunders, seed, phases)

    return {level.name: factory(level) for level in LADDER}

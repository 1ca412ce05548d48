"""What a bot is: a chooser of legal moves from a player's view, never the hidden state."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from muggins.games.moves import Move, parse_move

View = Mapping[str, Any]


class Bot(Protocol):
    """A computer player for one seat of one game."""

    def choose(self, view: View) -> Move:
        """A legal move for the seat whose ``view`` this is."""
        ...


BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed (bots that randomise use their own seeded generator)."""


def legal(view: View) -> list[Move]:
    """The legal moves listed in a view, parsed."""
    return [parse_move(text) for text in view["legal_moves"]]


class RandomBot:
    """Plays a legal move chosen uniformly at random: the baseline for every game."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.choose_legal: Callable[[Sequence[Move]], Move] = self.rng.choice
        """The move ``choose`` makes from a view listing these legal moves (in the same order), when
        the caller has the moves and no view: simulations skip building one (the generator's own
        method, called on every move of a random game)."""

    def choose(self, view: View) -> Move:
        # Only the chosen move is parsed: the same draw from the same list as choosing among them all.
        return parse_move(self.rng.choice(view["legal_moves"]))

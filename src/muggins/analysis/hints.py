"""Hints: the expert bot's move for a seat's view, with its reason and the figures behind it.

Each game words its own reasons in ``muggins.analysis.<game>.hints`` (``advise(view, move)``);
a game without one, or a move it has no figures for, is hinted with the bot's choice alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from muggins.analysis.games import game_module
from muggins.bots.registry import bot_names, make_bot
from muggins.games.moves import Move


class Advice(NamedTuple):
    """A hint: the move, why, and its figures (one line per choice weighed)."""

    move: str
    reason: str
    details: list[str]


Advise = Callable[[Mapping[str, Any], Move], Advice | None]
"""A game's reasons for a move chosen for a view, or None when it has none for that move."""


def hint(game: str, view: Mapping[str, Any]) -> Advice:
    """The hint for the seat whose ``view`` this is; blocking, so a server runs it off its loop."""
    name = bot_names(game)[-1]
    move = make_bot(game, name, seed=int(view.get("state_id", 0))).choose(view)
    advise = _advisor(game)
    advice = advise(view, move) if advise is not None else None
    return advice or Advice(str(move), f"the {name} bot's choice", [])


def _advisor(game: str) -> Advise | None:
    module = game_module(game, "hints")
    if module is None:
        return None
    advise: Advise = module.advise
    return advise

"""Trainers: the drills each game offers, in ``muggins.analysis.<game>.trainer`` (its ``DRILLS``),
found by the game's name so that the layers above never name a game. A drill's puzzle is made from
its seed alone, so a seed (and the daily seed, from the date) is the same puzzle for everyone; an
answer names its seed and is graded right or wrong, with the figures that show why."""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import pydantic

from muggins.analysis.games import game_module
from muggins.games.registry import game_names

SEEDS = 2**53
"""Puzzle seeds are whole numbers below this (exact in a browser's numbers)."""

AnswerT = TypeVar("AnswerT", bound=pydantic.BaseModel)


class PuzzleError(ValueError):
    """A seed out of range, or an answer that is not one the puzzle allows."""


class Answer(pydantic.BaseModel):
    """Every answer names the seed of the puzzle it answers."""

    seed: int = pydantic.Field(ge=0, lt=SEEDS)


@dataclass(frozen=True, slots=True)
class Drill(Generic[AnswerT]):
    """One kind of puzzle: the models of what the player is shown, of their answer and of the
    grade (for an API's schema), the puzzle of a seed, and the grade of an answer (right or not)."""

    summary: str
    shown: type[pydantic.BaseModel]
    answer: type[AnswerT]
    graded: type[pydantic.BaseModel]
    puzzle: Callable[[int], pydantic.BaseModel]
    grade: Callable[[AnswerT], tuple[bool, pydantic.BaseModel]]
    """Raises ``PuzzleError`` for an answer the puzzle does not allow."""


def drills() -> dict[str, tuple[str, Drill[Any]]]:
    """Drill name -> the game offering it and the drill, over every registered game. A drill's
    name is unique across games (it names the player's streak)."""
    found: dict[str, tuple[str, Drill[Any]]] = {}
    for game in game_names():
        module = game_module(game, "trainer")
        for name, drill in (module.DRILLS if module is not None else {}).items():
            if name in found:
                raise ValueError(f"{game} and {found[name][0]} both offer a drill named {name!r}")
            found[name] = (game, drill)
    return found


def position_games(drill: str) -> set[str]:
    """The games whose reviewed decisions a positions drill (``pegging``: a card to lay, from real
    games) may draw on: those whose trainer module lists it in ``POSITIONS``."""
    found = set()
    for game in game_names():
        module = game_module(game, "trainer")
        if module is not None and drill in getattr(module, "POSITIONS", ()):
            found.add(game)
    return found


def daily_seed(day: datetime.date) -> int:
    """The seed of ``day``'s puzzle: the same for everyone (e.g. 20261122)."""
    return day.year * 10_000 + day.month * 100 + day.day


def seeded(seed: int, drill: str) -> random.Random:
    """The generator a drill makes the puzzle of ``seed`` with (each drill its own sequence)."""
    if not 0 <= seed < SEEDS:
        raise PuzzleError(f"a puzzle seed is a whole number from 0 to {SEEDS - 1}, not {seed}")
    return random.Random(f"{drill}:{seed}")

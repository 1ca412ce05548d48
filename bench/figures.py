"""The shape of a benchmark figure: one JSON object per measured number."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from muggins.games.base import Game

Figure = dict[str, Any]


def figure(bench: str, value: float, unit: str, target: str | None = None, **detail: Any) -> Figure:
    """One figure: ``{"bench": "show_scalar", "value": 812345, "unit": "hands/s", "target": ">=250000"}``.

    ``target`` is a comparison (``>=N`` or ``<=N``); when given, ``met`` says whether ``value`` meets it.
    """
    result: Figure = {"bench": bench, "value": value, "unit": unit}
    if target is not None:
        result["target"] = target
        result["met"] = meets(value, target)
    result.update(detail)
    result.setdefault("compiled_core", compiled_core())
    result.setdefault("load", load())
    return result


def compiled_core() -> bool:
    """Whether the rules core running here was compiled by mypyc at install (see docs/architecture.md)."""
    import muggins.games.base

    return not muggins.games.base.__file__.endswith(".py")


def play_randomly(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end the way any front plays it (``to_move``, ``legal_moves``, a uniformly
    random choice, ``apply``); return the number of moves made."""
    moves = 0
    while game.result is None:
        player = min(game.to_move)
        game.apply(player, rng.choice(game.legal_moves(player)))
        moves += 1
    return moves


def meets(value: float, target: str) -> bool:
    """Whether ``value`` satisfies a target written ``>=N`` or ``<=N``."""
    if target.startswith(">="):
        return value >= float(target[2:])
    if target.startswith("<="):
        return value <= float(target[2:])
    raise ValueError(f"a target is '>=N' or '<=N', not {target!r}")


def best_seconds(run: Callable[[], object], repeats: int = 3) -> float:
    """The fastest of ``repeats`` calls of ``run``, in CPU seconds of this thread."""
    times = []
    for _ in range(repeats):
        start = time.thread_time()
        run()
        times.append(time.thread_time() - start)
    return min(times)


def interleaved_seconds(sides: Mapping[str, Callable[[], object]], rounds: int = 3) -> dict[str, float]:
    """CPU seconds (of this thread) of each side's call, summed over ``rounds`` rounds in which every
    side runs once, taking turns: the same number of runs for each, and a change of the machine's
    load falls on all alike. Each side runs once untimed first (imports, tables, caches)."""
    for run in sides.values():
        run()
    seconds = dict.fromkeys(sides, 0.0)
    for number in range(rounds):
        order = list(sides.items())
        for name, run in order if number % 2 == 0 else reversed(order):
            start = time.thread_time()
            run()
            seconds[name] += time.thread_time() - start
    return seconds


def load() -> float:
    """The machine's load (one-minute average) when a figure is taken, for reading it."""
    return round(os.getloadavg()[0], 2)

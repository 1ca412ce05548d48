"""``muggins simulate`` with random bots against the raw engine loop: the cost of the simulation's
bots, records and tallies over the games themselves."""

from __future__ import annotations

import functools

from bench.cribbage_engine import random_games
from bench.figures import Figure, figure, interleaved_seconds
from muggins.analysis.simulate import play, stream
from muggins.analysis.spec import Spec
from muggins.analysis.tally import Tally

GAMES = 200


def simulate(spec: Spec) -> None:
    """What ``muggins simulate`` does on one core, without printing: stream the games and tally them."""
    tally = Tally(spec)
    for record in stream(spec):
        tally.add(record)
    tally.summary()


def bench_simulate_random_2p() -> Figure:
    spec = Spec("cribbage", 2, ("random",), GAMES, seed=1)
    seconds = interleaved_seconds(
        {
            "simulate": lambda: simulate(spec),
            "engine_loop": lambda: random_games(GAMES, players=2),
        }
    )
    rate = {side: 3 * GAMES / s for side, s in seconds.items()}
    return figure(
        "simulate_random_2p",
        round(rate["simulate"], 1),
        "games/s",
        games=3 * GAMES,
        api="analysis.simulate.stream + Tally (muggins simulate --bots random,random, one worker)",
        engine_loop_games_per_s=round(rate["engine_loop"], 1),
        slowdown_to_engine_loop=round(rate["engine_loop"] / rate["simulate"], 2),
        target_slowdown="<=1.5",
        note="CPU time, interleaved; the engine loop is bench.cribbage_engine's",
    )


RANDOM_GAMES = {"cribbage": (2, 300), "skalborg": (3, 100), "cribist": (4, 100), "squares": (2, 100)}
"""Each game's seats and games for ``simulate_random_paths``: its default table, a second or so."""


def _records(spec: Spec, quick: bool) -> None:
    """The games of ``spec`` tallied: as ``muggins simulate`` plays them on one core (``stream``), or
    one by one by the interpreted loop, the path they all took before."""
    tally = Tally(spec)
    for record in stream(spec) if quick else (play(spec, n, quick=False) for n in range(spec.games)):
        tally.add(record)


def bench_simulate_random_paths() -> list[Figure]:
    """Random bots alone in every game: ``muggins simulate``'s path for them (``stream``: the game's
    quick path, or the compiled loop) against the interpreted loop (``play(..., quick=False)`` game by
    game, the path they all took before), the same games and records, interleaved, CPU time."""
    found = []
    for game, (players, games) in RANDOM_GAMES.items():
        spec = Spec(game, players, ("random",), games, seed=1)
        seconds = interleaved_seconds(
            {
                "path": functools.partial(_records, spec, True),
                "loop": functools.partial(_records, spec, False),
            }
        )
        rate = {side: 3 * games / s for side, s in seconds.items()}
        found.append(
            figure(
                f"simulate_random_{game}",
                round(rate["path"], 1),
                "games/s",
                games=3 * games,
                players=players,
                interpreted_loop_games_per_s=round(rate["loop"], 1),
                speedup=round(rate["path"] / rate["loop"], 2),
                note="analysis.simulate.stream + Tally, in turns with play(quick=False) + Tally; CPU time",
            )
        )
    return found

"""``muggins simulate`` with random bots against the raw engine loop: the cost of the simulation's
bots, records and tallies over the games themselves."""

from __future__ import annotations

from bench.cribbage_engine import random_games
from bench.figures import Figure, figure, interleaved_seconds
from muggins.analysis.simulate import Spec, Tally, stream

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

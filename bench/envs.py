"""The learning environments: agent steps per second on one core, against OpenSpiel's cribbage.

An agent step is what a learner does per decision: read the acting agent's observation (vector and
action mask), choose a legal action uniformly at random from the mask, step. The choice is the
agent's part, the same in every loop (``pick``: the mask's legal actions as a list, Python's
``random``); it used to be ``numpy``'s ``Generator.choice``, about 4.5 us a step of numpy's call
overhead in both loops, which diluted the environments' own cost. Our AEC environment is
played for every game; OpenSpiel's two-player cribbage is driven by the same loop from Python
(``observation_tensor``, ``legal_actions_mask``, ``apply_action``, chance nodes sampled and not
counted as steps), the two loops taking turns. The vector form (16 single-agent games against the
random bot, stepped by one compiled loop) counts the learner's steps only, and is set against
Gymnasium's ``SyncVectorEnv`` over the same games, the two taking turns. CPU time of the playing thread.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import Figure, figure

STEPS = 20_000
ROUNDS = 4
"""The OpenSpiel comparison's rounds: each loop runs ``STEPS // ROUNDS`` steps a round, in turn."""

FORMS: list[tuple[str, str, dict[str, Any]]] = [
    ("env_cribbage_2p", "cribbage", {"players": 2}),
    ("env_cribbage_4p_partners", "cribbage", {"players": 4, "partnerships": True}),
    ("env_skalborg_3p", "skalborg", {"players": 3}),
    ("env_squares_1p", "squares", {"players": 1}),
    ("env_cribist", "cribist", {"players": 4}),
]


def pick(mask: Any, rng: random.Random) -> int:
    """A legal action drawn uniformly from ``mask`` (a numpy array, nonzero where legal)."""
    legal: list[int] = mask.nonzero()[0].tolist()
    return rng.choice(legal)


def env_steps_per_second(name: str, steps: int, **options: Any) -> float:
    from muggins.envs import env

    game = env(name, **options)
    rng = random.Random(2026)
    game.reset(seed=2026)
    start = time.thread_time()
    for _ in range(steps):
        if game.game.is_over:
            game.reset()
        observation = game.observe(game.agent_selection)
        game.step(pick(observation["action_mask"], rng))
    return steps / (time.thread_time() - start)


def openspiel_steps_per_second(steps: int) -> float | None:
    """The same loop over OpenSpiel's two-player cribbage, or None without OpenSpiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = random.Random(2026)
    spiel = pyspiel.load_game("cribbage")
    state = spiel.new_initial_state()
    done = 0
    start = time.thread_time()
    while done < steps:
        if state.is_terminal():
            state = spiel.new_initial_state()
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
        else:
            player = state.current_player()
            np.asarray(state.observation_tensor(player), dtype=np.float32)
            mask = np.asarray(state.legal_actions_mask(player), dtype=np.int8)
            state.apply_action(pick(mask, rng))
            done += 1
    return steps / (time.thread_time() - start)


def vector_steps_per_second(envs: Any, steps: int) -> float:
    """Learner steps per second of a vector environment (its games' bots' moves inside them)."""
    rng = random.Random(2026)
    observations, _ = envs.reset(seed=2026)
    count = len(observations["action_mask"])
    start = time.thread_time()
    for _ in range(steps // count):
        actions = [pick(mask, rng) for mask in observations["action_mask"]]
        observations, *_ = envs.step(np.array(actions))
    return steps / (time.thread_time() - start)


def vector_against_gymnasium(count: int, steps: int, rounds: int = ROUNDS) -> tuple[float, float]:
    """Two-player cribbage against the random bot, ``count`` games at once: learner steps per second
    of our vector form, and of Gymnasium's ``SyncVectorEnv`` over the same single-agent games (the
    same games, the same actions), the two taking turns over ``rounds`` rounds."""
    import gymnasium

    from muggins.envs import SingleAgentEnv, vector

    share = steps // rounds
    ours = theirs = 0.0
    for _ in range(rounds):
        sync = gymnasium.vector.SyncVectorEnv(
            [lambda: SingleAgentEnv("cribbage", opponent="random") for _ in range(count)],
            autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
        )
        theirs += share / vector_steps_per_second(sync, share)
        ours += share / vector_steps_per_second(vector("cribbage", count, opponent="random"), share)
    return rounds * share / ours, rounds * share / theirs


def against_openspiel(steps: int, rounds: int = ROUNDS) -> tuple[float, float | None]:
    """Two-player cribbage steps per second, ours and OpenSpiel's (None without it), the two loops
    taking turns over ``rounds`` rounds of ``steps // rounds`` each, so that neither runs only on a
    cold process or only on a warm one."""
    share = steps // rounds
    ours = theirs = 0.0
    for _ in range(rounds):
        peer = openspiel_steps_per_second(share)
        if peer is not None:
            theirs += share / peer
        ours += share / env_steps_per_second("cribbage", share, players=2)
    return rounds * share / ours, (rounds * share / theirs if theirs else None)


def bench_env_steps() -> list[Figure]:
    figures = []
    for bench, name, options in FORMS:
        detail: dict[str, Any] = {"steps": STEPS}
        target = None
        if bench == "env_cribbage_2p":
            rate, peer = against_openspiel(STEPS)
            if peer is not None:
                target = f">={round(3 * peer)}"
                detail.update(
                    openspiel_steps_per_s=round(peer), ratio_to_openspiel=round(rate / peer, 2), rounds=ROUNDS
                )
        else:
            rate = env_steps_per_second(name, STEPS, **options)
        figures.append(figure(bench, round(rate), "steps/s", target, **detail))
    return figures


def bench_env_vector() -> Figure:
    rate, sync = vector_against_gymnasium(16, STEPS)
    return figure(
        "env_vector_cribbage_16",
        round(rate),
        "steps/s",
        None,
        envs=16,
        steps=STEPS,
        rounds=ROUNDS,
        sync_vector_env_steps_per_s=round(sync),
        ratio_to_sync_vector_env=round(rate / sync, 2),
    )


if __name__ == "__main__":
    import json

    for item in [*bench_env_steps(), bench_env_vector()]:
        print(json.dumps(item), flush=True)

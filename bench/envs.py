"""The learning environments: agent steps per second on one core, against OpenSpiel's cribbage.

An agent step is what a learner does per decision: read the acting agent's observation (vector and
action mask), choose a legal action uniformly at random from the mask, step. Our AEC environment is
played for every game; OpenSpiel's two-player cribbage is driven by the same loop from Python
(``observation_tensor``, ``legal_actions_mask``, ``apply_action``, chance nodes sampled and not
counted as steps). The vectorised form (Gymnasium's ``SyncVectorEnv`` of single-agent games against
the random bot) counts the learner's steps only. CPU time of the playing thread.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import Figure, figure

STEPS = 20_000

FORMS: list[tuple[str, str, dict[str, Any]]] = [
    ("env_cribbage_2p", "cribbage", {"players": 2}),
    ("env_cribbage_4p_partners", "cribbage", {"players": 4, "partnerships": True}),
    ("env_skalborg_3p", "skalborg", {"players": 3}),
    ("env_squares_1p", "squares", {"players": 1}),
    ("env_cribist", "cribist", {"players": 4}),
]


def env_steps_per_second(name: str, steps: int, **options: Any) -> float:
    from muggins.envs import env

    game = env(name, **options)
    rng = np.random.default_rng(2026)
    game.reset(seed=2026)
    start = time.thread_time()
    for _ in range(steps):
        if game.game.is_over:
            game.reset()
        observation = game.observe(game.agent_selection)
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return steps / (time.thread_time() - start)


def openspiel_steps_per_second(steps: int) -> float | None:
    """The same loop over OpenSpiel's two-player cribbage, or None without OpenSpiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = np.random.default_rng(2026)
    spiel = pyspiel.load_game("cribbage")
    state = spiel.new_initial_state()
    done = 0
    start = time.thread_time()
    while done < steps:
        if state.is_terminal():
            state = spiel.new_initial_state()
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            player = state.current_player()
            np.asarray(state.observation_tensor(player), dtype=np.float32)
            mask = np.asarray(state.legal_actions_mask(player), dtype=np.int8)
            state.apply_action(int(rng.choice(np.flatnonzero(mask))))
            done += 1
    return steps / (time.thread_time() - start)


def vector_steps_per_second(name: str, count: int, steps: int, **options: Any) -> float:
    from muggins.envs import vector

    envs = vector(name, count, opponent="random", **options)
    rng = np.random.default_rng(2026)
    observations, _ = envs.reset(seed=2026)
    start = time.thread_time()
    for _ in range(steps // count):
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in observations["action_mask"]]
        observations, *_ = envs.step(np.array(actions))
    return steps / (time.thread_time() - start)


def bench_env_steps() -> list[Figure]:
    peer = openspiel_steps_per_second(STEPS)
    figures = []
    for bench, name, options in FORMS:
        rate = env_steps_per_second(name, STEPS, **options)
        detail: dict[str, Any] = {"steps": STEPS}
        target = None
        if peer is not None and bench == "env_cribbage_2p":
            target = f">={round(3 * peer)}"
            detail.update(openspiel_steps_per_s=round(peer), ratio_to_openspiel=round(rate / peer, 2))
        figures.append(figure(bench, round(rate), "steps/s", target, **detail))
    return figures


def bench_env_vector() -> Figure:
    rate = vector_steps_per_second("cribbage", 16, STEPS // 2, players=2)
    return figure("env_vector_cribbage_16", round(rate), "steps/s", None, envs=16, steps=STEPS // 2)


if __name__ == "__main__":
    import json

    for item in [*bench_env_steps(), bench_env_vector()]:
        print(json.dumps(item), flush=True)

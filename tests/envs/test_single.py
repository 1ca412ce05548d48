"""Gymnasium's own environment checker for the single-agent wrappers, and their play against bots."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from muggins.bots.levels import LADDER, LEVEL_NAMES
from muggins.bots.registry import UnknownBotError, bot_names
from muggins.envs import single_agent, vector
from muggins.envs.games import env_games

FORMS: list[tuple[str, dict[str, Any]]] = [
    ("cribbage", {"players": 2}),
    ("cribbage", {"players": 4, "partnerships": True, "seat": 1}),
    ("cribbage", {"players": 2, "variant": "ten-hand"}),
    ("cribbage", {"players": 2, "variant": "seven-card", "target": 61}),
    ("skalborg", {"players": 3, "starting_stack": 20}),
    ("cribist", {"players": 4, "deals": 1}),
    ("squares", {"players": 1, "opponent": "expected"}),  # alone: the opponent plays no seat
    ("squares", {"players": 2, "opponent": "expected"}),
    ("cross", {"players": 3, "target": 11, "seat": 1}),
]


@pytest.mark.parametrize(("name", "options"), FORMS)
def test_gymnasium_check_env_passes(name: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the unbounded Box and the missing spec
        check_env(single_agent(name, **{"opponent": "greedy", **options}), skip_render_check=False)


def play(env: Any, seed: int) -> tuple[float, int]:
    rng = np.random.default_rng(seed)
    observation, _ = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, _, info = env.step(action)
        assert "illegal" not in info
        total += float(reward)
        steps += 1
    return total, steps


SHORT: dict[str, dict[str, Any]] = {
    "cribbage": {"target": 31},
    "skalborg": {"players": 2, "starting_stack": 10, "max_hands": 5},
    "cribist": {"players": 4, "deals": 1},
    "squares": {"players": 2},
    "cross": {"players": 2, "target": 11},
}
"""A short game of each game, for playing every bot to the end."""


def test_every_game_is_played_against_its_bots() -> None:
    assert set(SHORT) == set(env_games())


@pytest.mark.parametrize("name", sorted(SHORT))
def test_every_bot_plays_the_other_seats_to_the_end(name: str) -> None:
    options = SHORT[name]
    for bot in [bot for bot in bot_names(name) if bot not in LEVEL_NAMES or bot == LADDER[0].name]:
        env = single_agent(name, opponent=bot, **options)
        total, steps = play(env, seed=1)
        seat_score = env.game.scores[0]
        start = single_agent(name, opponent=bot, **options)
        start.reset(seed=1)
        assert total == seat_score - start.game.scores[0]
        assert steps > 0


def test_the_seat_only_sees_its_own_turns() -> None:
    env = single_agent("cribbage", opponent="random", players=3)
    observation, _ = env.reset(seed=2)
    for _ in range(40):
        assert env.table.to_act() == 0
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, done, _, _ = env.step(action)
        if done:
            break


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = single_agent("cribbage")
    observation, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = env.game.record()
    after, reward, done, _, info = env.step(illegal)
    assert reward == -1.0 and not done and "not legal" in info["illegal"]
    assert env.game.record() == before
    assert np.array_equal(after["observation"], observation["observation"])


def test_an_unknown_bot_or_seat_is_named() -> None:
    with pytest.raises(UnknownBotError, match="wizard"):
        single_agent("cribbage", opponent="wizard")
    with pytest.raises(ValueError, match="seat"):
        single_agent("cribbage", seat=2)


def test_the_vector_form_steps_many_games() -> None:
    envs = vector("cribbage", 4, opponent="random", target=31)
    observations, _ = envs.reset(seed=7)
    assert observations["observation"].shape[0] == 4
    finished = 0
    rng = np.random.default_rng(0)
    for _ in range(300):
        actions = [int(rng.choice(np.flatnonzero(m))) for m in observations["action_mask"]]
        observations, _, done, _, _ = envs.step(np.array(actions))
        finished += int(done.sum())
    assert finished >= 4

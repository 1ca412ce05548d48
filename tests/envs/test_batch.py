"""The vector form returns, step for step, what Gymnasium's own ``SyncVectorEnv`` returns over the
same single-agent games: observations, masks, rewards, ends, and infos (final observations, refused
actions)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

from muggins.envs import SingleAgentEnv, VectorEnv, vector

FORMS: list[tuple[str, dict[str, Any]]] = [
    ("cribbage", {"players": 2, "target": 31}),
    ("cribbage", {"players": 2, "opponent": "greedy", "rewards": "win", "target": 61}),
    ("cribbage", {"players": 4, "partnerships": True, "seat": 1, "target": 31}),
    ("cribbage", {"players": 2, "variant": "ten-hand", "target": 31}),
    ("skalborg", {"players": 3, "starting_stack": 10, "max_hands": 3}),
    ("cribist", {"players": 4, "deals": 1}),
    ("squares", {"players": 2, "opponent": "expected"}),
]


def reference(name: str, count: int, **kwargs: Any) -> gymnasium.vector.SyncVectorEnv:
    return gymnasium.vector.SyncVectorEnv(
        [lambda: SingleAgentEnv(name, **kwargs) for _ in range(count)],
        autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
    )


def same(ours: Any, theirs: Any) -> None:
    """Equal, down to the arrays inside tuples, dicts and object arrays (and their dtypes)."""
    if isinstance(theirs, tuple):
        assert isinstance(ours, tuple) and len(ours) == len(theirs)
        for a, b in zip(ours, theirs, strict=True):
            same(a, b)
    elif isinstance(theirs, dict):
        assert isinstance(ours, dict) and ours.keys() == theirs.keys()
        for key in theirs:
            same(ours[key], theirs[key])
    elif isinstance(theirs, np.ndarray):
        assert isinstance(ours, np.ndarray) and ours.dtype == theirs.dtype and ours.shape == theirs.shape
        if theirs.dtype == object:
            for a, b in zip(ours, theirs, strict=True):
                same(a, b)
        else:
            assert np.array_equal(ours, theirs)
    else:
        assert ours == theirs


def actions(rng: np.random.Generator, masks: np.ndarray, illegal: float) -> np.ndarray:
    """A legal action for each game, or now and then one it may not take."""
    chosen = []
    for mask in masks:
        refused = np.flatnonzero(mask == 0)
        pool = refused if len(refused) and rng.random() < illegal else np.flatnonzero(mask)
        chosen.append(int(rng.choice(pool)))
    return np.array(chosen)


@pytest.mark.parametrize(("name", "options"), FORMS)
def test_the_vector_form_steps_as_gymnasiums_does(name: str, options: dict[str, Any]) -> None:
    ours, theirs = vector(name, 3, **options), reference(name, 3, **options)
    started = theirs.reset(seed=11)
    same(ours.reset(seed=11), started)
    observations = started[0]
    rng = np.random.default_rng(5)
    finished = refused = 0
    for _ in range(150):
        chosen = actions(rng, observations["action_mask"], illegal=0.05)
        mine, expected = ours.step(chosen), theirs.step(chosen)
        same(mine, expected)
        observations, _, done, _, infos = expected
        finished += int(done.sum())
        refused += int(infos.get("_illegal", np.zeros(3)).sum())
    assert finished >= 1  # final observations were compared
    assert refused >= 1  # and refused actions


def test_seeds_are_taken_per_game_or_carried_on() -> None:
    ours, theirs = vector("cribbage", 2, target=31), reference("cribbage", 2, target=31)
    same(ours.reset(seed=[3, 9]), theirs.reset(seed=[3, 9]))
    same(ours.reset(), theirs.reset())  # no seed: each game's generator goes on
    with pytest.raises(ValueError, match="3 seeds given for 2 games"):
        ours.reset(seed=[1, 2, 3])


def test_wrong_actions_are_named_and_change_nothing() -> None:
    envs = vector("cribbage", 2)
    envs.reset(seed=1)
    records = [env.game.record() for env in envs.envs]
    with pytest.raises(ValueError, match="1 actions given for 2 games"):
        envs.step(np.array([0]))
    assert [env.game.record() for env in envs.envs] == records
    with pytest.raises(ValueError, match="at least one game"):
        VectorEnv("cribbage", 0)


def test_the_spaces_are_gymnasiums_batched_spaces() -> None:
    envs = vector("cribist", 4, players=4, deals=1)
    observations, _ = envs.reset(seed=2)
    assert observations in envs.observation_space
    assert envs.action_space.shape == (4,)
    assert observations["observation"].dtype == np.float32 and observations["action_mask"].dtype == np.int8

"""The OpenSpiel games: OpenSpiel's own random-simulation test, cloning, and the observation tensor
being the AEC environment's."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from muggins.envs import env  # noqa: E402
from muggins.envs.games import env_games  # noqa: E402
from muggins.envs.spiel import register  # noqa: E402

FORMS: list[tuple[str, dict[str, Any]]] = [
    ("cribbage", {"players": 2, "target": 31}),
    ("cribbage", {"players": 4, "partnerships": True, "target": 31}),
    ("cribbage", {"players": 2, "variant": "ten-hand", "target": 31}),
    ("cribbage", {"players": 2, "auction": True, "target": 31}),
    ("cribbage", {"players": 2, "variant": "eight-card", "target": 31}),
    ("skalborg", {"players": 3, "starting_stack": 12}),
    ("cribist", {"players": 4, "deals": 1}),
    ("squares", {"players": 1}),
    ("squares", {"players": 2}),
    ("cross", {"players": 2, "target": 11}),
]


def test_every_game_with_environments_is_registered() -> None:
    register()
    assert {f"muggins_{name}" for name in env_games()} <= set(pyspiel.registered_names())
    assert {name for name, _ in FORMS} == set(env_games())


def load(name: str, options: dict[str, Any]) -> Any:
    register()
    rest = {k: v for k, v in options.items() if k != "players"}
    return pyspiel.load_game(f"muggins_{name}", {"players": options["players"], "options": json.dumps(rest)})


@pytest.mark.parametrize(("name", "options"), FORMS)
def test_openspiel_random_simulation_test_passes(name: str, options: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(name, options), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("after", [1, 7])  # 1: a cribbage discard's first card picked, not thrown
@pytest.mark.parametrize(("name", "options"), FORMS)
def test_a_clone_plays_on_exactly_like_the_original(name: str, options: dict[str, Any], after: int) -> None:
    state = load(name, options).new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(after):
        state.apply_action(int(rng.choice(state.legal_actions())))
    clone = state.clone()
    while not state.is_terminal():
        action = int(rng.choice(state.legal_actions()))
        assert clone.legal_actions() == state.legal_actions()
        assert clone.observation_tensor(state.current_player()) == state.observation_tensor(
            state.current_player()
        )
        state.apply_action(action)
        clone.apply_action(action)
    assert clone.returns() == state.returns()


def test_the_tensor_and_actions_are_the_aec_environments() -> None:
    options = {"players": 2}
    spiel = load("cribbage", options).new_initial_state()
    aec = env("cribbage", **options)
    aec.reset(seed=0)
    aec.table = spiel.table  # the same deal on both sides
    seat = spiel.current_player()
    observed = aec.observe(f"player_{seat}")
    assert np.array_equal(np.asarray(spiel.observation_tensor(seat), np.float32), observed["observation"])
    assert spiel.legal_actions() == list(np.flatnonzero(observed["action_mask"]))


def test_bad_options_are_refused() -> None:
    register()
    with pytest.raises(Exception, match="variant"):
        pyspiel.load_game("muggins_cribbage", {"players": 2, "options": '{"variant": "nine-card"}'})

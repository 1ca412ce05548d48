"""PettingZoo's own API test, for every game and form, and the environment's rules of play."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

from muggins.cards import parse_card
from muggins.envs import env
from muggins.envs.cribbage.layout import ACTIONS
from muggins.envs.games import env_games
from muggins.games.errors import OptionError, UnknownGameError
from muggins.games.registry import game_names
from tests.envs.configs import CONFIGS, config_id


def play_out(e: Any, seed: int) -> dict[str, float]:
    """Play one episode with uniformly random legal actions; the total reward of each agent."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.agents, 0.0)
    for agent in e.agent_iter(max_iter=100_000):
        observation, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_api_test_passes(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    api_test(env(name, **options), num_cycles=400)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_points_rewards_add_up_to_the_final_scores(
    config: tuple[str, dict[str, Any]],
) -> None:
    name, options = config
    e = env(name, **options)
    totals = play_out(e, seed=5)
    assert e.game.is_over
    start = env(name, **options)
    start.reset(seed=5)
    initial = start.game.scores
    for seat, agent in enumerate(e.possible_agents):
        assert totals[agent] == e.game.scores[seat] - initial[seat]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_win_rewards_are_one_for_the_winners_only(
    config: tuple[str, dict[str, Any]],
) -> None:
    name, options = config
    e = env(name, rewards="win", **options)
    totals = play_out(e, seed=9)
    result = e.game.result
    assert result is not None
    for seat, agent in enumerate(e.possible_agents):
        assert totals[agent] == (1.0 if seat in result.winners else -1.0)


def test_same_seed_same_episode() -> None:
    first, second = env("cribbage", players=3), env("cribbage", players=3)
    play_out(first, seed=42)
    play_out(second, seed=42)
    assert first.game.record() == second.game.record()


def test_a_two_card_discard_is_picked_one_card_at_a_time() -> None:
    e = env("cribbage", players=2)
    e.reset(seed=3)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    hand = e.game.view(0)["hand"]
    assert mask.sum() == len(hand) == 6  # a pick per card in the hand, nothing else
    first = int(np.flatnonzero(mask)[0])
    e.step(first)
    assert e.agent_selection == agent  # the same seat picks its second card
    assert not e.game.moves  # nothing is thrown yet
    after = e.observe(agent)["action_mask"]
    assert after.sum() == 5 and not after[first]
    e.step(int(np.flatnonzero(after)[0]))
    assert len(e.game.moves) == 1 and e.agent_selection != agent


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = env("cribbage", players=2)
    e.reset(seed=3)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.game.record()
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    assert e.game.record() == before


def test_bad_options_name_the_problem() -> None:
    with pytest.raises(OptionError, match="variant"):
        env("cribbage", players=2, variant="nine-card")
    with pytest.raises(ValueError, match="rewards"):
        env("cribbage", players=2, rewards="chips")


@pytest.mark.parametrize(
    ("name", "options", "hand_at", "size", "actions"),
    [
        ("cribbage", {"players": 3}, 54, 711, 468),
        ("cribbage", {"players": 5}, 54, 711, 468),
        ("cribbage", {"players": 2, "jokers": True}, 54, 711, 468),
        ("skalborg", {"players": 3}, 54, 520, 63),
        ("cribist", {"players": 4}, 260, 563, 74),
    ],
)
def test_the_documented_layout_holds(
    name: str, options: dict[str, Any], hand_at: int, size: int, actions: int
) -> None:
    """docs/environments.md: sizes, and the own-hand plane where the tables put it."""
    e = env(name, **options)
    e.reset(seed=11)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    observation = e.observe(agent)
    assert observation["observation"].shape == (size,) and observation["action_mask"].shape == (actions,)
    hand = e.game.view(seat)["hand" if name != "skalborg" else "cards"]
    plane = observation["observation"][hand_at : hand_at + (52 if name == "cribist" else 54)]
    assert sorted(np.flatnonzero(plane)) == sorted(parse_card(c).index for c in hand)


def test_cribbage_observations_hold_the_back_pegs_and_the_crash_flag() -> None:
    """docs/environments.md: back pegs / target at 661 (own slot first), Crash's flag at 673."""
    e = env("cribbage", players=2, crash=True)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    while not any(e.game.view(None)["back_pegs"]):
        observation = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    view = e.game.view(0)
    numbers = e.observe("player_0")["observation"]
    assert numbers[661:663] == pytest.approx([b / view["target"] for b in view["back_pegs"]])
    assert numbers[673] == 1.0
    plain = env("cribbage", players=2)
    plain.reset(seed=5)
    assert plain.observe("player_0")["observation"][673] == 0.0


def test_skalborg_observations_hold_the_hands_betting_by_street_and_seat() -> None:
    e = env("skalborg", players=3)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    while not e.game.view(None)["actions"]:
        observation = e.observe(e.agent_selection)
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    view = e.game.view(0)
    chips = sum(view["stacks"]) + view["pot"]
    action = view["actions"][0]
    street = ("preflop", "flop", "turn", "river").index(action["street"])
    slot = action["player"] % 3  # seat 0 observes: relative slot = seat
    history = e.observe("player_0")["observation"][488:520]
    assert history[street * 4 + slot] == pytest.approx(action["chips"] / chips)
    raised = action["action"] in ("bet", "raise", "allin")
    assert history[16 + street * 4 + slot] == pytest.approx(0.25 if raised else 0.0)


def test_every_registered_game_has_environments_and_is_tested_in_one() -> None:
    assert env_games() == game_names()
    assert {name for name, _ in CONFIGS} == set(game_names())


def test_a_game_without_environments_is_refused_naming_those_with_them() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        env("chess")


def test_a_squares_cell_is_one_action_named_for_it() -> None:
    e = env("squares", players=1)
    e.reset(seed=4)
    base = e.space.offsets["place"]
    assert e.space.names[base : base + 16] == [f"place {c}{r}" for r in "1234" for c in "abcd"]
    assert e.observe("player_0")["action_mask"].sum() == 16  # an empty grid: every cell
    e.step(base + 6)  # c2
    assert e.game.view(0)["grids"][0][6] is not None
    mask = e.observe("player_0")["action_mask"]
    assert mask.sum() == 15
    assert mask[base + 6] == 0
    with pytest.raises(ValueError, match=r"action \d+ \(place c2\) is not legal now"):
        e.step(base + 6)


def test_a_wild_joker_is_held_in_its_plane_and_laid_by_a_call_action() -> None:
    """docs/environments.md: the jokers' card indexes 52 and 53; actions 364-467 lay one called as a
    card (the black joker's calls first), and the move made is that call."""

    names = ACTIONS.names
    assert names[364] == "joker JKB=AC" and names[416] == "joker JKR=AC" and names[467] == "joker JKR=KS"
    e = env("cribbage", players=2, jokers=True)
    rng = np.random.default_rng(5)
    for seed in range(40):
        e.reset(seed=seed)
        for agent in e.agent_iter(max_iter=100_000):
            observation, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            seat = e.possible_agents.index(agent)
            legal = np.flatnonzero(observation["action_mask"])
            calls = legal[legal >= 364]
            if len(calls):
                held = [card for card in e.game.view(seat)["hand"] if card.startswith("JK")]
                assert all(observation["observation"][54 + parse_card(card).index] == 1 for card in held)
                action = int(rng.choice(calls))
                e.step(action)
                played = [event for event in e.game.events if event.type == "played"][-1]
                assert f"joker {played.call}" == names[action]
                return
            e.step(int(rng.choice(legal)))
    pytest.fail("no joker was held in 40 deals")

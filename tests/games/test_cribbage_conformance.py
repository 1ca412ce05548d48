"""The protocol conformance suite over every cribbage configuration, with random full games."""

from __future__ import annotations

import pathlib
import sys
from typing import Any

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from conformance import check_random_game

from muggins import new_game
from muggins.games.base import Game
from muggins.games.cribbage.options import TABLE_FORMS

CONFIGS: list[dict[str, Any]] = [
    *TABLE_FORMS,
    {"players": 3, "counting": "manual", "pre_show": True, "post_show": True},
    {"players": 2, "skip_empty": False, "skip_pass": False},
    {"players": 3, "skip_only_move": True, "heels": 1},
    {"players": 2, "match": 3, "target": 61},
    {"players": 4, "dealer_rule": "random", "direction": "anticlockwise", "first_dealer": "random"},
]


def factory(config: dict[str, Any]) -> Any:
    def make(seed: int) -> Game:
        return new_game("cribbage", seed=seed, **config)

    return make


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_conformance_deep(config: dict[str, Any]) -> None:
    check_random_game(factory(config), seed=1, deep=True)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_random_games_with_leavers(config: dict[str, Any]) -> None:
    for seed in range(2, 5):
        check_random_game(factory(config), seed=seed, deep=False, leave_rate=0.01)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_many_random_games(config: dict[str, Any]) -> None:
    for seed in range(100, 120):
        game = check_random_game(factory(config), seed=seed, deep=False)
        result = game.result
        assert result is not None
        target = game.options.model_dump()["target"] or (61 if config.get("variant") == "five-card" else 121)
        if result.reason == "target":
            winners = result.winners
            assert (winners and all(game.scores[w] >= target for w in winners)) or config.get("match")

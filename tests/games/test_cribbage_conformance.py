"""The protocol conformance suite over every cribbage configuration, with random full games."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, cast

import pytest

from muggins import new_game
from muggins.games.base import Game
from muggins.games.cribbage.game import Cribbage, ShowStep
from muggins.games.cribbage.options import TABLE_FORMS
from muggins.games.result import Termination
from muggins.scoring.items import Item, Kind, Score
from tests.games.conformance import check_count_hidden, check_counting_unhinted, check_random_game

CONFIGS: list[dict[str, Any]] = [
    *TABLE_FORMS,
    {"players": 3, "counting": "manual", "pre_show": True, "post_show": True},
    {"players": 2, "skip_empty": False, "skip_pass": False},
    {"players": 2, "auction": True, "target": 31, "counting": "manual", "muggins": True, "pre_show": True},
    {"players": 2, "auction": True, "target": 31, "toss_fives": True, "match": 3},
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
        default = {"five-card": 61, "seven-card": 181}.get(config.get("variant", "six-card"), 121)
        target = game.options.as_json()["target"] or default
        if config.get("captain") is not None:  # Captain's: the captain plays to half of it
            assert game.view(None)["targets"][config["captain"]] == (target + 1) // 2
        targets = game.view(None)["targets"]
        assert targets == [target] * game.players or config.get("captain") is not None
        if result.termination is Termination.TARGET and config.get("lowball"):  # the first there lost
            last = [s for s in range(game.players) if result.ranks[s] == max(result.ranks)]
            assert all(game.scores[s] >= targets[s] for s in last)
            assert all(game.scores[w] < targets[w] for w in result.winners)
        elif result.termination is Termination.TARGET:
            winners = result.winners
            assert (winners and all(game.scores[w] >= targets[w] for w in winners)) or config.get("match")


COUNTING: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "counting": "manual"},
    {"players": 2, "counting": "manual", "muggins": True},
    {"players": 3, "counting": "manual", "muggins": True, "pre_show": True},
    {"players": 4, "partnerships": True, "counting": "manual", "muggins": True},
    {"players": 2, "variant": "five-card", "counting": "manual", "muggins": True},
    {"players": 2, "variant": "ten-hand", "counting": "manual", "muggins": True},
]


def _swap(player: int, what: str) -> Callable[[Game], None]:
    """Give ``player``'s ``what`` in the first hand another count: the same cards, 7 more points."""

    def swap(game: Game) -> None:
        assert isinstance(game, Cribbage)
        true = game.counter

        def other(step: ShowStep) -> Score:
            score = true(step)
            if (step.player, step.what) != (player, what):
                return score
            return Score((*score.items, Item(Kind.FIFTEEN, step.cards[:2], 7)))

        game.counter = other

    return swap


def _revealed(player: int, what: str) -> Callable[[dict[str, Any]], bool]:
    def revealed(event: dict[str, Any]) -> bool:
        closes = event["type"] == "show_judged" or (event["type"] == "shown" and event["score"] is not None)
        return closes and (event["player"], event["what"]) == (player, what)

    return revealed


@pytest.mark.parametrize("config", COUNTING, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_no_message_tells_the_count_before_its_window_closes(config: dict[str, Any]) -> None:
    """The leak test: for every show of a hand, a twin game whose show counts 7 more sends every
    viewer byte-identical messages (views, legal moves, events, hints) until that show is judged."""
    whats = ["hand", "crib"] + (["own crib"] if config.get("variant") == "ten-hand" else [])
    for seed in range(2):
        for player in range(config["players"]):
            for what in whats:
                moves = check_count_hidden(
                    functools.partial(new_game, "cribbage", seed=seed, first_dealer=0, **config),
                    _swap(player, what),
                    _revealed(player, what),
                    seed,
                )
                assert moves > 0


@pytest.mark.parametrize("seed", [2, 3])
def test_no_message_tells_a_wild_count_before_its_window_closes(seed: int) -> None:
    """The leak test with wild jokers, on deals whose first hand holds one (that the calls are told
    only with the judged count: tests/games/test_cribbage_jokers.py)."""
    config: dict[str, Any] = {"jokers": True, "counting": "manual", "muggins": True}
    factory = functools.partial(new_game, "cribbage", players=2, seed=seed, first_dealer=0, **config)
    first = factory()
    assert isinstance(first, Cribbage) and any(card.is_joker for card in first.dealt)
    for player in range(2):
        for what in ("hand", "crib"):
            assert check_count_hidden(factory, _swap(player, what), _revealed(player, what), seed) > 0


@pytest.mark.parametrize("config", COUNTING, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_no_hint_counts_for_a_player(config: dict[str, Any]) -> None:
    """Every claim and muggins window is refused a hint in the same words (auto counting has none)."""
    met = check_counting_unhinted(functools.partial(new_game, "cribbage", seed=1, **config), 1)
    assert (met > 0) == (config.get("counting") == "manual")


class _Leaky:
    """A cribbage game whose view names the count being claimed, as a careless engine might."""

    def __init__(self, game: Cribbage) -> None:
        self.inner = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def view(self, player: int | None) -> dict[str, Any]:
        data = self.inner.view(player)
        if data["phase"] == "show":
            data["count"] = self.inner.counter(self.inner.steps[len(self.inner.shows)]).total
        return data


def test_the_leak_test_catches_a_leak() -> None:
    def make() -> Any:
        game = new_game("cribbage", seed=0, first_dealer=0, players=2, counting="manual", muggins=True)
        assert isinstance(game, Cribbage)
        return _Leaky(game)

    with pytest.raises(AssertionError, match="can tell the hidden count apart"):
        check_count_hidden(
            make, lambda g: _swap(1, "hand")(cast(_Leaky, g).inner), _revealed(1, "hand"), 0, hints=False
        )

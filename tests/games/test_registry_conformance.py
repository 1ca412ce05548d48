"""The conformance suite over the registry: every registered game, at every seat count it allows,
with its default options, is played out by random legal moves under the protocol's checks
(tests.games.conformance); every legal move listed at each step applies to a copy of the game (its
record replayed); and
two games made with the same seed and given the same moves tell the same events. A new game is
checked here by registering it, with nothing to add."""

from __future__ import annotations

import random

import pydantic
import pytest

from muggins.games.base import Game
from muggins.games.registry import game_class, game_names, load_game, new_game, options_model
from tests.games.conformance import check_random_game

CASES = [
    (name, players)
    for name in game_names()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]
STEPS = 40
"""The steps at which every listed move is tried (a replayed copy of the game per move)."""


@pytest.mark.parametrize(("name", "players"), CASES, ids=str)
def test_every_registered_game_conforms(name: str, players: int) -> None:
    game = check_random_game(lambda seed: new_game(name, players=players, seed=seed), seed=players)
    assert game.result is not None and len(game.result.ranks) == players


@pytest.mark.parametrize(("name", "players"), CASES, ids=str)
def test_every_listed_move_applies(name: str, players: int) -> None:
    game = new_game(name, players=players, seed=7)
    rng = random.Random(7)
    for _ in range(STEPS):
        if game.is_over:
            break
        for seat in sorted(game.to_move):
            for move in game.legal_moves(seat):
                trial = load_game(
                    game.record()
                )  # a copy, made the protocol's way (compiled games do not deepcopy)
                trial.apply(seat, move)  # raises if a listed move is refused
        seat = rng.choice(sorted(game.to_move))
        game.apply(seat, rng.choice(game.legal_moves(seat)))


@pytest.mark.parametrize(("name", "players"), CASES, ids=str)
def test_the_same_seed_and_moves_tell_the_same_events(name: str, players: int) -> None:
    def played(seed: int) -> Game:
        game = new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.is_over:
                break
            seat = min(game.to_move)
            game.apply(seat, rng.choice(game.legal_moves(seat)))
        return game

    first, second = played(3), played(3)
    assert [e.to_dict() for e in first.events] == [e.to_dict() for e in second.events]
    assert first.events, "the game told nothing"
    assert [e.to_dict() for e in played(4).events] != [e.to_dict() for e in first.events], "the seed deals"


PRESETS = [(name, key) for name in game_names() for key in options_model(name).presets]


@pytest.mark.parametrize(("name", "key"), PRESETS, ids=str)
def test_every_preset_is_a_game_that_plays(name: str, key: str) -> None:
    """A preset the lobby offers makes a game at the game's fewest seats (a match: two at least),
    and 300 random legal moves apply to it (a game on a clock of its own ends only when the server
    calls time)."""
    cls, model = game_class(name), options_model(name)
    options = model.presets[key].options
    dumped = model.parse(options).as_json()
    assert {name: dumped[name] for name in options} == options
    fewest = max(cls.min_players, 2) if options.get("match", 1) > 1 else cls.min_players
    game = new_game(name, players=fewest, seed=3, **options)
    rng = random.Random(3)
    for _ in range(300):
        if game.is_over:
            break
        seat = rng.choice(sorted(game.to_move))
        game.apply(seat, rng.choice(game.legal_moves(seat)))


@pytest.mark.parametrize("name", game_names())
def test_a_games_first_preset_is_its_standard_game(name: str) -> None:
    presets = list(options_model(name).presets.values())
    assert not presets or presets[0].options == {}, "the first preset is the game with its defaults"


@pytest.mark.parametrize(("name", "key"), PRESETS, ids=str)
def test_views_carry_the_options_as_dumped_and_each_its_own(name: str, key: str) -> None:
    """A view's options are pydantic's JSON dump of the game's options (dumped once per options
    object, then copied): changing one view's options changes no later view's."""
    cls, model = game_class(name), options_model(name)
    options = model.presets[key].options
    fewest = max(cls.min_players, 2) if options.get("match", 1) > 1 else cls.min_players
    game = new_game(name, players=fewest, seed=5, **options)
    dumped = pydantic.TypeAdapter(type(game.options)).dump_python
    first = game.view(0)["options"]
    assert first == dumped(game.options, mode="json")
    for value in first.values():
        if isinstance(value, list):
            value.append("changed")
    first["changed"] = True
    assert game.view(0)["options"] == dumped(game.options, mode="json")
    assert game.record()["options"] == dumped(game.options, mode="json")

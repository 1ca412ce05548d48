"""Game options: frozen values whose validator is built only when options are given (issue 62)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pydantic
import pytest

import muggins
from muggins.games.cribbage.options import CribbageOptions
from muggins.games.errors import OptionError
from muggins.games.registry import game_class, game_names, options_model


@pytest.mark.parametrize("game", game_names())
def test_the_defaults_made_without_validating_are_the_validated_defaults(game: str) -> None:
    """A game made with no options takes its model's defaults unvalidated (``Options.parse``: no
    validator is built for them); they are exactly what validating nothing gives, checks included."""
    cls = game_class(game)
    model = cls.options_model
    made = muggins.new_game(game, players=cls.min_players, seed=1).options
    validated = pydantic.TypeAdapter(model).validate_python({})
    assert type(made) is model and type(validated) is model
    assert made == validated and hash(made) == hash(validated)
    assert made.as_json() == pydantic.TypeAdapter(model).dump_python(validated, mode="json")


def test_a_game_with_its_defaults_loads_no_pydantic() -> None:
    """Every registered game made with its defaults and played to its end by random moves, in a
    fresh interpreter that never imports pydantic; options given do."""
    script = textwrap.dedent(
        """
        import json, random, sys
        import muggins
        from muggins.games.registry import game_class
        from muggins.games.rollout import play_out
        for name in muggins.game_names():
            game = muggins.new_game(name, players=game_class(name).min_players, seed=7)
            play_out(game, random.Random(7))
            assert game.is_over, name
        before = "pydantic" in sys.modules
        muggins.new_game("cribbage", players=2, seed=7, target=61)
        print(json.dumps([before, "pydantic" in sys.modules]))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert json.loads(done.stdout) == [False, True]


def test_options_made_directly_keep_the_rules_between_them() -> None:
    with pytest.raises(ValueError, match="muggins needs counting='manual'"):
        CribbageOptions(muggins=True)
    assert CribbageOptions(muggins=True, counting="manual").muggins


@pytest.mark.parametrize("game", ["cribbage", "cribist"])
def test_a_first_dealer_is_a_seat_or_a_word(game: str) -> None:
    """A seat number is a choice among the seats the game has (docs/rules), not any number."""
    model = options_model(game)
    assert model.parse({"first_dealer": 3}).as_json()["first_dealer"] == 3
    assert model.parse({"first_dealer": "random"}).as_json()["first_dealer"] == "random"
    for wrong in (4, -1, "dealer", 1.5):
        with pytest.raises(OptionError, match="first_dealer"):
            model.parse({"first_dealer": wrong})
    choices = model.json_schema()["properties"]["first_dealer"]["enum"]
    assert choices[-4:] == [0, 1, 2, 3]


def test_an_unknown_option_and_a_value_out_of_bounds_are_named() -> None:
    with pytest.raises(OptionError, match="bogus"):
        CribbageOptions.parse({"bogus": 1})
    with pytest.raises(OptionError, match=r"target: Input should be less than or equal to 1000"):
        CribbageOptions.parse({"target": 1001})
    with pytest.raises(OptionError, match=r"options: Value error, a match is best of an odd number"):
        CribbageOptions.parse({"match": 2})


def test_the_schema_carries_each_options_description_and_bounds() -> None:
    """The lobby's form is made from the schema: every option's help and range are in it."""
    for game in game_names():
        properties = options_model(game).json_schema()["properties"]
        assert all(field.get("description") for name, field in properties.items()), game
    target = CribbageOptions.json_schema()["properties"]["target"]
    assert target["anyOf"][0] == {"type": "integer", "minimum": 1, "maximum": 1000}

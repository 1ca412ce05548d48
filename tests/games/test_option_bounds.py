"""Every numeric option has a bound, so no table's options can overflow the store's columns or make
its state huge (issue 18: a Skalborg stack of 10^19 chips overflowed SQLite, 3*10^9 PostgreSQL's
score column, and a 64 KB option body made 1,300 blind levels)."""

from __future__ import annotations

from typing import Any

import pytest

import muggins
from muggins.games.errors import OptionError
from muggins.games.skalborg.options import MAX_BLIND_LEVELS, MAX_CHIPS, MAX_HANDS

INT32 = 2**31 - 1


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"starting_stack": 10**19}, "starting_stack"),
        ({"starting_stack": 3 * 10**9}, "starting_stack"),
        ({"small_blind": MAX_CHIPS + 1, "big_blind": MAX_CHIPS + 1}, "small_blind"),
        ({"max_hands": MAX_HANDS + 1}, "max_hands"),
        (
            {"blind_schedule": [{"hand": n + 1, "small_blind": 1, "big_blind": 2} for n in range(51)]},
            "blind_schedule",
        ),
        ({"blind_schedule": [{"hand": MAX_HANDS + 1, "small_blind": 1, "big_blind": 2}]}, "hand"),
    ],
)
def test_skalborg_refuses_values_past_their_bound(options: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionError, match=named):
        muggins.new_game("skalborg", players=2, seed=1, **options)


def test_the_largest_skalborg_table_fits_the_store() -> None:
    """Every chip at a four-player table with the largest stacks fits a 32-bit score."""
    level = {"small_blind": MAX_CHIPS, "big_blind": MAX_CHIPS}
    schedule = [{"hand": n + 1, **level} for n in range(MAX_BLIND_LEVELS)]
    game = muggins.new_game(
        "skalborg", players=4, seed=1, starting_stack=MAX_CHIPS, max_hands=MAX_HANDS, blind_schedule=schedule
    )
    assert max(game.scores) <= 4 * MAX_CHIPS <= INT32


@pytest.mark.parametrize("game", muggins.game_names())
def test_every_integer_option_has_an_upper_bound(game: str) -> None:
    """Read from each game's option schema: a whole-number option with no maximum is a hole."""
    schema = muggins.games.registry.game_class(game).options_model.json_schema()
    unbounded = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            bounded = {"maximum", "exclusiveMaximum", "enum", "const"} & node.keys()
            if node.get("type") == "integer" and not bounded:
                unbounded.append(where)
            for key, value in node.items():
                walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for n, value in enumerate(node):
                walk(value, f"{where}[{n}]")

    walk(schema, game)
    assert unbounded == []

"""Resigning concedes the game (worst rank, as leaving does) in every game, at any time, and says
so: the result's reason and the event name it a resignation, the view lists the seats that
resigned, and the record replays it."""

from __future__ import annotations

from typing import Any

import pytest

from muggins.games.errors import IllegalMoveError
from muggins.games.registry import game_class, game_names, load_game, new_game

REASON = {"skalborg": "everyone else resigned"}
"""The result's reason where a game does not name the seat that resigned ("player 1 resigned")."""


@pytest.mark.parametrize("name", game_names())
def test_resigning_ends_a_two_sided_game_with_the_resigner_last(name: str) -> None:
    game = new_game(name, players=max(2, game_class(name).min_players), seed=1)
    events = game.apply(1, "resign")  # at any time: seat 1 need not be the one to move
    left = [e.to_dict() for e in events if e.type == "left"]
    assert left == [{"type": "left", "player": 1, "resigned": True}]
    assert game.result is not None and game.result.reason == REASON.get(name, "player 1 resigned")
    assert game.result.ranks[1] == max(game.result.ranks)
    assert game.view(0)["resigned"] == [1] and game.view(None)["left"] == [1]
    replayed = load_game(game.record())
    assert replayed.result == game.result and replayed.resigned == [1]


def test_a_resignation_in_three_player_cribbage_lets_the_others_play_on() -> None:
    game = new_game("cribbage", players=3, seed=2)
    game.apply(2, "resign")
    assert game.result is None and game.resigned == [2]
    assert 2 not in game.to_move and game.to_move
    with pytest.raises(IllegalMoveError, match="player 2 has already left"):
        game.apply(2, "resign")


def test_a_partner_resigns_for_the_side() -> None:
    game = new_game("cribbage", players=4, partnerships=True, seed=3)
    game.apply(1, "resign")
    assert game.result is not None and game.result.reason == "players 1 and 3 resigned"
    assert sorted(game.resigned) == [1, 3]


def test_leaving_is_still_leaving() -> None:
    game = new_game("cribbage", players=2, seed=4)
    events: list[Any] = game.apply(0, "leave")
    assert [e.to_dict() for e in events if e.type == "left"] == [
        {"type": "left", "player": 0, "resigned": False}
    ]
    assert game.result is not None and game.result.reason == "player 0 left the table"
    assert game.resigned == []

"""The random bot: from a view or straight from the legal moves, the same seed makes the same moves."""

from __future__ import annotations

from typing import Any

import pytest

from muggins.bots.base import RandomBot
from muggins.games.registry import new_game

TABLES = [
    ("cribbage", 2, {}),
    ("cribbage", 3, {}),
    ("cribbage", 2, {"variant": "ten-hand"}),
    ("skalborg", 3, {}),
    ("cribist", 4, {}),
]


@pytest.mark.parametrize(("game_name", "players", "options"), TABLES)
@pytest.mark.parametrize("seed", range(3))
def test_choosing_from_the_legal_moves_is_choosing_from_the_view(
    game_name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    game = new_game(game_name, players=players, seed=seed, **options)
    by_view, by_moves = RandomBot(seed), RandomBot(seed)
    decisions = 0
    while not game.is_over and decisions < 300:
        player = min(game.to_move)
        legal = game.legal_moves(player)
        move = by_view.choose(game.view(player))
        assert by_moves.choose_legal(legal) == move
        assert move in legal
        game.apply(player, move)
        decisions += 1
    assert decisions > 0

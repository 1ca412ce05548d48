"""Every game ends: each pairing of a game's own strategies (one bot in the even seats, the other
in the odd; the levels of the ladder are the expert blundering, each played against random here
and against the expert in tests/bots/test_levels.py), at every seat count, plays a seeded game
with the game's default options to its end within a bounded number of moves. (Cribist's length is
fixed by its rules, a number of deals: it is played to one deal so that its searching expert stays
quick.)"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from muggins.bots.levels import LEVEL_NAMES
from muggins.bots.registry import bot_names, make_bot
from muggins.games.registry import game_class, game_names, new_game

MOVES = 5000
"""More moves than any pairing needs (the most measured: 1,431, two calling stations and two more
at a Skalborg table of four, whose blinds double every 10 hands)."""
SHORTER: dict[str, dict[str, Any]] = {"cribist": {"deals": 1}}
"""Options that only shorten a game whose end its rules already fix."""

CASES = [
    (name, players, first, second)
    for name in game_names()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
    for first, second in [
        *itertools.product([bot for bot in bot_names(name) if bot not in LEVEL_NAMES], repeat=2),
        *((level, "random") for level in sorted(LEVEL_NAMES)),
    ]
]


@pytest.mark.parametrize(("name", "players", "first", "second"), CASES, ids=str)
def test_every_pairing_of_bots_finishes_a_game(name: str, players: int, first: str, second: str) -> None:
    game = new_game(name, players=players, seed=players, **SHORTER.get(name, {}))
    bots = [make_bot(name, first if seat % 2 == 0 else second, seed=seat) for seat in range(players)]
    for _ in range(MOVES):
        if game.is_over:
            break
        seat = min(game.to_move)
        game.apply(seat, bots[seat].choose(game.view(seat)))
    assert game.is_over, f"{name} with {players} players, {first} and {second}: no end in {MOVES} moves"

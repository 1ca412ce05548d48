"""The terminal tells every game's events from one vocabulary: a shared event reads the same way in
every game, with no fallback for fields it lacks."""

from __future__ import annotations

import random

import pytest

from muggins.cli.narrate import describe
from muggins.games.registry import game_names, new_game

SHARED = frozenset({"dealt", "played", "scored", "shown", "muggins", "new_hand", "game_over", "left"})
"""Event types more than one game sends, which must read the same way in each."""
MOVES = 3000
"""Enough random moves for every shared event (random Skalborg players may trade chips forever)."""

FORMS = {
    "cribbage": {"players": 2, "counting": "manual", "muggins": True},
    "skalborg": {"players": 3, "counting": "manual", "starting_stack": 10},
    "cribist": {"players": 4, "deals": 1, "counting": "manual"},
}


@pytest.mark.parametrize("name", game_names())
def test_every_shared_event_is_told_in_words(name: str) -> None:
    seen: set[str] = set()
    for seed in range(3):
        game = new_game(name, seed=seed, **FORMS.get(name, {"players": 2}))
        rng = random.Random(seed)
        for _ in range(MOVES):
            if game.is_over:
                break
            player = min(game.to_move)
            game.apply(player, rng.choice(game.legal_moves(player)))
        for event in game.events:
            for viewer in (*range(game.players), None):
                line = describe(event, viewer)
                if event.type in SHARED:
                    assert line is not None and not line.startswith(f"{event.type}:"), (event, line)
                    seen.add(event.type)
    assert {"dealt", "new_hand"} <= seen

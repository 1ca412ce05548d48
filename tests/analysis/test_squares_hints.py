"""Cribbage Squares hints: the cell the bot would choose, why (the expected points it adds to its
row and column), and the best cells' figures, from the seat's own view."""

from __future__ import annotations

import re

from muggins import new_game
from muggins.analysis.hints import hint
from muggins.strategy.squares.placement import placement_gains


def test_the_hint_names_the_best_cell_with_its_figures() -> None:
    game = new_game("squares", players=2, seed=11)
    for cell in ("a1", "b1", "c1"):
        game.apply(0, f"place {cell}")
        game.apply(1, f"place {cell}")
    view = game.view(0)
    advice = hint("squares", view)
    gains = placement_gains(view)
    best = max(gains.values())
    assert re.fullmatch(r"place [a-d][1-4]", advice.move)
    assert advice.move.split()[1] not in ("a1", "b1", "c1")
    assert re.fullmatch(
        rf"{view['card']} on [a-d][1-4] adds about {best:.1f} points to row \d and column [a-d]",
        advice.reason,
    )
    assert len(advice.details) == 4 and advice.details[0].endswith(f"{best:+.1f} expected")


def test_gains_are_given_for_every_empty_cell_only() -> None:
    game = new_game("squares", players=1, seed=2)
    game.apply(0, "place d4")
    assert sorted(placement_gains(game.view(0))) == list(range(15))

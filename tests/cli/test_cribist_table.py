"""The Cribist terminal table draws what a seat may see: its hand, trumps, the trick with who played
what, the counting window and whose turn it is — and never another seat's hand."""

from __future__ import annotations

import random

from rich.console import Console

from muggins import new_game
from muggins.cards import parse_card
from muggins.cli.games.cribist.table import render


def drawn(view: dict[str, object]) -> str:
    console = Console(record=True, width=120, color_system=None)
    render(view, console)
    return console.export_text()


def test_the_table_shows_hand_trumps_trick_and_turn() -> None:
    game = new_game("cribist", players=4, seed=2, first_dealer=0)
    text = drawn(game.view(1))
    assert "trumps: not yet led" in text
    assert "Waiting for you to play" in text
    first = game.view(1)["hand"][0]
    game.apply(1, f"play {first}")
    text = drawn(game.view(1))
    card = parse_card(first)
    assert f"you {card.pretty}" in text
    assert card.suit is not None and card.suit.name.lower() in text
    # Seat 2's table never draws a card still in seat 1's hand.
    seen_by_two = drawn(game.view(2))
    assert not [c for c in game.view(1)["hand"] if parse_card(c).pretty in seen_by_two]


def test_the_counting_window_and_the_end_are_drawn() -> None:
    game = new_game("cribist", players=4, seed=3, deals=1, counting="manual", first_dealer=0)
    rng = random.Random(3)
    while game.view(0)["phase"] == "play":
        seat = min(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    (winner,) = game.to_move
    assert "to claim the trick's points" in drawn(game.view(winner))
    game.apply(winner, "claim 20")
    watcher = (winner + 1) % 4
    text = drawn(game.view(watcher))
    assert "claimed 20" in text and "scores nothing" in text
    assert "to call muggins" in text
    game.apply(watcher, "leave")
    assert "Game over" in drawn(game.view(None))

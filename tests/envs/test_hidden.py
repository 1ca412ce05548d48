"""No observation carries a hidden card: deal the cards a seat cannot see differently (swap them
among themselves, in the deck and in the moves that name them) and that seat's observation and
action mask stay exactly the same."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from muggins.cards import CardError, joker_pack, parse_card, standard_pack
from muggins.envs.actions import Choice
from muggins.envs.games import game_parts
from muggins.envs.observation import observe, seat_view
from muggins.games.base import Game
from muggins.games.errors import GameError
from muggins.games.events import Dealt
from muggins.games.registry import game_class, new_game
from tests.envs.configs import CONFIGS, config_id


def swapped(text: str, swap: dict[str, str]) -> str:
    """A move's text with every card in ``swap`` replaced."""
    words = []
    for word in text.split():
        try:
            words.append(swap.get(str(parse_card(word)), word))
        except CardError:
            words.append(word)
    return " ".join(words)


def seen_by(game: Game, name: str, seat: int) -> tuple[bytes, bytes]:
    view = seat_view(game, seat)
    parts = game_parts(name)
    mask = Choice(parts.actions, game.legal_moves(seat)).mask
    return observe(parts.layout, view, game.players).tobytes(), mask.tobytes()


def random_first_deal(name: str, options: dict[str, Any], rng: random.Random) -> tuple[Game, list[str]]:
    """A game dealt from a known deck, played at random to a point within its first deal."""
    pack = [str(c) for c in (joker_pack() if name == "skalborg" else standard_pack())]
    rng.shuffle(pack)
    game = new_game(name, seed=rng.randrange(1000), deck=pack, **options)
    stop = rng.randrange(1, 60)
    for _ in range(stop):
        if game.is_over:
            break
        seat = rng.choice(sorted(game.to_move))
        deals = sum(isinstance(e, Dealt) for e in game.events)
        before = game.record()
        game.apply(seat, rng.choice(game.legal_moves(seat)))
        if sum(isinstance(e, Dealt) for e in game.events) > deals:  # a second deal began: undo
            game = replay(name, options, before, {})
            break
    return game, pack


def replay(name: str, options: dict[str, Any], record: dict[str, Any], swap: dict[str, str]) -> Game:
    deck = [swap.get(c, c) for c in record["deck"][0]]
    game = new_game(name, seed=record["seed"], deck=deck, **options)
    for seat, move in record["moves"]:
        game.apply(seat, swapped(move, swap))
    return game


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_swapping_hidden_cards_changes_no_observation(
    config: tuple[str, dict[str, Any]],
) -> None:
    name, options = config
    if "first_dealer" in game_class(name).options_model.names():  # a known dealer: comparable deals
        options = {"first_dealer": 0, **options}
    rng = random.Random(config_id(config))
    compared = 0
    for _ in range(12):
        game, _ = random_first_deal(name, options, rng)
        for seat in range(game.players):
            hidden = sorted(str(c) for c in game.hidden_cards(seat))
            shuffled = rng.sample(hidden, len(hidden))
            swap = dict(zip(hidden, shuffled, strict=True))
            try:
                other = replay(name, options, game.record(), swap)
            except GameError:  # the swapped deal made another seat's automatic move differ
                continue
            if other.view(None) != game.view(None):  # ... so the public table differs: not comparable
                continue
            assert seen_by(other, name, seat) == seen_by(game, name, seat), f"seat {seat} saw a hidden card"
            compared += 1
    assert compared >= 12


def test_the_swap_test_would_see_a_leak() -> None:
    """The comparison above tells apart observations that show another seat's hand."""
    options = {"players": 2, "first_dealer": 0}
    pack = [str(c) for c in standard_pack()]
    game = new_game("cribbage", seed=1, deck=pack, **options)
    hidden = sorted(str(c) for c in game.hidden_cards(0))
    swap = dict(zip(hidden, hidden[1:] + hidden[:1], strict=True))
    other = replay("cribbage", options, game.record(), swap)
    assert game.view(1)["hand"] != other.view(1)["hand"]
    layout = game_parts("cribbage").layout
    assert not np.array_equal(
        observe(layout, {**game.view(0), "hand": game.view(1)["hand"]}, 2),
        observe(layout, {**other.view(0), "hand": other.view(1)["hand"]}, 2),
    )

"""The protocol conformance suite, written once and run against every game and configuration.

``check_random_game`` plays a game to the end with random legal moves and checks, at every step:
moves round-trip through text; only seats in ``to_move`` have moves; illegal moves raise and change
nothing; views and events are JSON and never show a viewer a card hidden from them; ``auto_move``
is legal; and the record replays to the same events and views.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from muggins import load_game
from muggins.cards import CardError, parse_card
from muggins.games.base import Game
from muggins.games.errors import GameError, IllegalMoveError
from muggins.games.events import Dealt, Event
from muggins.games.moves import Leave, Move, parse_move

GameFactory = Callable[[int], Game]


def card_tokens(data: Any) -> set[str]:
    """Every card named anywhere in JSON data (strings are split into words)."""
    found: set[str] = set()
    if isinstance(data, str):
        for word in data.replace(",", " ").split():
            with contextlib.suppress(CardError):
                found.add(str(parse_card(word)))
    elif isinstance(data, dict):
        for key, value in data.items():
            found |= card_tokens(key) | card_tokens(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= card_tokens(value)
    return found


def check_no_leak(game: Game, viewer: int | None, data: Any, what: str) -> None:
    hidden = {str(c) for c in game.hidden_cards(viewer)}
    leaked = hidden & card_tokens(data)
    assert not leaked, f"{what} shows {sorted(leaked)} to viewer {viewer}"


def viewers(game: Game) -> Iterable[int | None]:
    return [*range(game.players), None]


def snapshot(game: Game) -> str:
    return json.dumps([game.record(), [game.view(v) for v in viewers(game)]], sort_keys=True)


def last_deal(events: list[Event]) -> int:
    """Index of the last ``Dealt`` event: what came before it belongs to a finished deal, whose
    cards are back in the pack now, so only the events from the new deal on are checked."""
    deals = [i for i, event in enumerate(events) if isinstance(event, Dealt)]
    return deals[-1] if deals else 0


def check_rejected(game: Game, player: int, move: Move | str) -> None:
    """An illegal or malformed move raises a GameError and changes nothing."""
    before = snapshot(game)
    with pytest.raises(GameError):
        game.apply(player, move)
    assert snapshot(game) == before, f"rejected move {move!r} by {player} changed the game"


def check_step(game: Game, rng: random.Random, leave_rate: float) -> tuple[int, Move]:
    to_move = sorted(game.to_move)
    assert to_move, "a game that is not over must wait for someone"
    for seat in range(game.players):
        moves = game.legal_moves(seat)
        assert not any(isinstance(m, Leave) for m in moves), "leave is never listed among legal moves"
        if seat not in to_move:
            assert moves == [], f"seat {seat} has moves out of turn: {moves}"
            if seat not in game.left:
                check_rejected(game, seat, game.legal_moves(to_move[0])[0])
        for move in moves:
            assert parse_move(str(move)) == move, f"{move!r} does not round-trip through {str(move)!r}"
    player = rng.choice(to_move)
    moves = game.legal_moves(player)
    assert moves, f"seat {player} is to move but has no legal move"
    assert game.auto_move(player) in moves
    if rng.random() < 0.05:
        check_rejected(game, player, "play 0X")
        check_rejected(game, player, "frobnicate")
    staying = [seat for seat in range(game.players) if seat not in game.left]
    if rng.random() < leave_rate:
        return rng.choice(staying), Leave()
    return player, rng.choice(moves)


def check_random_game(
    factory: GameFactory, seed: int, *, max_moves: int = 20_000, deep: bool = True, leave_rate: float = 0.0
) -> Game:
    """Play one random game from ``factory(seed)`` to the end, checking the protocol throughout.

    With ``leave_rate`` a random seat leaves the table at that rate per move. ``deep`` checks every
    view and event for leaks at every step (slower); without it only the end and replay are checked.
    """
    rng = random.Random(seed)
    game = factory(seed)
    all_events = []
    for _ in range(max_moves):
        if game.is_over:
            break
        player, move = check_step(game, rng, leave_rate)
        events = game.apply(player, move)
        all_events.extend(events)
        if deep:
            for viewer in viewers(game):
                view = game.view(viewer)
                json.dumps(view)
                check_no_leak(game, viewer, view, "view")
                for event in events[last_deal(events) :]:
                    redacted = event.for_viewer(viewer).to_dict()
                    json.dumps(redacted)
                    check_no_leak(game, viewer, redacted, f"event {event.type}")
    assert game.is_over, f"game did not finish in {max_moves} moves"
    assert game.result is not None
    assert game.to_move == frozenset()
    for seat in range(game.players):
        with pytest.raises(IllegalMoveError):
            game.apply(seat, "go")
    replayed = load_game(json.loads(json.dumps(game.record())))
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in game.events]
    assert snapshot(replayed) == snapshot(game)
    return game

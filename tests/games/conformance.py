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
from muggins.scoring.items import Item, Kind, Score

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
    """Index of the last ``Dealt`` event, or of the end of a game of a match: what came before it
    belongs to a finished deal, whose cards are back in the pack now, so only the events from the
    new deal on are checked."""
    deals = [i for i, event in enumerate(events) if isinstance(event, Dealt) or event.type == "match_game"]
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
    assert game.lowest_to_move() == to_move[0]
    assert [seat for seat in range(game.players) if game.waits_for(seat)] == to_move
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
    assert game.lowest_to_move() == -1 and not any(game.waits_for(seat) for seat in range(game.players))
    for seat in range(game.players):
        with pytest.raises(IllegalMoveError):
            game.apply(seat, "leave")  # a verb of every game: refused as the game is over
    replayed = load_game(json.loads(json.dumps(game.record())))
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in game.events]
    assert snapshot(replayed) == snapshot(game)
    return game


COUNTING_PHASES = frozenset({"show", "muggins", "count", "claim"})
"""The phases, in every game, in which a player counts or judges a count."""
Swap = Callable[[Game], None]
"""Changes a game's hidden count in place (the same cards, another total), for the leak test."""
Revealed = Callable[[dict[str, Any]], bool]
"""Whether an event (in its JSON form) reveals the swapped count: the close of its window."""


def seven_more(game: Any) -> None:
    """The leak test's swap for a game whose ``counter`` takes the cards first (Skalborg, Cribist):
    every count it makes is 7 more than the cards give."""
    count = game.counter

    def other(cards: Any, *rest: Any) -> Score:
        score = count(cards, *rest)
        return Score((*score.items, Item(Kind.FIFTEEN, tuple(cards[:2]), 7)))

    game.counter = other


def messages(game: Game, viewer: int | None, events: list[Event], hints: bool) -> str:
    """Everything ``viewer`` receives after a move, as the bytes a client gets: the view, their
    legal moves, the move their clock would make for them (which everyone sees when it runs out)
    and, while counting, the hint as the server serves it (its refusal, or the advice; asked only in
    the counting phases, where it is quick)."""
    data: list[Any] = [game.view(viewer), [e.for_viewer(viewer).to_dict() for e in events]]
    if viewer is not None:
        data.append([str(m) for m in game.legal_moves(viewer)])
        if viewer in game.to_move:
            data.append(str(game.auto_move(viewer)))
        if hints and viewer in game.to_move and data[0].get("phase") in COUNTING_PHASES:
            data.append(served_hint(game, viewer))
    return json.dumps(data, sort_keys=True)


def served_hint(game: Game, seat: int) -> list[Any]:
    """What the server answers ``seat``'s hint request with now: ``["refused", why]`` or the advice."""
    from muggins.server.tables.hints import hint, refusal

    refused = refusal(game, seat)
    if refused is not None:
        return ["refused", refused]
    return list(hint(game.name, game.view(seat)))


def check_counting_unhinted(factory: Callable[[], Game], seed: int, moves: int = 1500) -> int:
    """Play ``factory()`` with up to ``moves`` random moves and assert that every decision counting
    by hand (a claim or a muggins window) is refused a hint with the same words, and that no other
    decision counts as one; returns how many counting decisions were met."""
    from muggins.server.tables.hints import COUNTING_IS_YOURS

    rng = random.Random(seed)
    game, met = factory(), 0
    for _ in range(moves):
        if game.is_over:
            break
        for seat in sorted(game.to_move):
            phase = game.view(seat).get("phase")
            counting = phase in COUNTING_PHASES
            assert game.counts_by_hand(seat) == counting, (seat, phase)
            if counting:
                met += 1
                assert served_hint(game, seat) == ["refused", COUNTING_IS_YOURS]
        player = rng.choice(sorted(game.to_move))
        game.apply(player, rng.choice(game.legal_moves(player)))
    return met


def check_count_hidden(
    factory: Callable[[], Game], swap: Swap, revealed: Revealed, seed: int, *, hints: bool = True
) -> int:
    """Play ``factory()`` and its twin whose hidden count ``swap`` changed with the same random
    moves, and assert that every viewer (the last being the spectator) receives byte-identical
    messages from both until the event that closes the swapped count's window, where they must
    differ (else the swap did nothing). Returns the number of moves compared."""
    rng = random.Random(seed)
    game, twin = factory(), factory()
    swap(twin)
    for step in range(20_000):
        if game.is_over:
            return step
        player = rng.choice(sorted(game.to_move))
        move = rng.choice(game.legal_moves(player))
        events, twin_events = game.apply(player, move), twin.apply(player, move)
        pairs = ((game, events), (twin, twin_events))
        sent = [messages(g, v, e, hints) for v in viewers(game) for g, e in pairs]
        if any(revealed(e.to_dict()) for e in events):
            assert sent[::2] != sent[1::2], "the swapped count never showed: the swap did not take"
            return step
        for viewer, (mine, theirs) in enumerate(zip(sent[::2], sent[1::2], strict=True)):
            assert mine == theirs, (
                f"viewer {viewer} can tell the hidden count apart after move {step} ({player}: {move})"
            )
    raise AssertionError("the game did not end")

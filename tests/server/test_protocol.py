"""The protocol document is generated from the message models and lists every message."""

from __future__ import annotations

import typing

import pydantic
import pydantic_core
import pytest

from muggins.server import messages, protocol_doc


def _union_members(adapter_type: object) -> set[type]:
    union = typing.get_args(adapter_type)[0]
    return set(typing.get_args(union))


def test_document_is_current() -> None:
    assert protocol_doc.default_path().read_text(encoding="utf-8") == protocol_doc.render(), (
        "docs/protocol.md is stale: run python -m muggins.server.protocol_doc"
    )


def test_document_lists_every_message() -> None:
    assert set(protocol_doc.CLIENT) == _union_members(messages.AnyClientMessage)
    assert set(protocol_doc.SERVER) == _union_members(messages.AnyServerMessage)


@pytest.mark.parametrize("models", [protocol_doc.CLIENT, protocol_doc.SERVER])
def test_every_type_is_distinct(models: list[type[pydantic.BaseModel]]) -> None:
    types = [m.model_fields["type"].default for m in models]
    assert len(types) == len(set(types))


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ('{"type": "move", "table_id": "t1", "text": "go"}', "state_id"),
        ('{"type": "teleport"}', "teleport"),
        ('{"type": "chat", "table_id": "t1", "text": ""}', "text"),
        ('{"type": "join", "table_id": "../etc"}', "table_id"),
        ('{"type": "ping", "extra": 1}', "extra"),
    ],
)
def test_malformed_client_messages_are_refused(raw: str, problem: str) -> None:
    with pytest.raises(pydantic.ValidationError, match=problem):
        messages.CLIENT_MESSAGES.validate_json(raw)


def test_move_parses() -> None:
    raw = '{"type":"move","table_id":"ab","text":"play JS","state_id":3}'
    msg = messages.CLIENT_MESSAGES.validate_json(raw)
    assert isinstance(msg, messages.MakeMove)
    assert (msg.text, msg.state_id) == ("play JS", 3)


def test_a_join_says_the_log_it_holds_or_is_refused() -> None:
    raw = '{"type":"join","table_id":"ab","since":{"game_number":2,"seat":null,"events":40}}'
    msg = messages.CLIENT_MESSAGES.validate_json(raw)
    assert isinstance(msg, messages.Join) and msg.since == messages.LogMark(
        game_number=2, seat=None, events=40
    )
    for since in (
        '{"game_number":2,"seat":0}',
        '{"game_number":2,"seat":8,"events":1}',
        '{"game_number":2,"seat":0,"events":1,"log":[]}',
        '{"game_number":-1,"seat":0,"events":1}',
    ):
        with pytest.raises(pydantic.ValidationError, match="since"):
            messages.CLIENT_MESSAGES.validate_json(f'{{"type":"join","table_id":"ab","since":{since}}}')


@pytest.mark.parametrize("game_name", ["cribbage", "skalborg", "cribist"])
def test_events_are_written_as_the_model_writes_them(game_name: str) -> None:
    """``events_json`` (written without building the model) gives the very text of ``Events``,
    over the events and views of a whole game, with clocks and without."""
    import random

    from muggins import new_game
    from muggins.games.words import told

    rng = random.Random(5)
    players = 4 if game_name == "cribist" else 2
    game = new_game(game_name, players=players, seed=11)
    clock = messages.SeatClock.model_construct(seat=1, kind="turn", deadline=1.7e9 + 0.25, remaining=29.5)
    written = 0
    while not game.is_over and written < 400:
        seat = min(game.to_move)
        move = rng.choice(game.legal_moves(seat))
        events = game.apply(seat, move)
        for viewer in range(players):
            fields: dict[str, typing.Any] = {
                "table_id": "t1",
                "state_id": game.state_id,
                "game_number": written % 3,
                "seat": seat,
                "move": str(move),
                "by": rng.choice(["player", "bot", "timeout"]),
                "events": [told(game_name, e, viewer) for e in events],
                "view": game.view(viewer),
                "clocks": [clock] if written % 2 else [],
            }
            expected = messages.Events.model_construct(**fields, type="events").model_dump_json()
            texts = [pydantic_core.to_json(e).decode() for e in fields["events"]]
            assert messages.events_json(**{**fields, "events": texts}) == expected
            assert messages.Events.model_validate_json(expected).state_id == game.state_id
        written += 1
    assert written > 20

"""The protocol document is generated from the message models and lists every message."""

from __future__ import annotations

import typing

import pydantic
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

"""A connection forwards a table's ``events`` text as it came over the bus, reading only where it
brings the client (``position_of``) from the head of the text; the head's layout is the model's own
field order, so a change to ``messages.Events`` that moved it would silently fall back to parsing
every message whole. These check that the head is read, and read right."""

from __future__ import annotations

import json

import pytest

from muggins.server import messages
from muggins.server.edge.connection import _EVENTS_HEAD, position_of


@pytest.mark.parametrize(("game_number", "state_id"), [(0, 0), (1, 7), (12, 40_321)])
def test_an_events_text_is_placed_by_its_head(game_number: int, state_id: int) -> None:
    text = messages.Events(
        table_id="t-1_x",
        state_id=state_id,
        game_number=game_number,
        seat=1,
        move='play 5H "quoted"',
        by="player",
        events=[{"type": "played", "state_id": 999, "game_number": 998}],
        view={"state_id": 997},
    ).model_dump_json()
    assert _EVENTS_HEAD.match(text) is not None  # the fast path applies to the model as it is
    assert position_of(text) == (game_number, state_id)


def test_a_text_of_another_layout_is_parsed_whole() -> None:
    text = json.dumps({"state_id": 5, "type": "events", "game_number": 2})
    assert _EVENTS_HEAD.match(text) is None
    assert position_of(text) == (2, 5)

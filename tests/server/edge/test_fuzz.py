"""Hypothesis throws arbitrary frames at the WebSocket of an in-process server, as a spectator of a
game in progress (waiting for a person's move, with a minute on the clock): every frame gets a
well-formed reply or none, never a server error, and the game never changes."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from muggins.server import messages
from muggins.server.app import create_app
from muggins.server.settings import Settings

TYPES = [
    "hello",
    "lobby",
    "join",
    "sit",
    "stand",
    "move",
    "ready",
    "chat",
    "leave",
    "rematch",
    "hint",
    "ping",
    "welcome",
    "error",
    "",
]
FIELDS = ["type", "table_id", "text", "state_id", "seat", "token", "name", "extra"]
values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.text(max_size=40),
    st.lists(st.integers(), max_size=3),
)
frames = st.one_of(
    st.text(max_size=200),
    st.builds(json.dumps, st.dictionaries(st.sampled_from(FIELDS), values, max_size=5)),
    st.builds(
        lambda t, d: json.dumps({"type": t, **d}),
        st.sampled_from(TYPES),
        st.dictionaries(st.sampled_from(FIELDS[1:]), values, max_size=4),
    ),
)


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Any, str]]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    app = create_app(
        Settings(
            db_url=f"sqlite:///{folder / 'fuzz.db'}",
            rate_per_second=10_000,
            rate_burst=10_000,
            chat_per_minute=10_000,
            chat_burst=10_000,
            address_rate=10_000,
            api_rate=10_000,
            web_dir=None,
        )
    )
    with TestClient(app) as client:
        token = client.post("/api/guest", json={"name": "ann"}).json()["token"]
        table = client.post(
            "/api/tables",
            json={"game": "cribbage", "players": 2, "bots": {"1": "random"}, "time": {"turn_time": 60}},
            headers={"Authorization": f"Bearer {token}"},
        ).json()
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table['id']}").json()["state_id"] < 1:  # the bot has discarded
            assert time.monotonic() < deadline
            time.sleep(0.05)
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "name": "fuzzer"}))
            assert ws.receive_json()["type"] == "welcome"
            yield client, ws, table["id"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frame=frames)
def test_arbitrary_frames_never_break_the_server_or_change_the_game(
    arena: tuple[TestClient, Any, str], frame: str
) -> None:
    client, ws, table_id = arena
    before = client.get(f"/api/tables/{table_id}").json()["state_id"]
    ws.send_text(frame)
    ws.send_text(json.dumps({"type": "ping"}))
    while True:
        reply = ws.receive_json()
        messages.SERVER_MESSAGES.validate_python(reply)
        assert not (reply["type"] == "error" and "server error" in reply["reason"]), (frame, reply)
        if reply["type"] == "pong":
            break
    assert client.get(f"/api/tables/{table_id}").json()["state_id"] == before

"""Fuzzing a live cluster: hypothesis-made WebSocket frames (junk, arbitrary JSON, and messages of
every client type with arbitrary fields) sent to a process that does not own the table, by a
spectator and by a seated player. No frame gets a server error or closes the connection, and no
refused frame changes the game: nobody at the table hears of any move."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from muggins.server import messages
from tests.scale.cluster_live import Node

CLIENT_TYPES = sorted(
    t.model_fields["type"].default
    for t in messages.ClientMessage.__subclasses__()
    if "type" in t.model_fields
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


def typed(table_id: str, types: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """Messages of the client types with any mix of right, wrong and unknown fields."""
    return st.fixed_dictionaries(
        {"type": st.sampled_from(types)},
        optional={
            "table_id": st.just(table_id) | st.text(max_size=40),
            "text": st.text(max_size=80) | st.sampled_from(["discard", "play", "go", "bet -5", "claim 99"]),
            "state_id": st.just(0) | st.integers() | st.text(max_size=5) | st.none(),
            "seat": st.integers(-3, 10) | st.none() | st.text(max_size=3),
            "token": st.text(max_size=60),
            "name": st.text(max_size=40),
            "extra": json_values,
        },
    )


def frames(table_id: str, types: list[str]) -> st.SearchStrategy[str]:
    return (
        typed(table_id, types).map(json.dumps)
        | json_values.map(json.dumps)
        | st.text(max_size=200)
        | st.binary(max_size=60).map(lambda b: b.decode("latin-1"))
    )


def hello(sockets: contextlib.ExitStack, url: str, **who: str) -> ClientConnection:
    """A connection that said hello, closed when ``sockets`` closes."""
    ws = sockets.enter_context(connect(url, max_size=2**22))
    ws.send(json.dumps({"type": "hello", **who}))
    assert json.loads(ws.recv(10))["type"] == "welcome"
    return ws


def replies_to(ws: ClientConnection, frame: str) -> list[dict[str, Any]]:
    """Send a frame, then a ping; everything before the pong answers the frame."""
    ws.send(frame)
    ws.send(json.dumps({"type": "ping"}))
    found: list[dict[str, Any]] = []
    while True:
        message = json.loads(ws.recv(10))
        if message["type"] == "pong":
            return found
        found.append(message)


def test_fuzzed_frames_change_nothing(cluster: Callable[..., list[Node]]) -> None:
    owner, other = cluster(2)
    ann_token, _ = owner.guest("ann")
    bob_token, _ = other.guest("bob")
    table_id = owner.create_table(ann_token, game="cribbage", players=2, time={"turn_time": 60})["id"]
    with contextlib.ExitStack() as sockets:  # every connection closed however the test ends
        ann = hello(sockets, owner.ws_url, token=ann_token)
        ann.send(json.dumps({"type": "join", "table_id": table_id}))
        bob = hello(sockets, other.ws_url, token=bob_token)
        bob.send(json.dumps({"type": "sit", "table_id": table_id}))
        before = httpx.get(f"{other.url}/api/tables/{table_id}").json()
        for _ in range(100):  # bob's sit reaches the owner and starts the game asynchronously
            if before["status"] == "playing":
                break
            time.sleep(0.1)
            before = httpx.get(f"{other.url}/api/tables/{table_id}").json()
        assert before["status"] == "playing"

        spy = hello(sockets, other.ws_url, name="mallory")
        seated = hello(sockets, other.ws_url, token=ann_token)  # ann, again, on the other process
        seated.send(json.dumps({"type": "join", "table_id": table_id}))
        seen_errors: list[str] = []

        @settings(
            max_examples=120,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        )
        @given(
            spy_frame=frames(table_id, [t for t in CLIENT_TYPES if t != "leave"]),
            seat_frame=frames(table_id, ["move", "ready", "hint", "ping", "rematch", "stand", "sit", "join"]),
        )
        def fuzz(spy_frame: str, seat_frame: str) -> None:
            for ws, frame in ((spy, spy_frame), (seated, seat_frame)):
                for reply in replies_to(ws, frame):
                    assert reply["type"] != "events", (frame, reply)
                    if reply["type"] == "error":
                        assert not reply["reason"].startswith("server error"), (frame, reply)
                        seen_errors.append(reply["reason"])

        fuzz()
        assert len(seen_errors) > 100
        after = httpx.get(f"{owner.url}/api/tables/{table_id}").json()
        assert (after["state_id"], after["status"], after["scores"]) == (0, "playing", before["scores"])
        for ws in (ann, bob):
            ws.send(json.dumps({"type": "ping"}))
            while (message := json.loads(ws.recv(10)))["type"] != "pong":
                assert message["type"] != "events", message

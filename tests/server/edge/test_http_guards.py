"""Guards in the product itself (issue 18, items 4 and 10): request bodies are bounded without a
proxy, bad Unicode and deeply nested JSON are refused like other bad input, and every response
carries the security headers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from muggins.server.app import create_app
from muggins.server.edge.middleware import MAX_BODY_BYTES
from muggins.server.settings import Settings

JSON = {"content-type": "application/json"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}"))) as test_client:
        yield test_client


def test_a_large_body_is_refused_before_it_is_read(client: TestClient) -> None:
    big = b'{"name": "' + b"x" * MAX_BODY_BYTES + b'"}'
    reply = client.post("/api/guest", content=big, headers={"content-type": "application/json"})
    assert reply.status_code == 413
    assert reply.json()["detail"] == f"the request body is over {MAX_BODY_BYTES} bytes"


def test_a_large_body_without_a_length_is_refused_as_it_arrives(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(MAX_BODY_BYTES // 1000 + 2):
            yield b"x" * 1000

    reply = client.post("/api/guest", content=chunks(), headers={"content-type": "application/json"})
    assert reply.status_code == 413
    assert client.post("/api/guest", json={"name": "after"}).status_code == 200  # the server carries on


def test_a_lone_surrogate_is_refused_not_a_server_error(client: TestClient) -> None:
    body = b'{"name": "a\\ud800b"}'
    reply = client.post("/api/guest", content=body, headers={"content-type": "application/json"})
    assert reply.status_code == 422 and reply.json()["detail"][0]["loc"] == ["body", "name"]


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/tables", "/css/muggins.css", "/no-such-page"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"


def test_deeply_nested_json_over_the_websocket_is_an_error_reply(client: TestClient) -> None:
    with client.websocket_connect("/ws") as ws:
        ws.send_text("[" * 5000 + "]" * 5000)
        reply = json.loads(ws.receive_text())
        assert reply["type"] == "error" and "nested too deeply" in reply["reason"]
        ws.send_text(json.dumps({"type": "hello", "name": "still here"}))
        assert json.loads(ws.receive_text())["type"] == "welcome"


def test_a_refusal_names_the_field_and_echoes_nothing_of_the_validator(client: TestClient) -> None:
    """Issue 33, item 8: a 422 said which field and why, and also echoed the input back with the
    validator's internals (its error types, context and links to its documentation)."""
    reply = client.post("/api/guest", json={"name": "x" * 40 + "<secret>"})
    assert reply.status_code == 422
    assert reply.json() == {
        "detail": [{"loc": ["body", "name"], "msg": "String should have at most 32 characters"}]
    }


def test_one_address_makes_only_so_many_api_requests_a_second(tmp_path: Path) -> None:
    """Issue 33, item 5: an address's API requests (a replay costs CPU) are bounded like its
    messages; the browser client's own files are not counted."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}", api_rate=1)
    with TestClient(create_app(settings)) as client:
        replies = [client.get("/api/games") for _ in range(3)]  # a burst of 2, then 1 a second
        assert [r.status_code for r in replies[:2]] == [200, 200]
        refused = replies[2]
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        assert refused.json()["detail"] == "too many requests from your address: at most 1 a second"
        assert all(client.get("/").status_code == 200 for _ in range(5))

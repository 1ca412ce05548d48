"""Sessions (issue 33, item 3): a token per sign-in that expires, log out and a new password end
every session; wrong passwords are throttled (item 6) and hashed on a thread of their own."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from muggins.server.accounts.auth import BusyError, Hashing
from muggins.server.app import create_app
from muggins.server.clock import LoopClock
from muggins.server.settings import Settings
from muggins.server.store import SqlStore
from tests.server.app_client import app_client

PASSWORD = "a long secret"


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _signed_in(client: TestClient, token: str) -> bool:
    status: int = client.get("/api/me", headers=_bearer(token)).status_code
    return status == 200


def test_each_sign_in_is_its_own_token_and_log_out_ends_them_all(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        first = client.post("/api/register", json={"name": "Ann", "password": PASSWORD}).json()["token"]
        second = client.post("/api/login", json={"name": "ann", "password": PASSWORD}).json()["token"]
        assert first != second and _signed_in(client, first) and _signed_in(client, second)
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "token": first})
            welcome = ws.receive_json()
            assert welcome["type"] == "welcome" and welcome["token"] not in (first, second)  # rotated
        assert client.post("/api/logout", headers=_bearer(second)).status_code == 204
        for token in (first, second, welcome["token"]):
            reply = client.get("/api/me", headers=_bearer(token))
            assert reply.status_code == 401 and "signed out" in reply.json()["detail"]
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "token": first})
            assert ws.receive_json()["type"] == "error"
        again = client.post("/api/login", json={"name": "Ann", "password": PASSWORD}).json()["token"]
        assert _signed_in(client, again)
        assert client.post("/api/logout").status_code == 401


def test_a_new_password_needs_the_old_one_and_ends_the_other_sessions(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        token = client.post("/api/register", json={"name": "Bo", "password": PASSWORD}).json()["token"]
        other = client.post("/api/login", json={"name": "Bo", "password": PASSWORD}).json()["token"]
        wrong = client.post(
            "/api/password",
            json={"old_password": "not it at all", "new_password": "another secret"},
            headers=_bearer(token),
        )
        assert (
            wrong.status_code == 400 and "old password is wrong" in wrong.text and _signed_in(client, token)
        )
        short = client.post(
            "/api/password", json={"old_password": PASSWORD, "new_password": "short"}, headers=_bearer(token)
        )
        assert short.status_code == 400 and "8 characters" in short.text
        changed = client.post(
            "/api/password",
            json={"old_password": PASSWORD, "new_password": "another secret"},
            headers=_bearer(token),
        )
        assert changed.status_code == 200, changed.text
        assert _signed_in(client, changed.json()["token"])
        assert not _signed_in(client, token) and not _signed_in(client, other)
        assert client.post("/api/login", json={"name": "Bo", "password": PASSWORD}).status_code == 401
        assert client.post("/api/login", json={"name": "Bo", "password": "another secret"}).status_code == 200
        guest = client.post("/api/guest", json={"name": "Cy"}).json()["token"]
        refused = client.post(
            "/api/password", json={"old_password": "x", "new_password": "y" * 8}, headers=_bearer(guest)
        )
        assert refused.status_code == 400 and "registered player" in refused.text


class AheadClock(LoopClock):
    """The real clock, moved ``ahead`` seconds by the test."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def time(self) -> float:
        return super().time() + self.ahead


def test_a_session_expires_on_the_servers_clock(tmp_path: Path) -> None:
    clock = AheadClock()
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}", session_days=1)
    with TestClient(create_app(settings, clock=clock)) as client:
        token = client.post("/api/guest", json={"name": "Di"}).json()["token"]
        assert _signed_in(client, token)
        clock.ahead = 86_400 - 1  # a day less a second (the token's stamp is whole seconds)
        assert _signed_in(client, token)
        clock.ahead = 86_400 + 2
        reply = client.get("/api/me", headers=_bearer(token))
        assert reply.status_code == 401 and "expired" in reply.json()["detail"]
        fresh = client.post("/api/guest", json={"name": "Di"}).json()["token"]  # stamped by the same clock
        assert _signed_in(client, fresh)


def test_wrong_passwords_are_throttled_per_name_and_per_address(tmp_path: Path) -> None:
    with app_client(tmp_path, login_failures_per_name=3, login_failures_per_address=5) as client:
        for name in ("Eve", "Fay"):
            client.post("/api/register", json={"name": name, "password": PASSWORD})
        for _ in range(3):
            assert (
                client.post("/api/login", json={"name": "Eve", "password": "guess guess"}).status_code == 401
            )
        held = client.post(
            "/api/login", json={"name": "eve", "password": PASSWORD}
        )  # even the right one waits
        assert held.status_code == 429 and int(held.headers["Retry-After"]) > 800
        assert "the name 'eve'" in held.json()["detail"]
        assert client.post("/api/login", json={"name": "Fay", "password": PASSWORD}).status_code == 200
        for _ in range(2):  # the address's fourth and fifth wrong passwords
            assert (
                client.post("/api/login", json={"name": "Fay", "password": "guess guess"}).status_code == 401
            )
        held = client.post("/api/login", json={"name": "Fay", "password": PASSWORD})
        assert held.status_code == 429 and "your address" in held.json()["detail"]


def test_passwords_are_hashed_on_their_own_thread_and_a_queue_too_long_is_refused() -> None:
    async def run() -> None:
        hashing = Hashing(waiting=2)
        assert (await hashing.run(lambda: threading.current_thread().name)).startswith("argon2")
        slow = [asyncio.ensure_future(hashing.run(time.sleep, 0.3)) for _ in range(2)]
        await asyncio.sleep(0.05)
        with pytest.raises(BusyError, match="busy"):
            await hashing.run(time.sleep, 0)
        await asyncio.gather(*slow)
        assert await hashing.verify(await hashing.hash(PASSWORD), PASSWORD)
        assert not await hashing.verify(await hashing.hash(PASSWORD), "wrong")

    asyncio.run(run())


def test_log_out_and_a_new_password_close_the_players_open_connections(tmp_path: Path) -> None:
    """The tokens were refused after a log out, but a connection already open went on serving the
    session that had ended."""
    with app_client(tmp_path) as client:
        ann = client.post("/api/register", json={"name": "Ann", "password": PASSWORD}).json()["token"]
        bea = client.post("/api/register", json={"name": "Bea", "password": PASSWORD}).json()["token"]
        with (
            client.websocket_connect("/ws") as phone,
            client.websocket_connect("/ws") as laptop,
            client.websocket_connect("/ws") as other,
        ):
            for ws, token in ((phone, ann), (laptop, ann), (other, bea)):
                ws.send_json({"type": "hello", "token": token})
                assert ws.receive_json()["type"] == "welcome"
            assert client.post("/api/logout", headers=_bearer(ann)).status_code == 204
            for ws in (phone, laptop):
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4001 and "session has ended" in closed.value.reason
            other.send_json({"type": "ping"})
            assert other.receive_json()["type"] == "pong"  # another player's session goes on
        # a new password closes the connections of the sessions before it, not those after
        with client.websocket_connect("/ws") as before:
            before.send_json({"type": "hello", "token": bea})
            assert before.receive_json()["type"] == "welcome"
            changed = client.post(
                "/api/password",
                json={"old_password": PASSWORD, "new_password": "a newer secret"},
                headers=_bearer(bea),
            )
            assert changed.status_code == 200
            with pytest.raises(WebSocketDisconnect) as closed:
                before.receive_json()
            assert closed.value.code == 4001
        with client.websocket_connect("/ws") as after:
            after.send_json({"type": "hello", "token": changed.json()["token"]})
            assert after.receive_json()["type"] == "welcome"
            after.send_json({"type": "ping"})
            assert after.receive_json()["type"] == "pong"


def test_a_returning_players_hello_reads_their_session_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a process dies its players all come back at once, each with a token: one read of the
    store each (it was two), and a refused hello leaves the connection following nobody's sessions."""
    reads: list[object] = []
    read = SqlStore._read

    async def counted(store: SqlStore, fn: Any, *args: Any, claims: bool = False) -> Any:
        # The pairing service reads the pools every PAIR_EVERY seconds on its own: on a slow
        # machine one such look fell within a hello, so only the other reads are the hello's.
        if not getattr(fn, "__qualname__", "").startswith("SqlStore.seeks."):
            reads.append(fn)
        return await read(store, fn, *args, claims=claims)

    monkeypatch.setattr(SqlStore, "_read", counted)
    with app_client(tmp_path) as client:
        ann = client.post("/api/register", json={"name": "Ann", "password": PASSWORD}).json()["token"]
        ended = client.post("/api/login", json={"name": "Ann", "password": PASSWORD}).json()["token"]
        assert client.post("/api/logout", headers=_bearer(ended)).status_code == 204
        ann = client.post("/api/login", json={"name": "Ann", "password": PASSWORD}).json()["token"]
        bea = client.post("/api/register", json={"name": "Bea", "password": PASSWORD}).json()["token"]
        with client.websocket_connect("/ws") as ws:
            reads.clear()
            ws.send_json({"type": "hello", "token": ann})
            assert ws.receive_json()["type"] == "welcome"
            assert len(reads) == 1
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "token": ended})
            refused = ws.receive_json()
            assert refused["type"] == "error" and "session has ended" in refused["reason"]
            ws.send_json({"type": "hello", "token": bea})
            assert ws.receive_json()["type"] == "welcome"
            assert client.post("/api/logout", headers=_bearer(ann)).status_code == 204  # Ann's, not Bea's
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"

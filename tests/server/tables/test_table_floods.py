"""Issue 33, item 1: one player cannot fill the server with tables: each may have a bounded number
waiting or playing, and a table that has not started closes once nobody seated is at it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from muggins.server.tables.manager import LOBBY_PAGE
from tests.server.app_client import app_client, guest
from tests.server.live_server import Server


def test_a_player_may_keep_only_so_many_tables_open(tmp_path: Path) -> None:
    with app_client(tmp_path, open_tables_per_user=3) as client:
        ann = guest(client, "ann")
        body = {"game": "cribbage", "players": 2, "seat": 0}
        made = [client.post("/api/tables", json=body, headers=ann) for _ in range(3)]
        assert [r.status_code for r in made] == [201] * 3
        refused = client.post("/api/tables", json={**body, "bots": {1: "random"}}, headers=ann)
        assert refused.status_code == 400 and "3 tables waiting or playing" in refused.json()["detail"]
        assert len(client.get("/api/tables").json()) == 3  # nothing changed
        assert client.post("/api/tables", json=body, headers=guest(client, "bob")).status_code == 201
        with client.websocket_connect(
            "/ws"
        ) as ws:  # Ann stands up from one: it closes, and she may make another
            ws.send_json({"type": "hello", "token": ann["Authorization"].removeprefix("Bearer ")})
            ws.receive_json()
            ws.send_json({"type": "join", "table_id": made[0].json()["id"]})
            ws.send_json({"type": "stand", "table_id": made[0].json()["id"]})
            while ws.receive_json()["type"] != "table_update":
                pass
        assert client.post("/api/tables", json=body, headers=ann).status_code == 201


def test_a_table_nobody_is_at_closes_before_it_starts(tmp_path: Path) -> None:
    with app_client(tmp_path, waiting_idle_minutes=1 / 60) as client:  # one second
        ann = guest(client, "ann")
        body = {"game": "cribbage", "players": 2, "seat": 0}
        left = client.post("/api/tables", json=body, headers=ann).json()["id"]
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "token": ann["Authorization"].removeprefix("Bearer ")})
            ws.receive_json()
            kept = client.post("/api/tables", json=body, headers=ann).json()["id"]
            ws.send_json({"type": "join", "table_id": kept})
            ws.receive_json()
            deadline = time.monotonic() + 10
            while client.get(f"/api/tables/{left}").json()["status"] != "finished":
                assert time.monotonic() < deadline, "the deserted table stayed open"
                time.sleep(0.1)
            time.sleep(1.5)
            assert client.get(f"/api/tables/{kept}").json()["status"] == "waiting"  # Ann is at it
            assert [t["id"] for t in client.get("/api/tables").json()] == [kept]


def test_the_lobby_is_sent_a_page_at_a_time(tmp_path: Path) -> None:
    """The lobby went out whole (1.76 MB after one guest's flood of tables): now a page of
    ``LOBBY_PAGE``, waiting tables first, the newest first, with changes sent as they happen."""
    with app_client(tmp_path, open_tables_per_user=100) as client:
        ann = guest(client, "ann")
        waiting = {"game": "cribbage", "players": 2, "seat": 0}
        playing = {**waiting, "bots": {1: "random"}}
        made = [
            client.post("/api/tables", json=playing if n % 10 == 0 else waiting, headers=ann)
            for n in range(60)
        ]
        ids = [r.json()["id"] for r in made]
        newest_waiting = [i for n, i in enumerate(ids) if n % 10][::-1]
        newest_playing = [i for n, i in enumerate(ids) if n % 10 == 0][::-1]
        in_order = newest_waiting + newest_playing
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "name": "browser"})
            ws.receive_json()
            pages = []
            for page in (0, 1, 2):
                ws.send_json({"type": "lobby", "page": page})
                pages.append(ws.receive_json())
            assert [len(p["tables"]) for p in pages] == [LOBBY_PAGE, 60 - LOBBY_PAGE, 0]
            assert all(p["total"] == 60 and p["pages"] == 2 for p in pages)
            assert [t["id"] for p in pages for t in p["tables"]] == in_order
            # a new table reaches a lobby watcher as a change, not as the list again
            fresh = client.post("/api/tables", json=waiting, headers=guest(client, "bob")).json()["id"]
            update = ws.receive_json()
            assert update["type"] == "table_update" and update["table"]["id"] == fresh
        first = client.get("/api/tables").json()
        assert [t["id"] for t in first] == [fresh, *in_order[: LOBBY_PAGE - 1]]
        assert [t["id"] for t in client.get("/api/tables", params={"page": 1}).json()] == in_order[
            LOBBY_PAGE - 1 :
        ]
        assert client.get("/api/tables", params={"page": -1}).status_code == 422
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "name": "pager"})
            ws.receive_json()
            ws.send_json({"type": "lobby", "page": "two"})
            assert ws.receive_json()["type"] == "error"


def test_forty_creations_at_once_make_no_more_tables_than_the_quota(server: Server) -> None:
    """Issue 57, item 6, over the network: one fresh guest sent 40 table creations at once and got
    35 tables with a quota of 10. Now exactly 10 are made and the rest are refused, naming the quota."""
    token, _ = server.guest("ann")

    async def run() -> list[httpx.Response]:
        headers = {"Authorization": f"Bearer {token}"}
        body = {"game": "cribbage", "players": 2, "seat": 0}
        async with httpx.AsyncClient(base_url=server.url, headers=headers, timeout=30) as client:
            return await asyncio.gather(*(client.post("/api/tables", json=body) for _ in range(40)))

    replies = asyncio.run(run())
    assert [r.status_code for r in replies].count(201) == 10
    refused = [r for r in replies if r.status_code != 201]
    assert all(r.status_code == 400 and "10 tables waiting or playing" in r.json()["detail"] for r in refused)
    assert len(httpx.get(server.url + "/api/tables").json()) == 10


def test_a_table_of_bots_alone_plays_only_while_watched_then_ends(tmp_path: Path) -> None:
    """Issue 57, item 7: tables of bots alone played on with nobody watching and never ended. Now
    such a table waits while nobody is connected to it, plays while somebody watches, and ends
    after ``bot_table_idle_minutes`` (here a second) unwatched."""
    with app_client(tmp_path, bot_delay=0, bot_table_idle_minutes=1 / 60) as client:
        ann = guest(client, "ann")
        body = {"game": "cribbage", "players": 2, "seat": None, "bots": {0: "random", 1: "random"}}
        table_id = client.post("/api/tables", json=body, headers=ann).json()["id"]
        time.sleep(0.3)
        assert client.get(f"/api/tables/{table_id}").json()["state_id"] == 0  # nobody watches: it waits
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "token": ann["Authorization"].removeprefix("Bearer ")})
            ws.receive_json()
            ws.send_json({"type": "join", "table_id": table_id})
            while (message := ws.receive_json())["type"] != "events":
                pass
            assert message["state_id"] >= 1  # watched: the bots play
        time.sleep(0.3)
        info = client.get(f"/api/tables/{table_id}").json()
        moved = info["state_id"]
        time.sleep(0.5)
        assert client.get(f"/api/tables/{table_id}").json()["state_id"] == moved  # unwatched: waiting
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the unwatched table of bots never ended"
            time.sleep(0.1)


def test_one_address_has_only_so_many_tables_of_bots_alone(server_factory: Callable[..., Server]) -> None:
    """Issue 57, item 7, over the network: 88 tables of bots alone from one address took another
    player's moves from 2 ms to 84 ms at the median. One address may now have 4 at once (through
    any number of guests); another address is not held by it."""
    server = server_factory()
    body = {"game": "cribbage", "players": 2, "seat": None, "bots": {0: "random", 1: "random"}}

    async def run() -> tuple[list[int], int]:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as one:
            codes = []
            for n in range(6):  # a guest each, so no one player's quota is what stops them
                token = (await one.post("/api/guest", json={"name": f"farm{n}"})).json()["token"]
                reply = await one.post("/api/tables", json=body, headers={"Authorization": f"Bearer {token}"})
                codes.append(reply.status_code)
                if reply.status_code != 201:
                    assert "tables of bots alone" in reply.json()["detail"]
        other = httpx.AsyncClient(
            base_url=server.url, transport=httpx.AsyncHTTPTransport(local_address="127.0.0.7"), timeout=30
        )
        async with other:
            token = (await other.post("/api/guest", json={"name": "elsewhere"})).json()["token"]
            reply = await other.post("/api/tables", json=body, headers={"Authorization": f"Bearer {token}"})
        return codes, reply.status_code

    codes, elsewhere = asyncio.run(run())
    assert codes == [201] * 4 + [400] * 2
    assert elsewhere == 201

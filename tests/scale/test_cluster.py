"""Several processes serve one platform: a player on any process plays at a table owned by another,
and every client receives every event of its table in order, exactly once."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

import httpx

from tests.scale.cluster_live import Node
from tests.scale.players import play_out
from tests.server.live_server import Client, Message
from tests.server.test_rejoin import join_again


def dealt_to(seat: int) -> Callable[[Message], bool]:
    """Matches the table state that shows ``seat`` its hand."""
    return lambda m: m["type"] == "table_state" and m["seat"] == seat and m["view"] is not None


def finished_record(node: Node, table_id: str) -> dict[str, Any]:
    """The stored record of the game just finished at a table (its result is stored just after the
    last move is broadcast, so wait for it)."""
    deadline = time.monotonic() + 15
    while True:
        info = httpx.get(f"{node.url}/api/tables/{table_id}").json()
        reply = httpx.get(f"{node.url}/api/history/{info['game_id']}")
        if reply.status_code == 200:
            record: dict[str, Any] = reply.json()["record"]
            return record
        assert time.monotonic() < deadline, reply.text
        time.sleep(0.2)


def events_of(client: Client, table_id: str) -> list[Message]:
    return [m for m in client.received if m["type"] == "events" and m["table_id"] == table_id]


def assert_every_move_once_in_order(
    client: Client, table_id: str, start: int, record: list[list[object]]
) -> None:
    """The client's events for the table are exactly the record's moves from ``start`` on, in order."""
    got = [m["state_id"] for m in events_of(client, table_id)]
    assert got == list(range(start + 1, len(record) + 1)), got
    for message in events_of(client, table_id):
        assert message["seat"] == record[message["state_id"] - 1][0]


def test_players_on_two_processes_play_a_full_game_owned_by_a_third(
    cluster: Callable[..., list[Node]],
) -> None:
    a, b, c = cluster(3)

    async def run() -> None:
        ann_token, _ = a.guest("ann")
        bob_token, _ = b.guest("bob")
        table_id = c.create_table(ann_token, game="cribbage", players=2)["id"]
        # Every process lists the table, whichever made it.
        for node in (a, b):
            assert table_id in {t["id"] for t in httpx.get(node.url + "/api/tables").json()}
        ann = await Client.open(a.ws_url, token=ann_token)
        bob = await Client.open(b.ws_url, token=bob_token)
        spy = await Client.open(a.ws_url, name="spy")
        for client in (ann, spy):
            await client.send(type="join", table_id=table_id)
        await bob.send(type="sit", table_id=table_id)
        for seat, client in ((0, ann), (1, bob)):
            await client.expect(dealt_to(seat))
        await spy.expect(lambda m: m["type"] == "table_state" and m["view"] is not None)
        await bob.send(type="chat", table_id=table_id, text="good luck")
        await ann.expect(lambda m: m["type"] == "chat" and m["text"] == "good luck")

        last = await play_out({0: ann, 1: bob}, table_id, random.Random(21))
        assert last["result"] is not None
        await spy.expect(lambda m: m["type"] == "events" and m["view"]["result"] is not None)
        record = finished_record(a, table_id)["moves"]
        assert len(record) == last["state_id"]
        for client in (ann, bob, spy):
            assert_every_move_once_in_order(client, table_id, 0, record)
            await client.close()

    asyncio.run(run())


def test_log_out_on_one_process_closes_the_players_connections_on_another(
    cluster: Callable[..., list[Node]],
) -> None:
    """Issue 33, item 3: the end of a session reaches every process, as the lobby does."""
    a, b = cluster(2)

    async def run() -> None:
        token = httpx.post(f"{a.url}/api/register", json={"name": "Ann", "password": "a long secret"}).json()[
            "token"
        ]
        on_b = await Client.open(b.ws_url, token=token)
        other = await Client.open(b.ws_url, name="bea")
        reply = await asyncio.to_thread(
            httpx.post, f"{a.url}/api/logout", headers={"Authorization": f"Bearer {token}"}
        )
        assert reply.status_code == 204
        await asyncio.wait_for(on_b.reader, 10)  # the connection has been closed
        assert on_b.ws.close_code == 4001 and "session has ended" in (on_b.ws.close_reason or "")
        await other.send(type="ping")
        await other.expect(lambda m: m["type"] == "pong")
        await other.close()

    asyncio.run(run())


def test_a_guest_who_registers_on_one_process_is_a_member_at_a_table_another_owns(
    cluster: Callable[..., list[Node]],
) -> None:
    """Each process kept its own copy of the guest, and showed them as a guest after they registered."""
    a, b = cluster(2)
    token, user = a.guest("Eve")
    table_id = a.create_table(token, game="cribbage", players=2, seat=0)["id"]
    for node in (a, b):  # both have seen the guest at the table
        assert httpx.get(f"{node.url}/api/tables/{table_id}").json()["seats"][0]["user"]["kind"] == "guest"
    reply = httpx.post(
        f"{b.url}/api/register",
        json={"name": "Evelyn", "password": "a long secret"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert reply.status_code == 200
    evelyn = {"id": user["id"], "name": "Evelyn", "kind": "member"}
    deadline = time.monotonic() + 10
    for node in (a, b):
        while httpx.get(f"{node.url}/api/tables/{table_id}").json()["seats"][0]["user"] != evelyn:
            assert time.monotonic() < deadline, node.url
            time.sleep(0.1)


def test_a_refusal_from_the_owning_process_keeps_its_code(cluster: Callable[..., list[Node]]) -> None:
    """An error's ``code`` says what kind of refusal it is on whichever process the player is."""
    a, b = cluster(2)

    async def run() -> None:
        ann_token, _ = a.guest("ann")
        table_id = a.create_table(ann_token, game="cribbage", players=2, seat=0, bots={"1": "random"})["id"]
        ann = await Client.open(b.ws_url, token=ann_token)  # on the process that does not own the table
        await ann.send(type="join", table_id=table_id)
        await ann.expect(dealt_to(0))
        for text, state_id, code in (("play 5H", 0, "illegal"), ("discard", 9, "stale")):
            start = len(ann.received)
            await ann.send(type="move", table_id=table_id, text=text, state_id=state_id)
            error = await ann.expect(lambda m: m["type"] == "error", after=start)
            assert error["code"] == code, error
        await ann.send(type="join", table_id="nosuchtable")
        assert (await ann.expect(lambda m: m["type"] == "error" and m["request"] == "join"))[
            "code"
        ] == "no_table"
        await ann.close()

    asyncio.run(run())


def test_a_player_joining_again_through_another_process_is_sent_only_the_events_it_lacks(
    cluster: Callable[..., list[Node]],
) -> None:
    """``Join.since`` carried to the owning process (the state is read there and forwarded)."""
    a, b = cluster(2)
    token, _ = a.guest("cat")
    table = b.create_table(token, game="cribbage", players=2, bots={"1": "random"}, seat=0)
    asyncio.run(join_again(a.ws_url, token, table))

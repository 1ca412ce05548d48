"""Every event of a table reaches each connection once, in order.

The cluster bench found connections that heard every event of their game twice: two table updates
that changed a player's seat reached the process in one burst while the Redis bus was busy
subscribing other connections, each update started the connection following the table again, both
follows read the same old subscriptions, and the first follow's subscriptions were never closed.
These tests hold the bus busy (its subscription lock) at exactly that moment, on the real Redis.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from muggins.server import messages
from muggins.server.accounts.auth import Auth
from muggins.server.bus import seat_audience, table_channel
from muggins.server.bus.redis import RedisBus
from muggins.server.edge.connection import Connection
from muggins.server.pairing import Pairing
from muggins.server.settings import Settings
from muggins.server.store import SqlStore, User
from muggins.server.tables.manager import Tables
from muggins.server.tables.table import Table
from muggins.server.tournaments import Tournaments

Sent = list[dict[str, Any]]


class Platform:
    """One process's tables on SQLite and the real Redis bus, with connections driven directly."""

    def __init__(self, tables: Tables, bus: RedisBus, auth: Auth) -> None:
        self.tables, self.bus, self.auth = tables, bus, auth

    async def connect(self, name: str) -> tuple[Connection, User]:
        conn = Connection(
            None,  # type: ignore[arg-type]
            self.tables,
            self.bus,
            self.auth,
            self.tables.settings,
            pairing=Pairing(self.tables),
            tournaments=Tournaments(self.tables),
        )
        await conn.handle(json.dumps({"type": "hello", "name": name}))
        assert conn.user is not None
        return conn, conn.user

    async def duel(self, creator: User, *, bots: dict[int, str] | None = None, turn_time: int = 20) -> Table:
        """A two-player cribbage table with ``creator`` in seat 0 (and ``bots`` in other seats)."""
        made = await self.tables.create(
            creator,
            game="cribbage",
            players=2,
            options={},
            time_controls=messages.TimeControls(turn_time=turn_time),
            hints=False,
            private=False,
            bots=bots or {},
            seat=0,
        )
        return self.tables.tables[made.id]  # the live table: this process owns it

    async def seated_duel(self) -> tuple[Connection, User, Connection, User, Table]:
        """Ann's duel with Bob seated, both connected to it and sent their first states."""
        ann_conn, ann = await self.connect("ann")
        bob_conn, bob = await self.connect("bob")
        table = await self.duel(ann)
        await ann_conn.handle(json.dumps({"type": "join", "table_id": table.id}))
        await bob_conn.handle(json.dumps({"type": "sit", "table_id": table.id, "seat": 1}))
        await until(lambda: has_state_for(bob_conn, 1) and has_state_for(ann_conn, 0))
        return ann_conn, ann, bob_conn, bob, table


def moves_heard(conn: Connection) -> list[tuple[str, int]]:
    """The moves queued for the client so far (read off the queue), in order: each ``events``
    message's state, and each whole state's (with a view)."""
    return [
        (m["type"], m["state_id"] if m["type"] == "events" else m["view"]["state_id"])
        for m in sent(conn)
        if m["type"] == "events" or (m["type"] == "table_state" and m["view"])
    ]


def sent(conn: Connection) -> Sent:
    """Everything queued for the client so far, in order."""
    out: Sent = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        assert text is not None
        out.append(json.loads(text))
    return out


def has_state_for(conn: Connection, seat: int) -> bool:
    """Whether the connection has queued a whole state for ``seat`` (its own view)."""
    queued = [json.loads(t) for t in conn.outbox._queue]  # type: ignore[attr-defined]
    return any(m["type"] == "table_state" and m["seat"] == seat for m in queued)


def has_state_at(conn: Connection, state_id: int) -> bool:
    """Whether the connection has queued a whole state with a view at ``state_id``."""
    queued = [json.loads(t) for t in conn.outbox._queue]  # type: ignore[attr-defined]
    return any(m["type"] == "table_state" and m["view"] and m["view"]["state_id"] == state_id for m in queued)


async def until(check: Callable[[], bool], timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.01)


@asynccontextmanager
async def platform(tmp_path: Path, redis_url: str, prefix: str) -> AsyncIterator[Platform]:
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'muggins.db'}",
        web_dir=None,
        rate_per_second=1000,
        guests_per_minute=10_000,
        address_rate=100_000,
    )
    store = SqlStore(settings.db_url)
    await store.start()
    bus = RedisBus(redis_url, prefix)
    tables = Tables(store, bus, settings)
    try:
        yield Platform(tables, bus, Auth(store, await store.secret()))
    finally:
        await tables.close()
        await bus.close()
        await store.close()


async def play(table: Table, users: dict[int, User], plies: int) -> None:
    """Each waiting seat makes its first legal move until ``plies`` moves are made."""
    game = table.game
    assert game is not None
    while game.state_id < plies:
        seat = min(game.to_move)
        await table.move(users[seat], str(game.legal_moves(seat)[0]), game.state_id)


def test_seat_changes_in_one_burst_while_the_bus_is_busy_deliver_each_event_once(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    async def run() -> None:
        async with platform(tmp_path, redis_url, redis_prefix) as p:
            ann_conn, ann = await p.connect("ann")
            bob_conn, bob = await p.connect("bob")
            table = await p.duel(ann)
            await bob_conn.handle(json.dumps({"type": "join", "table_id": table.id}))
            sent(bob_conn)
            async with p.bus.changing:  # the bus is busy subscribing other connections
                await table.sit(bob, 1)  # the game starts: one table update
                await table.attach(ann)  # Ann connects: another
                await until(lambda: sum('"table_update"' in t for t in bob_conn.outbox._queue) >= 2)  # type: ignore[attr-defined]
            await until(lambda: has_state_for(bob_conn, 1))
            await asyncio.sleep(0.1)
            before = sent(bob_conn)
            await play(table, {0: ann, 1: bob}, 12)
            await p.bus.publish(table_channel(table.id), json.dumps({"type": "ping-marker"}))
            await until(lambda: any("ping-marker" in t for t in bob_conn.outbox._queue))  # type: ignore[attr-defined]
            after = sent(bob_conn)
            states = [m["state_id"] for m in after if m["type"] == "events"]
            assert states == list(range(1, 13)), states
            assert [m["seat"] for m in before if m["type"] == "table_state"][-1] == 1  # Bob sees his hand
            del ann_conn

    asyncio.run(run())


def test_a_lost_event_is_made_good_by_the_whole_state(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    """A move whose events never reached a process (a lost bus message): its connections notice the
    gap at the next move and send the whole state instead, then carry on with the moves after it."""

    async def run() -> None:
        async with platform(tmp_path, redis_url, redis_prefix) as p:
            _, ann = await p.connect("ann")
            bob_conn, bob = await p.connect("bob")
            table = await p.duel(ann)
            await bob_conn.handle(json.dumps({"type": "sit", "table_id": table.id, "seat": 1}))
            await until(lambda: has_state_for(bob_conn, 1))
            publish, publish_many = p.bus.publish, p.bus.publish_many
            assert bob_conn.user is not None
            lost = table_channel(table.id, seat_audience(1, bob_conn.user.id))

            def kept(channel: str, message: str) -> bool:
                return not (channel == lost and '"state_id":3,' in message[:80])  # bob's third move

            async def lossy(channel: str, message: str) -> None:
                if kept(channel, message):
                    await publish(channel, message)

            async def lossy_many(sends: list[tuple[str, str]]) -> None:
                await publish_many([(c, m) for c, m in sends if kept(c, m)])

            p.bus.publish = lossy  # type: ignore[method-assign]
            p.bus.publish_many = lossy_many  # type: ignore[method-assign]
            await play(table, {0: ann, 1: bob}, 6)
            await p.bus.publish(table_channel(table.id), json.dumps({"type": "ping-marker"}))
            await until(lambda: any("ping-marker" in t for t in bob_conn.outbox._queue))  # type: ignore[attr-defined]
            got = moves_heard(bob_conn)
            assert got[-4:] == [("events", 2), ("table_state", 4), ("events", 5), ("events", 6)], got
            assert [g for g in got if g[0] == "events"] == [("events", n) for n in (1, 2, 5, 6)]

    asyncio.run(run())


def test_a_table_update_ahead_of_a_connection_brings_the_whole_state(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    """A move whose events never reached a process, with no move after it to show the gap (an owner
    that stored its last move and died): the table update that says where the game is (a takeover's
    notice) brings the connections behind it the whole state, and the others nothing more."""

    async def run() -> None:
        async with platform(tmp_path, redis_url, redis_prefix) as p:
            ann_conn, ann, bob_conn, bob, table = await p.seated_duel()
            publish_many = p.bus.publish_many
            assert bob_conn.user is not None
            lost = table_channel(table.id, seat_audience(1, bob_conn.user.id))

            async def lossy_many(sends: list[tuple[str, str]]) -> None:
                await publish_many([(c, m) for c, m in sends if c != lost or '"state_id":3,' not in m[:80]])

            p.bus.publish_many = lossy_many  # type: ignore[method-assign]
            await play(table, {0: ann, 1: bob}, 3)
            await table.changed()
            await until(lambda: has_state_at(bob_conn, 3))
            await p.bus.publish(table_channel(table.id), json.dumps({"type": "ping-marker"}))
            await until(lambda: any("ping-marker" in t for t in ann_conn.outbox._queue))  # type: ignore[attr-defined]

            assert moves_heard(bob_conn)[-2:] == [("events", 2), ("table_state", 3)]
            assert moves_heard(ann_conn)[-3:] == [("events", 1), ("events", 2), ("events", 3)]

    asyncio.run(run())

"""A takeover re-attaches the connections each process has to a table (so their players' grace
periods do not run); a connection that joined the new owner before that is counted once. A dead
process's connections are detached from live owners' tables; a process only taken for dead
attaches its own again."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from muggins.server.accounts.auth import Auth
from muggins.server.cluster.tables import ClusterTables
from muggins.server.store import User
from tests.scale.test_cluster_memory import LEASE, connect, duel_of, two_nodes
from tests.scale.test_exactly_once import until


def test_a_connection_that_joined_the_new_owner_before_its_announcement_counts_once(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    """Ann follows a table from process b; its owner a dies and b takes it over; another of Ann's
    connections joins b before b announces the takeover, which re-attaches the first. Ann is at the
    table twice, not three times: when both connections go, her grace period begins. (Counted three
    times, she stayed present for good, and the game waited on her turn clock alone.)"""

    async def run() -> None:
        async with two_nodes(tmp_path, redis_url, redis_prefix) as ((a, a_auth), (b, _)):
            ann_conn, table = await duel_of(a, a_auth, "ann")
            bob_conn = await connect(a, a_auth, name="bob")
            await bob_conn.handle(json.dumps({"type": "sit", "table_id": table.id, "seat": 1}))
            assert ann_conn.user is not None and a.tables[table.id].row.status == "playing"
            ann = ann_conn.user
            handle = await b.get(table.id)
            await handle.attach(ann)  # a connection of Ann's on b

            await a.leases.release(table.id)  # as a process that died would leave it
            a.tables.pop(table.id).close()
            taken, _ = await b._take_many({table.id: ""})
            await handle.attach(ann)  # another joins b, the table's owner now, before the announcement
            await b._announce(taken[0])
            moved = b.tables[table.id]
            assert moved.present[ann.id] == 2
            assert 0 not in moved.grace
            await handle.detach(ann)
            await handle.detach(ann)
            assert moved.present[ann.id] == 0 and 0 in moved.grace

    asyncio.run(run())


async def _bob_sits_through(b: ClusterTables, b_auth: Auth, table_id: str) -> User:
    """Bob, connected to process ``b``, sits in the second seat of a table."""
    bob_conn = await connect(b, b_auth, name="bob")
    await bob_conn.handle(json.dumps({"type": "sit", "table_id": table_id, "seat": 1}))
    assert bob_conn.user is not None
    return bob_conn.user


def test_a_dead_process_s_connections_leave_the_tables_of_live_owners(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    """Bob plays at a table owned by process a through process b, which is killed. Soon after a
    sees b dead (``detach_after``: time to reconnect first), Bob is not counted present any more:
    his grace period begins, as it would had his own connection dropped (counted present, a Bob
    who never came back held the game up for good)."""

    async def run() -> None:
        async with two_nodes(tmp_path, redis_url, redis_prefix) as ((a, a_auth), (b, b_auth)):
            ann_conn, table = await duel_of(a, a_auth, "ann")
            await ann_conn.handle(json.dumps({"type": "join", "table_id": table.id}))
            await _bob_sits_through(b, b_auth, table.id)
            owned = a.tables[table.id]
            assert owned.row.status == "playing" and len(owned.attachments) == 2
            assert owned.grace == {}

            for loop in b.loops:  # b stops as a killed process does: no renewals, its connection gone
                loop.cancel()
            await b.leases.keeper.aclose()
            a.detach_after = 0.5
            await a._sweep()
            assert len(owned.attachments) == 2 and owned.grace == {}  # b's players may be back soon
            await asyncio.sleep(a.detach_after)
            await a._sweep()
            assert list(owned.attachments.values()) == [ann_conn.user] and list(owned.grace) == [1]

    asyncio.run(run())


def test_a_process_taken_for_dead_attaches_its_connections_again(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    """Process b stalls past its heartbeat, so a takes it for dead and detaches Bob (whose
    connection is on b); b is alive, and at its next renewal finds itself forgotten and tells the
    owners of its connections again: Bob's grace period ends."""

    async def run() -> None:
        async with two_nodes(tmp_path, redis_url, redis_prefix) as ((a, a_auth), (b, b_auth)):
            _, table = await duel_of(a, a_auth, "ann")
            bob = await _bob_sits_through(b, b_auth, table.id)
            owned = a.tables[table.id]

            await a.redis.delete(a.leases.heart_key(b.node))  # as if b's heartbeat had run out
            a.detach_after = 0
            await a._sweep()
            assert 1 in owned.grace  # taken for dead (and forgotten: it held no table)
            await until(lambda: 1 not in owned.grace, timeout=3 * LEASE)
            assert len(owned.attachments) == 1 and owned.present[bob.id] == 1

    asyncio.run(run())

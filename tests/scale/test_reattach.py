"""A takeover re-attaches the connections each process has to a table (so their players' grace
periods do not run); a connection that joined the new owner before that is counted once."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from tests.scale.test_cluster_memory import connect, duel_of, two_nodes


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

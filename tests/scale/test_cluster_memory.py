"""A process of a cluster keeps per-table state only for the tables in use there: once nobody
connected to it follows a table it does not own, the table's handle, mirror and cached owner are
forgotten (a process that forgot nothing grew with every table ever seen)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from muggins.server import messages
from muggins.server.accounts.auth import Auth
from muggins.server.bus.redis import RedisBus
from muggins.server.cluster.tables import ClusterTables
from muggins.server.edge.connection import Connection
from muggins.server.pairing import Pairing
from muggins.server.settings import Settings
from muggins.server.store import SqlStore, User
from muggins.server.tables.player_table import PlayerTable
from muggins.server.tournaments import Tournaments
from tests.scale.test_exactly_once import has_state_for, until

LEASE = 1.5


@asynccontextmanager
async def node(db: Path, redis_url: str, prefix: str) -> AsyncIterator[tuple[ClusterTables, Auth]]:
    """One process of a cluster (a short lease, so forgetting comes soon), on a shared SQLite file."""
    settings = Settings(
        db_url=f"sqlite:///{db}",
        web_dir=None,
        rate_per_second=1000,
        redis_url=redis_url,
        redis_prefix=prefix,
        lease_seconds=LEASE,
    )
    store = SqlStore(settings.db_url)
    await store.start()
    bus = RedisBus(redis_url, prefix)
    tables = ClusterTables(store, bus, settings)
    await tables.resume()
    try:
        yield tables, Auth(store, await store.secret())
    finally:
        await tables.close()
        await bus.close()
        await store.close()


@asynccontextmanager
async def two_nodes(
    tmp_path: Path, redis_url: str, prefix: str
) -> AsyncIterator[tuple[tuple[ClusterTables, Auth], tuple[ClusterTables, Auth]]]:
    """Two processes of a cluster on one SQLite file."""
    db = tmp_path / "muggins.db"
    async with node(db, redis_url, prefix) as first, node(db, redis_url, prefix) as second:
        yield first, second


async def duel_of(tables: ClusterTables, auth: Auth, name: str) -> tuple[Connection, PlayerTable]:
    """A guest ``name`` connected to ``tables``, and the duel they made there."""
    conn = await connect(tables, auth, name=name)
    assert conn.user is not None
    return conn, await duel(tables, conn.user)


async def duel(tables: ClusterTables, creator: User) -> PlayerTable:
    """A private two-player cribbage table made by ``creator``, seated first, with a long turn clock."""
    return await tables.create(
        creator,
        game="cribbage",
        players=2,
        options={},
        time_controls=messages.TimeControls(turn_time=60),
        hints=False,
        private=True,
        bots={},
        seat=0,
    )


async def connect(tables: ClusterTables, auth: Auth, **who: str) -> Connection:
    """A connection driven directly, said hello with a ``name`` or a ``token``."""
    conn = Connection(
        None,  # type: ignore[arg-type]
        tables,
        tables.bus,
        auth,
        tables.settings,
        pairing=Pairing(tables),
        tournaments=Tournaments(tables),
    )
    await conn.handle(json.dumps({"type": "hello", **who}))
    assert conn.user is not None
    return conn


def test_a_table_nobody_here_follows_any_more_is_forgotten(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    async def run() -> None:
        async with two_nodes(tmp_path, redis_url, redis_prefix) as ((a, a_auth), (b, b_auth)):
            ann, table = await duel_of(a, a_auth, "ann")
            bob = await connect(b, b_auth, name="bob")
            assert bob.user is not None
            token = await b_auth.token(bob.user)
            await bob.handle(json.dumps({"type": "sit", "table_id": table.id}))
            await until(lambda: has_state_for(bob, 1))
            assert table.id in b.handles and b.owners.get(table.id) == a.node
            await asyncio.sleep(2 * LEASE)
            assert table.id in b.handles, "forgotten while Bob still follows it"
            await bob._cleanup()  # Bob's connection closes
            await until(lambda: table.id not in b.handles, timeout=5 * LEASE + 2)
            assert table.id not in b.owners and table.id not in b.epochs
            await until(lambda: table.id in a.tables)  # its owner still runs it
            # Bob comes back through the same process and plays on.
            bob = await connect(b, b_auth, token=token)
            await bob.handle(json.dumps({"type": "join", "table_id": table.id}))
            await until(lambda: has_state_for(bob, 1))
            await bob._cleanup()
            await ann._cleanup()

    asyncio.run(run())


def test_while_every_process_lives_no_sweep_reads_every_table(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    """The orphan sweep looks only at the tables of processes whose heartbeat stopped: with every
    process alive it reads no table list from the store (it read them all every half lease)."""

    async def run() -> None:
        db = tmp_path / "muggins.db"
        async with (
            node(db, redis_url, redis_prefix) as (a, a_auth),
            node(db, redis_url, redis_prefix) as (b, _),
        ):
            ann = await connect(a, a_auth, name="ann")
            assert ann.user is not None
            await duel(a, ann.user)
            reads = []
            for tables in (a, b):
                listing = tables.store.tables

                async def counted(statuses: tuple[str, ...], listing: Any = listing) -> Any:
                    reads.append(statuses)
                    return await listing(statuses)

                tables.store.tables = counted  # type: ignore[method-assign]
            await asyncio.sleep(4 * LEASE)  # several sweeps by each process
            assert reads == []
            await ann._cleanup()

    asyncio.run(run())

"""Taking one table over (``ClusterTables.take``, what a request for an unowned table does): a table
nobody stored is refused by name and leaves no lease behind, one a live process owns stays its own,
and an orphan is taken, claimed and in play here."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from muggins.server.tables.table import NoTableError
from tests.scale.test_cluster_memory import duel_of, two_nodes


def test_a_table_is_taken_only_if_it_exists_and_nobody_alive_holds_it(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    async def run() -> None:
        async with two_nodes(tmp_path, redis_url, redis_prefix) as ((a, a_auth), (b, _)):
            with pytest.raises(NoTableError, match="there is no table 'nowhere'"):
                await b.take("nowhere")
            assert await b.leases.owner("nowhere") is None

            _, table = await duel_of(a, a_auth, "ann")
            assert not await b.take(table.id)  # a owns it and is alive
            assert table.id in a.tables and table.id not in b.tables

            await a.leases.release(table.id)  # as a process that died would leave it
            a.tables.pop(table.id)
            assert await b.take(table.id)
            assert table.id in b.tables and await b.leases.owner(table.id) == b.node
            assert b.epochs[table.id] == 1  # claimed: a's writes are fenced out
            assert await b.take(table.id)  # already here

    asyncio.run(run())

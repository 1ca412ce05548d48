"""Table leases on the real Redis: a lease is taken when free, refreshed by its holder, seized only
from the node named dead, and a node is dead once its renewal connection has gone."""

from __future__ import annotations

import asyncio

import redis.asyncio as aioredis

from muggins.server.cluster.ownership import Leases


def test_leases_are_taken_free_and_seized_only_from_the_dead(redis_url: str, redis_prefix: str) -> None:
    async def run() -> None:
        client = aioredis.Redis.from_url(redis_url, decode_responses=True)
        ann = Leases(client, redis_prefix, "ann", 10, url=redis_url)
        bob = Leases(client, redis_prefix, "bob", 10, url=redis_url)
        await ann.register()
        await bob.register()
        assert await ann.acquire_many({"t1": "", "t2": ""}) == ["t1", "t2"]
        assert await bob.acquire_many({"t1": "", "t3": ""}) == ["t3"]  # t1 is ann's
        assert await bob.acquire_many({"t1": "cat"}) == []  # not held by the node named dead
        assert await ann.dead_nodes() == [] and await bob.dead_nodes() == []

        await ann.keeper.aclose()  # ann's renewal connection goes, as a killed process's does
        assert await bob.dead_nodes() == ["ann"]
        assert await bob.acquire_many({"t1": "ann", "t2": "ann", "t3": ""}) == ["t1", "t2", "t3"]
        assert await bob.owners(["t1", "t2", "t3"]) == {"t1": "bob", "t2": "bob", "t3": "bob"}
        assert await bob.tables_of("bob") == ["t1", "t2", "t3"]
        await bob.keeper.aclose()
        await client.aclose()

    asyncio.run(run())

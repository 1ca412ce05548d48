"""Presence on the bus: a channel followed by a process (a player's connection) is followed for
every process, in memory and through Redis, and the followed channels of a prefix are listed;
a prefix with a glob's special characters is taken literally."""

from __future__ import annotations

import asyncio

import pytest

from muggins.server.bus import Bus, MemoryBus
from muggins.server.bus.redis import RedisBus


async def _check(mine: Bus, theirs: Bus) -> None:
    """``mine`` follows; ``theirs`` (another process, or the same bus in memory) asks."""
    subs = [
        await mine.subscribe(name, lambda _text: None)
        for name in ("player:1", "player:2", "p*r:3", "table:x")
    ]
    assert await theirs.followed(["player:1", "player:2", "player:9", "table:x"]) == [True, True, False, True]
    assert await theirs.followed([]) == []
    assert sorted(await theirs.followed_from("player:", 10)) == ["player:1", "player:2"]
    assert sorted(await theirs.followed_from("p*r:", 10)) == ["p*r:3"]
    assert len(await theirs.followed_from("player:", 1)) == 1
    await subs[0].close()
    assert await theirs.followed(["player:1", "player:2"]) == [False, True]


def test_presence_in_one_process() -> None:
    async def run() -> None:
        bus = MemoryBus()
        await _check(bus, bus)

    asyncio.run(run())


@pytest.mark.usefixtures("services")
def test_presence_across_processes_through_redis(redis_url: str, redis_prefix: str) -> None:
    async def run() -> None:
        one, two = RedisBus(redis_url, redis_prefix), RedisBus(redis_url, redis_prefix)
        other_cluster = RedisBus(redis_url, redis_prefix + "-other")
        try:
            await _check(one, two)
            await (await other_cluster.subscribe("player:7", lambda _text: None)).close()
            sub = await other_cluster.subscribe("player:7", lambda _text: None)
            assert await two.followed(["player:7"]) == [False]  # another cluster's player
            await sub.close()
        finally:
            for bus in (one, two, other_cluster):
                await bus.close()

    asyncio.run(run())

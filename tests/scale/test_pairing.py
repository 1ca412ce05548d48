"""Quick pairing on a cluster: the pools are the store's, so players seeking on different
processes at once are paired with each other, each exactly once; a process killed mid-wait takes
its players' connections with it, but not their place in the pool."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from tests.scale.cluster_live import Node
from tests.server.live_server import Client, Message


async def seeking(node: Node, name: str) -> tuple[Client, Message]:
    token, user = node.guest(name)
    client = await Client.open(node.ws_url, token=token)
    await client.send(type="seek", game="cribbage", players=2, rated=False)
    told = await client.expect(lambda m: m["type"] in ("seeking", "error"))
    assert told["type"] == "seeking", told
    return client, user


def test_seekers_on_two_processes_are_each_seated_once(cluster: Callable[..., list[Node]]) -> None:
    a, b = cluster(2)

    async def run() -> None:
        seekers = await asyncio.gather(*(seeking(a if n % 2 else b, f"p{n}") for n in range(16)))
        paired = [await client.expect(lambda m: m["type"] == "paired", timeout=20) for client, _ in seekers]
        await asyncio.sleep(2.5)  # more looks at the pools by both processes: nobody is told twice
        for client, _ in seekers:
            assert sum(1 for m in client.received if m["type"] == "paired") == 1
        tables: dict[str, set[int]] = {}
        for message in paired:
            tables.setdefault(message["table"]["id"], {s["user"]["id"] for s in message["table"]["seats"]})
        assert len(tables) == 8
        seated = [uid for users in tables.values() for uid in users]
        assert sorted(seated) == sorted(user["id"] for _, user in seekers)
        for (client, user), message in zip(seekers, paired, strict=True):
            assert user["id"] in tables[message["table"]["id"]]
            await client.send(type="join", table_id=message["table"]["id"])
            state = await client.expect(lambda m: m["type"] == "table_state", timeout=20)
            assert state["seat"] is not None and state["view"] is not None
            await client.close()

    asyncio.run(run())


def test_a_seek_outlives_a_killed_process(cluster: Callable[..., list[Node]]) -> None:
    a, b = cluster(2)

    async def run() -> None:
        token, _ = b.guest("Ann")
        ann = await Client.open(b.ws_url, token=token)
        await ann.send(type="seek", game="cribbage", players=2, rated=False)
        since = (await ann.expect(lambda m: m["type"] == "seeking"))["seek"]["since"]
        b.kill()
        await ann.close()
        again = await Client.open(a.ws_url, token=token)  # the browser reconnects to a live process
        await again.send(type="seek", game="cribbage", players=2, rated=False)
        assert (await again.expect(lambda m: m["type"] == "seeking"))["seek"]["since"] == since
        bea, _ = await seeking(a, "Bea")
        paired = await again.expect(lambda m: m["type"] == "paired", timeout=10)
        assert paired == await bea.expect(lambda m: m["type"] == "paired", timeout=10)

    asyncio.run(run())

"""Rate limits per account: an account that opens many connections (on one process or on several)
shares one allowance between them, while another account keeps its own."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from tests.scale.cluster_live import Node
from tests.server.live_server import Client, Server

RATE = 10
BURST = 40  # the server's burst is max(40, 2 x rate)
FLOOD = BURST - 1  # pings per connection: with its hello, what its own bucket allows


async def pongs_once_quiet(clients: list[Client], quiet: float = 0.6, limit: float = 15.0) -> int:
    """How many pongs the clients received, once none has come for ``quiet`` seconds."""
    deadline = time.monotonic() + limit
    count = -1
    while time.monotonic() < deadline:
        now = sum(1 for c in clients for m in c.received if m["type"] == "pong")
        if now == count:
            return count
        count = now
        await asyncio.sleep(quiet)
    return count


async def flood_from_one_account(ann: list[Client], bob: Client) -> None:
    """Ann's connections and Bob's one each send ``FLOOD`` pings at once: Ann's account gets one
    allowance in all (its burst, plus what refills meanwhile), Bob's is untouched by hers."""
    started = time.monotonic()
    await asyncio.gather(*(c.send(type="ping") for c in [*ann, bob] for _ in range(FLOOD)))
    ann_pongs = await pongs_once_quiet(ann)
    refilled = RATE * (time.monotonic() - started)
    assert BURST - 5 <= ann_pongs <= BURST + refilled, (ann_pongs, refilled)
    assert await pongs_once_quiet([bob]) == FLOOD
    reasons = [m["reason"] for c in ann for m in c.received if m["type"] == "error"]
    assert reasons and all("from your account" in r for r in reasons), reasons


def test_one_account_on_many_connections_shares_one_allowance(tmp_path: Path) -> None:
    server = Server(tmp_path / "muggins.db", "--rate", str(RATE))
    server.start()
    try:

        async def run() -> None:
            token, _ = server.guest("ann")
            ann = [await Client.open(server.ws_url, token=token) for _ in range(4)]
            bob = await Client.open(server.ws_url, name="bob")
            await flood_from_one_account(ann, bob)
            for client in [*ann, bob]:
                await client.close()

        asyncio.run(run())
    finally:
        server.stop()


def test_one_account_on_two_processes_shares_one_allowance(cluster: Callable[..., list[Node]]) -> None:
    a, b = cluster(2, "--rate", str(RATE))

    async def run() -> None:
        token, _ = a.guest("ann")
        ann = [await Client.open(node.ws_url, token=token) for node in (a, b, a, b)]
        bob = await Client.open(b.ws_url, name="bob")
        await flood_from_one_account(ann, bob)
        for client in [*ann, bob]:
            await client.close()

    asyncio.run(run())

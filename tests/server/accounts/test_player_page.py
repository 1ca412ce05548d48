"""Issue 57, item 8: an uncached player page replays up to 50 games (0.54 s cold for 30), and walking
``/api/players/1..N`` ran as many replays at once as were asked for. Now one page replays at a time,
four wait, and the rest are refused as busy; a page asked for again is kept."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import cast

import httpx

from muggins.server.accounts.player_page import PlayerStats, StatsBusyError
from muggins.server.store import GameRow, Store
from tests.server.live_server import Server
from tests.server.people import finished_games


class GatedStore:
    """A store whose games are read only once the gate opens (a replay that takes its time)."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.reads = 0

    async def game(self, game_id: int) -> GameRow | None:
        self.reads += 1
        await self.gate.wait()
        return None


def test_pages_replay_one_at_a_time_a_few_wait_the_rest_are_busy() -> None:
    async def run() -> None:
        store = GatedStore()
        stats = PlayerStats(cast(Store, store), at_once=1, waiting=2)
        asked = [asyncio.ensure_future(stats.of(uid, [(uid, "cribbage", 0)])) for uid in range(5)]
        await asyncio.sleep(0.01)
        assert store.reads == 1  # one replay at a time
        done = [task for task in asked if task.done()]
        assert len(done) == 2 and all(isinstance(task.exception(), StatsBusyError) for task in done)
        store.gate.set()
        assert [await task for task in asked if task not in done] == [{}, {}, {}]
        assert store.reads == 3
        await stats.of(0, [(0, "cribbage", 0)])  # kept: no replay
        assert store.reads == 3

    asyncio.run(run())


def test_walking_player_pages_is_bounded_over_the_network(tmp_path: Path) -> None:
    """Twelve cold pages (8 games each) asked for at once: each is served whole or refused as busy
    (503 with Retry-After), where all were replayed at once before; asked again, each is served."""
    ids = asyncio.run(finished_games(tmp_path / "muggins.db", players=12, each=8))
    server = Server(tmp_path / "muggins.db", "--api-rate", "100000")
    server.start()
    try:

        async def walk() -> list[httpx.Response]:
            async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
                return await asyncio.gather(*(client.get(f"/api/players/{uid}") for uid in ids))

        first = asyncio.run(walk())
        busy = [r for r in first if r.status_code == 503]
        assert {r.status_code for r in first} <= {200, 503}
        assert busy, "twelve cold pages at once were all replayed: nothing bounds the work"
        assert all("busy" in r.json()["detail"] and r.headers["Retry-After"] for r in busy)
        assert len(first) - len(busy) >= 5  # one replaying and four waiting were served
        served = [httpx.get(f"{server.url}/api/players/{uid}", timeout=60) for uid in ids]
        assert all(r.status_code == 200 and r.json()["stats"]["cribbage"] for r in served)
    finally:
        server.stop()

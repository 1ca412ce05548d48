"""Turn clocks fire exactly once across the cluster: only a table's owner runs them, a clock never
fires early or twice, and after the owner is killed the new owner runs them on from the stored
time of the last move (not afresh)."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable

import psycopg

from tests.scale.cluster_live import Node
from tests.scale.test_cluster import dealt_to, events_of
from tests.server.live_server import Client

TURN = 5
"""Seconds per turn (the shortest allowed)."""


def stored_moves(pg_url: str) -> list[tuple[int, int, str, float]]:
    """(ply, seat, by, at) of every stored move, in order."""
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute('SELECT ply, seat, "by", "at" FROM moves ORDER BY game_id, ply').fetchall()
    return [(int(p), int(s), str(b), float(a)) for p, s, b, a in rows]


def firings(moves: list[tuple[int, int, str, float]]) -> list[list[tuple[int, int, str, float]]]:
    """Moves grouped by the clock expiry that made them (moves within half a second of each other)."""
    groups: list[list[tuple[int, int, str, float]]] = []
    for move in moves:
        if groups and move[3] - groups[-1][-1][3] < 0.5:
            groups[-1].append(move)
        else:
            groups.append([move])
    return groups


def test_clocks_fire_once_and_resume_on_the_new_owner(
    cluster: Callable[..., list[Node]], pg_url: str
) -> None:
    owner, b, c = cluster(3)

    async def run() -> None:
        ann_token, _ = b.guest("ann")
        bob_token, _ = c.guest("bob")
        table_id = owner.create_table(ann_token, game="cribbage", players=2, time={"turn_time": TURN})["id"]
        ann = await Client.open(b.ws_url, token=ann_token)
        bob = await Client.open(c.ws_url, token=bob_token)
        await ann.send(type="join", table_id=table_id)
        await bob.send(type="sit", table_id=table_id)
        await ann.expect(dealt_to(0))
        await bob.expect(dealt_to(1))
        # Nobody moves: the clocks do. Wait for three expiries, then kill the owner just after one.
        await ann.expect(lambda m: len(events_of(ann, table_id)) >= 3, timeout=4 * TURN)
        before = len(events_of(ann, table_id))
        owner.kill()
        killed = time.time()
        await ann.expect(lambda m: len(events_of(ann, table_id)) >= before + 2, timeout=6 * TURN)

        moves = stored_moves(pg_url)
        assert moves and all(by == "timeout" for _, _, by, _ in moves)
        assert [ply for ply, _, _, _ in moves] == list(range(len(moves)))
        groups = firings(moves)
        for group in groups:
            assert len({seat for _, seat, _, _ in group}) == len(group), group  # one move per seat
        for earlier, later in itertools.pairwise(groups):
            gap = later[0][3] - earlier[-1][3]
            assert gap >= TURN - 0.3, (earlier, later)  # never early, so never a second clock
        resumed = next(g for g in groups if g[0][3] > killed)
        last_before = max(at for _, _, _, at in moves if at < killed)
        assert resumed[0][3] - last_before <= TURN + 1.5  # from the stored time, not afresh
        for client in (ann, bob):
            states = [m["state_id"] for m in events_of(client, table_id)]
            assert states == sorted(set(states))
            await client.close()

    asyncio.run(run())

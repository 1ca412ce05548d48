"""Load on a cluster: several ``muggins serve`` processes on PostgreSQL and Redis, many WebSocket
clients in two-player cribbage games whose two players sit on different processes, measuring
move-to-broadcast latency and errors; optionally a process killed mid-run (its games must go on,
with no acknowledged move lost), and a soak mode that samples each process's memory.

    .venv/bin/python bench/cluster.py                                   # 2 processes, 1,000 games, 60 s
    .venv/bin/python bench/cluster.py --games 200 --duration 30 --kill-at 10
    .venv/bin/python bench/cluster.py --games 200 --duration 1800 --sample-every 60   # soak

It starts its own processes on 127.0.0.1 (a new PostgreSQL database, dropped afterwards, and a
random Redis prefix) and targets nothing else. The players are ``bench/load.py``'s, plus
reconnection: a client whose process dies reconnects to a live one and joins its table again.
The games start spread over ``--ramp`` seconds and measuring (``--duration``) starts after them.
Prints JSON lines.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
import redis
import uvloop
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.load import (
    ONE_ADDRESS_MANY_PLAYERS,
    RAMP_HELP,
    RAMP_S,
    Game,
    Player,
    Stats,
    close_players,
    cpu_by_process,
    cpu_pressure,
    cpu_seconds,
    cpu_used,
    emit,
    emit_latency,
    free_port,
    hello,
    machine_cpu,
    no_collection_pauses,
    p99_ms,
    raise_file_limit,
    rss_kib,
)

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"

SERVICES = ("postgres", "redis-server")
"""The processes (by name) whose CPU each run reports beside the servers' and the generator's."""
REDIS_URL = "redis://127.0.0.1:6379/0"


@dataclass
class Node:
    """One server process of the cluster."""

    port: int
    proc: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None


@dataclass
class Acks:
    """Moves the players saw acknowledged (their own ``events``), to check against the store."""

    moves: list[tuple[str, int, int, int, str]] = field(default_factory=list)
    """(table id, game number, ply, seat, move text)."""
    stale: int = 0
    progress: dict[str, tuple[float, int]] = field(default_factory=dict)
    """Table id -> (when, state id) of the newest state a player of it saw."""
    killed_at: float | None = None
    rejoined: list[float] = field(default_factory=list)
    """How long after the kill each player who reconnected had its table's state again."""
    resumed: dict[str, float] = field(default_factory=dict)
    """Table id -> how long after the kill the game's first new state came (the thinking of the
    player who made it included, as a player's wait in the game is)."""


class ClusterPlayer(Player):
    """A ``bench/load.py`` player that notes what it sees and reconnects to a live process when its
    own dies."""

    def __init__(self, token: str, nodes: list[Node], home: int, acks: Acks, *rest: Any) -> None:
        super().__init__(*rest)
        self.token, self.nodes, self.home, self.acks = token, nodes, home, acks
        self.game_number = 0
        self.rejoining = False
        self.last_view: dict[str, Any] | None = None
        self.heard: collections.deque[str] = collections.deque(maxlen=10)
        """The last messages heard, in short: what a stuck game's players say of it."""
        self.log_end: int | None = None
        """How many of the game's events this player's log holds (None: no log yet), as a
        browser counts them to join again with the rest only (``Join.since``)."""

    def note(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        view = message.get("view") or {}
        self.heard.append(
            f"{time.monotonic():.2f} {kind} state {message.get('state_id', view.get('state_id'))} "
            f"seat {message.get('seat')} by {message.get('by')} to_move {view.get('to_move')} "
            f"{message.get('reason', '')}".strip()
        )
        if kind == "table_state":
            self.game_number = message["table"]["game_number"]
            self.log_end = message["log_from"] + len(message["log"]) if message["seat"] == self.seat else None
            if self.rejoining and self.acks.killed_at is not None:
                self.acks.rejoined.append(time.monotonic() - self.acks.killed_at)
            self.rejoining = False
        if kind == "events":
            if self.log_end is not None:
                self.log_end += len(message["events"])
            now, table_id, state_id = time.monotonic(), self.game.table_id, message["state_id"]
            if state_id > self.acks.progress.get(table_id, (now, 0))[1]:
                killed_at = self.acks.killed_at
                if killed_at is not None and table_id not in self.acks.resumed:
                    self.acks.resumed[table_id] = now - killed_at
                self.acks.progress[table_id] = (now, state_id)
            if message["seat"] == self.seat:
                ply = message["state_id"] - 1
                self.acks.moves.append(
                    (self.game.table_id, self.game_number, ply, self.seat, message["move"])
                )
        if kind in ("events", "table_state") and message.get("view"):
            self.last_view = message["view"]
        if kind == "error" and message["reason"].startswith("stale move"):
            self.acks.stale += 1
            # The newer state may have come while this move was in flight (and been passed over).
            asyncio.get_running_loop().call_soon(self.think_again)

    def describe(self) -> dict[str, Any]:
        """Where this player stands: for a game that stopped moving."""
        return {
            "seat": self.seat,
            "home": self.home,
            "awaiting": self.awaiting,
            "planned": self.pending is not None and not self.pending.done(),
            "heard": list(self.heard),
        }

    def think_again(self) -> None:
        if not self.awaiting and self.last_view is not None:
            self.consider(self.last_view)

    async def run(self, stop_at: float) -> None:
        while True:
            await super().run(stop_at)
            if time.monotonic() >= stop_at:
                return
            await self.reconnect()

    async def reconnect(self) -> None:
        """Join the table again through the next live process. A move planned on the old connection
        is dropped first: sent while the new one is being made, it would go out on the dead socket
        and leave this player awaiting an answer that never comes (the table's state on joining
        says what to do next)."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        self.awaiting = False
        self.game.sent.pop(self.seat, None)
        for step in range(1, len(self.nodes) + 1):
            node = self.nodes[(self.home + step) % len(self.nodes)]
            if not node.alive:
                continue
            self.heard.append(f"{time.monotonic():.2f} reconnecting to {node.port}")
            try:
                ws, _ = await hello_token(node.url.replace("http", "ws", 1) + "/ws", self.token)
                self.heard.append(f"{time.monotonic():.2f} welcomed")
                self.ws, self.rejoining = ws, True
                join: dict[str, Any] = {"type": "join", "table_id": self.game.table_id}
                if self.log_end is not None and not self.args.whole_log:
                    join["since"] = {
                        "game_number": self.game_number,
                        "seat": self.seat,
                        "events": self.log_end,
                    }
                await self.ws.send(json.dumps(join))
                self.home = (self.home + step) % len(self.nodes)
                return
            except Exception as exc:  # any failure: the next live process, or later
                self.heard.append(f"{time.monotonic():.2f} failed: {exc!r}"[:160])
        await asyncio.sleep(0.5)


async def hello_token(url: str, token: str) -> tuple[ClientConnection, str]:
    """A connection that says hello with a token (a player coming back)."""
    ws = await connect(url, max_size=2**22, open_timeout=60, ping_interval=None, compression=None)
    await ws.send(json.dumps({"type": "hello", "token": token}))
    welcome = json.loads(await ws.recv())
    if welcome["type"] != "welcome":
        raise RuntimeError(f"no welcome: {welcome}")
    return ws, str(welcome["token"])


def start_node(db_url: str, prefix: str, lease: float) -> Node:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            *("-m", "muggins", "serve", "--port", str(port), "--db", db_url),
            *("--redis", REDIS_URL, "--redis-prefix", prefix, "--lease", str(lease)),
            *("--log-level", "warning", "--rate", "100"),
            *ONE_ADDRESS_MANY_PLAYERS,
        ],
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    node = Node(port, proc)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(node.url + "/api/games", timeout=1).status_code == 200:
                return node
        if not node.alive:
            raise RuntimeError(f"process on port {port} exited with {proc.returncode}")
        time.sleep(0.2)
    raise RuntimeError(f"process on port {port} did not start")


async def make_game(
    index: int,
    nodes: list[Node],
    http: httpx.AsyncClient,
    *,
    stats: Stats,
    acks: Acks,
    args: argparse.Namespace,
) -> list[ClusterPlayer]:
    """A private table made on one process; its first player on that process, the second on the next."""
    homes = [index % len(nodes), (index + 1) % len(nodes)]
    ws0, token0 = await hello(nodes[homes[0]].url.replace("http", "ws", 1) + "/ws", f"c{index}a")
    ws1, token1 = await hello(nodes[homes[1]].url.replace("http", "ws", 1) + "/ws", f"c{index}b")
    for attempt in range(3):  # a kept-alive connection the server closed at that moment: retry
        try:
            reply = await http.post(
                nodes[homes[0]].url + "/api/tables",
                json={"game": "cribbage", "players": 2, "time": {"turn_time": 60}, "private": True},
                headers={"Authorization": f"Bearer {token0}"},
            )
            break
        except httpx.TransportError:
            if attempt == 2:
                raise
    reply.raise_for_status()
    game = Game(reply.json()["id"], offset=random.uniform(0, args.ramp))
    await ws0.send(json.dumps({"type": "join", "table_id": game.table_id}))
    await ws1.send(json.dumps({"type": "sit", "table_id": game.table_id}))
    return [
        ClusterPlayer(token0, nodes, homes[0], acks, ws0, game, 0, stats, args),
        ClusterPlayer(token1, nodes, homes[1], acks, ws1, game, 1, stats, args),
    ]


def spread(values: list[float]) -> dict[str, float | int]:
    """The median, 99th percentile (``p99_ms``'s) and most of ``values`` (seconds), and how many."""
    ordered = sorted(values)
    if not ordered:
        return {"n": 0}
    p99 = p99_ms(ordered) / 1000
    return {
        "p50": round(statistics.median(ordered), 2),
        "p99": round(p99, 2),
        "max": round(ordered[-1], 2),
        "n": len(ordered),
    }


def check_store(db_url: str, acks: Acks) -> dict[str, int]:
    """Every acknowledged move is stored at its ply with its text; each game's plies are 0..n-1."""
    with psycopg.connect(db_url) as conn:
        rows = conn.execute(
            "SELECT g.table_id, g.number, m.ply, m.seat, m.text FROM moves m JOIN games g ON g.id = m.game_id"
        ).fetchall()
    stored = {(t, n, p): (s, x) for t, n, p, s, x in rows}
    plies: dict[tuple[str, int], list[int]] = {}
    for t, n, p, _, _ in rows:
        plies.setdefault((t, n), []).append(p)
    gaps = sum(1 for found in plies.values() if sorted(found) != list(range(len(found))))
    lost = sum(1 for t, n, p, s, x in acks.moves if stored.get((t, n, p)) != (s, x))
    repeated = len(acks.moves) - len(set(acks.moves))  # a move's events that reached its player twice
    seen: set[tuple[str, int, int, int, str]] = set()
    twice_at: set[tuple[str, int]] = set()
    for ack in acks.moves:
        if ack in seen:
            twice_at.add((ack[0], ack[3]))
        seen.add(ack)
    return {
        "stored_moves": len(rows),
        "acknowledged": len(acks.moves),
        "lost": lost,
        "games_with_gaps": gaps,
        "acknowledged_twice": repeated,
        "players_acknowledged_twice": len(twice_at),
    }


async def run(args: argparse.Namespace, nodes: list[Node], db_url: str) -> None:
    stats, acks = Stats(), Acks()
    baseline = [rss_kib(n.proc.pid) for n in nodes]
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=50), timeout=120) as http:
        players: list[ClusterPlayer] = []
        started = time.monotonic()
        for first in range(0, args.games, 50):
            batch = await asyncio.gather(
                *(
                    make_game(i, nodes, http, stats=stats, acks=acks, args=args)
                    for i in range(first, min(args.games, first + 50))
                )
            )
            players += [p for pair in batch for p in pair]
        emit(
            bench="cluster_setup", value=round(time.monotonic() - started, 2), unit="s", clients=len(players)
        )
    measuring_from = time.monotonic() + args.ramp
    stop_at = measuring_from + args.duration
    kill_at = None if args.kill_at is None else measuring_from + args.kill_at
    with no_collection_pauses():
        stats.measure_from = time.perf_counter() + args.ramp
        runs = [asyncio.create_task(p.run(stop_at)) for p in players]
        await asyncio.sleep(args.ramp)
        cpu_start = [cpu_seconds(n.proc.pid) for n in nodes]
        own_start = time.process_time()
        services_start, machine_start = cpu_by_process(SERVICES), machine_cpu()
        killed_at: float | None = None
        next_sample = time.monotonic() + args.sample_every
        while time.monotonic() < stop_at:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            if kill_at is not None and killed_at is None and now >= kill_at:
                victim = nodes[-1]
                cpu_start[-1] = 0.0
                victim.proc.send_signal(signal.SIGKILL)
                victim.proc.wait()
                killed_at = acks.killed_at = now
                emit(bench="cluster_kill", node=len(nodes) - 1, at_s=round(args.kill_at, 1), wall=time.time())
            if now >= next_sample:
                next_sample += args.sample_every
                emit(
                    bench="cluster_memory",
                    at_s=round(now - measuring_from, 1),
                    rss_mib=[round(rss_kib(n.proc.pid) / 1024, 1) if n.alive else None for n in nodes],
                    generator_rss_mib=round(rss_kib(os.getpid()) / 1024, 1),
                    moves=stats.moves,
                    load_average=os.getloadavg()[0],
                )
        # every CPU reading ends here, with the measured window: the players' wind-down after it
        # (the machine idling as they stop) is not counted
        cpu = [
            cpu_seconds(n.proc.pid) - c if n.alive else None for n, c in zip(nodes, cpu_start, strict=True)
        ]
        own_cpu = time.process_time() - own_start
        services = cpu_used(services_start, cpu_by_process(SERVICES))
        busy, idle = (end - start for end, start in zip(machine_cpu(), machine_start, strict=True))
        measured, moves = time.monotonic() - measuring_from, stats.moves
        await asyncio.wait(runs, timeout=15)
    end_rss = [rss_kib(n.proc.pid) if n.alive else 0 for n in nodes]
    everyone: list[Player] = [*players]
    await close_players(everyone)

    emit_latency(
        "cluster_move_to_broadcast_p99",
        stats,
        150,
        processes=len(nodes),
        clients=2 * args.games,
        games=args.games,
        ramp_s=args.ramp,
        load_average=os.getloadavg()[0],
        cpu_pressure_pct=cpu_pressure(),
    )
    emit(
        bench="cluster_moves_per_s",
        value=round(moves / measured, 1),
        unit="moves/s",
        moves=moves,
        think_s=args.think,
        server_cpu_ms_per_move=[None if c is None else round(c * 1000 / max(1, moves), 3) for c in cpu],
        server_cpu_share=[None if c is None else round(c / measured, 2) for c in cpu],
        generator_cpu_share=round(own_cpu / measured, 2),
        postgresql_cpu_share=round(services.get("postgres", 0.0) / measured, 2),
        redis_cpu_share=round(services.get("redis-server", 0.0) / measured, 2),
        machine_idle_share=round(idle / max(1e-9, busy + idle), 2),
        measured_s=round(measured, 1),
        generator_rss_mib=round(rss_kib(os.getpid()) / 1024, 1),
        rss_mib=[round(r / 1024, 1) for r in end_rss],
        baseline_rss_mib=[round(r / 1024, 1) for r in baseline],
    )
    expected = ("stale move", "ConnectionClosed")  # a move raced with a takeover; a killed process
    unexpected = [e for e in stats.errors if not (killed_at is not None and e.startswith(expected))]
    emit(
        bench="cluster_errors",
        value=len(unexpected),
        unit="errors",
        target="<=0",
        met=not unexpected,
        stale_after_kill=acks.stale if killed_at is not None else None,
        reconnects=stats.disconnects,
        first=unexpected[:3],
    )
    if killed_at is not None:
        stuck = [t for t, (when, _) in acks.progress.items() if when < killed_at + 1]
        emit(
            bench="cluster_games_continuing_after_kill",
            value=len(acks.progress) - len(stuck),
            unit="games",
            of=len(acks.progress),
            met=not stuck,
            stuck=stuck[:5],
            killed_at=round(killed_at, 2),
            stuck_players=[p.describe() for p in players if p.game.table_id in stuck[:2]],
        )
        ended = time.monotonic()
        waits = sorted(
            acks.resumed.get(t, ended - killed_at) for t in acks.progress
        )  # a game that never moved again waited to the end
        emit(
            bench="cluster_slowest_resume_after_kill",
            value=round(waits[-1], 2) if waits else None,
            unit="s",
            target="<=5",
            met=bool(waits) and waits[-1] <= 5,
            spread_s=spread(waits),
            over_5_s=sum(w > 5 for w in waits),
            games=len(waits),
            rejoined_s=spread(acks.rejoined),
            rejoined_asking_for="the whole log" if args.whole_log else "the rest of the log held",
        )
    store = check_store(db_url, acks)
    emit(
        bench="cluster_moves_lost",
        value=store["lost"],
        unit="moves",
        target="<=0",
        met=store["lost"] == 0,
        **store,
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--processes", type=int, default=2, help="server processes")
    parser.add_argument("--games", type=int, default=1000, help="two-player games (clients = 2 x games)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play measured")
    parser.add_argument("--ramp", type=float, default=RAMP_S, help=RAMP_HELP)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before moving")
    parser.add_argument("--kill-at", type=float, default=None, help="SIGKILL the last process this many s in")
    parser.add_argument("--lease", type=float, default=10.0, help="table lease seconds")
    parser.add_argument(
        "--whole-log",
        action="store_true",
        help="players join again asking for the whole log, not the rest of the one they hold (Join.since)",
    )
    parser.add_argument("--sample-every", type=float, default=30.0, help="seconds between memory samples")
    args = parser.parse_args()
    raise_file_limit()
    name = f"muggins_bench_{secrets.token_hex(4)}"
    prefix = f"muggins-bench-{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # a name made here, not from input
    db_url = PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    nodes: list[Node] = []
    try:
        nodes.append(start_node(db_url, prefix, args.lease))  # migrates the new database
        nodes += [start_node(db_url, prefix, args.lease) for _ in range(args.processes - 1)]
        uvloop.run(run(args, nodes, db_url))  # the servers' loop too
    finally:
        for node in nodes:
            if node.alive:
                node.proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    node.proc.wait(30)
            if node.alive:
                node.proc.kill()
        drop_run_data(name, prefix)
    return 0


def drop_run_data(database: str, prefix: str) -> None:
    """Drop a run's PostgreSQL database and its Redis keys."""
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')  # a name the run made
    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)


if __name__ == "__main__":
    sys.exit(main())

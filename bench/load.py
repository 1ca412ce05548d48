"""Load generator for ``muggins serve``: many WebSocket clients in two-player cribbage games on
127.0.0.1, measuring move-to-broadcast latency, errors and the server's memory per game.

    .venv/bin/python bench/load.py                      # 1,000 clients in 500 games for 60 s
    .venv/bin/python bench/load.py --games 50 --duration 20

It starts its own server (a fresh SQLite file in a temporary directory) unless ``--url`` names one,
which must be on 127.0.0.1. Each client acts like a brisk player: when its view waits for it, it
thinks ``--think`` seconds (jittered) and makes a random legal move. The games' first moves are
spread over ``--ramp`` seconds, as players come to a site over time (with ``--ramp 0`` every game
starts in the same second and their hands stay in step for a while); measuring starts after the
ramp. Latency is the time from sending a move to each of the two players receiving its ``events``
message. Prints JSON lines.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import uvloop
from websockets.asyncio.client import ClientConnection, connect

LOCAL_HOSTS = {"127.0.0.1", "localhost"}

RAMP_S = 10.0
RAMP_HELP = "seconds over which the games' first moves are spread; measuring starts after (0: all at once)"


@dataclass
class Stats:
    """Everything measured, across all clients."""

    latencies: list[float] = field(default_factory=list)
    received: list[float] = field(default_factory=list)
    """When each latency's message came (``time.perf_counter``), for the figures by ten seconds."""
    measure_from: float = 0.0
    """When the ramp is over and measuring begins (``time.perf_counter``): moves and latencies
    before it are not counted."""
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    games_finished: int = 0
    disconnects: int = 0


@dataclass
class Game:
    """One table and when each seat last sent a move (a seat has one move in flight at a time)."""

    table_id: str
    offset: float = 0.0
    """Seconds the game's first move waits beyond a player's thinking: games start spread over the ramp."""
    sent: dict[int, float] = field(default_factory=dict)


def emit(**figure: Any) -> None:
    print(json.dumps(figure), flush=True)


async def close_players(players: list[Player]) -> None:
    """Cancel every player's pending move and close every socket."""
    for p in players:
        if p.pending:
            p.pending.cancel()
    await asyncio.gather(*(p.ws.close() for p in players), return_exceptions=True)


def p99_ms(ordered: list[float]) -> float:
    """The 99th percentile of latencies in seconds, sorted, in milliseconds (NaN for none)."""
    return ordered[int(len(ordered) * 0.99) - 1] * 1000 if ordered else float("nan")


def emit_latency(bench: str, stats: Stats, target_ms: float, **detail: Any) -> None:
    """The move-to-broadcast figure: p99 against ``target_ms``, with p50, max, the sample size and
    the p99 of each ten seconds of the run (where in the run the slow replies came)."""
    lat = sorted(stats.latencies)
    p99 = p99_ms(lat)
    windows: dict[int, list[float]] = {}
    for latency, at in zip(stats.latencies, stats.received, strict=True):
        windows.setdefault(int((at - stats.measure_from) // 10), []).append(latency)
    emit(
        bench=bench,
        value=round(p99, 2),
        unit="ms",
        target=f"<={target_ms:g}",
        met=p99 <= target_ms,
        samples=len(lat),
        p50_ms=round(statistics.median(lat) * 1000, 2) if lat else None,
        max_ms=round(lat[-1] * 1000, 2) if lat else None,
        p99_ms_by_10s=[round(p99_ms(sorted(windows[w])), 1) for w in sorted(windows)],
        **detail,
    )


@contextlib.contextmanager
def no_collection_pauses() -> Iterator[None]:
    """The generator's own garbage collector stays off while it measures. With 2,000 connections its
    collections paused this process for 10-75 ms about once a second (timed with ``gc.callbacks``),
    and each pause was counted as latency of every reply that came meanwhile. What setup built is
    frozen; what the run leaves is collected after it."""
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


ONE_ADDRESS_MANY_PLAYERS = (
    *("--guests-per-minute", "1000000"),
    *("--sockets-per-minute", "1000000"),
    *("--sockets-per-address", "1000000"),
    *("--address-rate", "1000000"),
    *("--api-rate", "1000000"),
)
"""``muggins serve``'s flags that lift the per-address quotas: every simulated player comes from
127.0.0.1."""


def start_server(name: str, db: str | None, *flags: str) -> tuple[subprocess.Popen[bytes], str]:
    """``muggins serve`` on a free port of 127.0.0.1 (``db``, or a new SQLite file), with ``flags``,
    once it answers: the process and its base URL."""
    port = free_port()
    db = db or f"sqlite:///{tempfile.mkdtemp(prefix=f'muggins-{name}-')}/{name}.db"
    command = [sys.executable, "-m", "muggins", "serve", "--port", str(port), "--db", db, *flags]
    server = subprocess.Popen(command, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and server.poll() is None:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                break
        time.sleep(0.1)
    return server, base


def rss_kib(pid: int) -> int:
    """Resident memory of a process, in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used (Linux)."""
    return _stat_seconds(Path(f"/proc/{pid}/stat").read_text())


def _stat_seconds(stat: str) -> float:
    """User + system CPU seconds from a ``/proc/<pid>/stat`` text (the fields after the name)."""
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_by_process(names: tuple[str, ...]) -> dict[int, tuple[str, float]]:
    """Every running process of each name (its ``comm``: each of PostgreSQL's backends, say), with
    the user + system CPU time it has used so far, by pid (Linux)."""
    found: dict[int, tuple[str, float]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError):
            text = stat.read_text()
            name = text[text.index("(") + 1 : text.rindex(")")]
            if name in names:
                found[int(stat.parent.name)] = (name, _stat_seconds(text))
    return found


def cpu_used(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> dict[str, float]:
    """CPU seconds each name's processes used between two ``cpu_by_process`` readings (a process
    started between them counts from zero; one that ended is not counted)."""
    used: dict[str, float] = {}
    for pid, (name, seconds) in after.items():
        was = before.get(pid)
        used[name] = used.get(name, 0.0) + seconds - (was[1] if was is not None and was[0] == name else 0.0)
    return used


def machine_cpu() -> tuple[float, float]:
    """The machine's busy and idle CPU seconds so far, over every core (Linux ``/proc/stat``)."""
    ticks = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:9]]
    idle = ticks[3] + ticks[4]  # idle and waiting for I/O
    return (sum(ticks) - idle) / os.sysconf("SC_CLK_TCK"), idle / os.sysconf("SC_CLK_TCK")


def cpu_pressure() -> float | None:
    """The share of the last minute in which some runnable task waited for a CPU (Linux PSI, %):
    near 100 the machine is oversubscribed and latencies measure the queue, not the server."""
    with contextlib.suppress(OSError):
        first = Path("/proc/pressure/cpu").read_text().split("\n")[0]
        return float(first.split("avg60=")[1].split()[0])
    return None


def raise_file_limit() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Player:
    """One WebSocket client playing one seat."""

    def __init__(
        self, ws: ClientConnection, game: Game, seat: int, stats: Stats, args: argparse.Namespace
    ) -> None:
        self.ws, self.game, self.seat, self.stats, self.args = ws, game, seat, stats, args
        self.rng = random.Random(hash((game.table_id, seat)))
        self.pending: asyncio.Task[None] | None = None
        self.pending_choices: list[str] = []
        self.planned_in = -1
        """The state the planned move (or the one awaited) was chosen in."""
        self.first_move = True
        self.awaiting = False
        self.stop_at = 0.0

    async def run(self, stop_at: float) -> None:
        self.stop_at = stop_at
        try:
            async for text in self.ws:
                now = time.perf_counter()
                message = json.loads(text)
                self.note(message)
                kind = message["type"]
                if kind == "events" and message["by"] == "player":
                    sent = self.game.sent.get(message["seat"])
                    measured = now >= self.stats.measure_from
                    if sent is not None and measured:
                        self.stats.latencies.append(now - sent)
                        self.stats.received.append(now)
                    if message["seat"] == self.seat:
                        if measured:
                            self.stats.moves += 1
                        self.awaiting = False
                if kind == "error":
                    self.stats.errors.append(message["reason"])
                    self.awaiting = False
                if kind == "table_state" and self.awaiting and message.get("view"):
                    # The move was made and its answer came as a whole state (a player who was
                    # joining the table as it was made gets no events for it): the table shows it.
                    self.awaiting = message["view"]["state_id"] <= self.planned_in
                if kind in ("events", "table_state") and message.get("view") and not self.awaiting:
                    self.consider(message["view"])
                if time.monotonic() >= self.stop_at:
                    break
        except Exception as exc:  # a dropped connection is an error of the run
            self.stats.disconnects += 1
            self.stats.errors.append(repr(exc))

    def note(self, message: dict[str, Any]) -> None:
        """See each message first (a hook: the cluster benchmark's players keep records)."""

    def consider(self, view: dict[str, Any]) -> None:
        """Plan a move for this view (keeping a planned one if the choices are the same)."""
        if self.pending is not None and not self.pending.done():
            if (
                view["legal_moves"] == self.pending_choices
                and view["result"] is None
                and view["state_id"] == self.planned_in
            ):
                return  # the same choices in the same state: the planned move stands
            self.pending.cancel()
        self.pending, self.pending_choices, self.planned_in = None, view["legal_moves"], view["state_id"]
        if view["result"] is not None:
            if self.seat == 0:
                self.stats.games_finished += 1
            self.pending = asyncio.create_task(self.after(self.args.think, {"type": "rematch"}))
        elif view["legal_moves"] and time.monotonic() < self.stop_at:
            move = {
                "type": "move",
                "text": self.rng.choice(view["legal_moves"]),
                "state_id": view["state_id"],
            }
            delay = self.args.think * self.rng.uniform(0.5, 1.5)
            if self.first_move:
                delay, self.first_move = delay + self.game.offset, False
            self.pending = asyncio.create_task(self.after(delay, move))

    async def after(self, delay: float, message: dict[str, Any]) -> None:
        await asyncio.sleep(delay)
        message["table_id"] = self.game.table_id
        if message["type"] == "move":
            self.awaiting = True
            self.game.sent[self.seat] = time.perf_counter()
        with contextlib.suppress(Exception):
            await self.ws.send(json.dumps(message))


async def hello(url: str, name: str, source: str | None = None) -> tuple[ClientConnection, str]:
    """A guest named ``name`` on a new WebSocket (from the local address ``source``): it and its token."""
    bind = {"local_addr": (source, 0)} if source else {}
    ws = await connect(url, max_size=2**22, open_timeout=60, ping_interval=None, compression=None, **bind)
    await ws.send(json.dumps({"type": "hello", "name": name}))
    welcome = json.loads(await ws.recv())
    if welcome["type"] != "welcome":
        raise RuntimeError(f"no welcome: {welcome}")
    return ws, welcome["token"]


async def make_game(
    index: int, base: str, http: httpx.AsyncClient, stats: Stats, args: argparse.Namespace
) -> list[Player]:
    ws_url = base.replace("http", "ws", 1) + "/ws"
    ws0, token0 = await hello(ws_url, f"load{index}a")
    ws1, _ = await hello(ws_url, f"load{index}b")
    reply = await http.post(
        base + "/api/tables",
        json={
            "game": "cribbage",
            "players": 2,
            "time": {"turn_time": 60, "intermission": 30},
            "private": True,
        },
        headers={"Authorization": f"Bearer {token0}"},
    )
    reply.raise_for_status()
    game = Game(reply.json()["id"], offset=random.uniform(0, args.ramp))
    await ws0.send(json.dumps({"type": "join", "table_id": game.table_id}))
    await ws1.send(json.dumps({"type": "sit", "table_id": game.table_id}))
    return [Player(ws0, game, 0, stats, args), Player(ws1, game, 1, stats, args)]


async def load(args: argparse.Namespace, base: str, server_pid: int | None) -> None:
    stats = Stats()
    baseline = rss_kib(server_pid) if server_pid else 0
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(limits=limits, timeout=60) as http:
        players: list[Player] = []
        started = time.monotonic()
        for first in range(0, args.games, 50):
            batch = await asyncio.gather(
                *(make_game(i, base, http, stats, args) for i in range(first, min(args.games, first + 50)))
            )
            players += [p for pair in batch for p in pair]
        emit(
            bench="load_setup",
            value=round(time.monotonic() - started, 2),
            unit="s",
            clients=len(players),
            games=args.games,
        )
        stop_at = time.monotonic() + args.ramp + args.duration
        with no_collection_pauses():
            stats.measure_from = time.perf_counter() + args.ramp
            runs = [asyncio.create_task(p.run(stop_at)) for p in players]
            await asyncio.sleep(args.ramp)
            cpu_start = cpu_seconds(server_pid) if server_pid else 0.0
            own_start = time.process_time()
            await asyncio.sleep(args.duration / 2)
            mid_rss = rss_kib(server_pid) if server_pid else 0
            await asyncio.wait(runs, timeout=args.duration / 2 + 10)
            end_rss = rss_kib(server_pid) if server_pid else 0
            server_cpu = cpu_seconds(server_pid) - cpu_start if server_pid else 0.0
            own_cpu = time.process_time() - own_start
        await close_players(players)
    emit_latency(
        "load_move_to_broadcast_p99",
        stats,
        100,
        clients=2 * args.games,
        games=args.games,
        ramp_s=args.ramp,
    )
    emit(
        bench="load_moves_per_s",
        value=round(stats.moves / args.duration, 1),
        unit="moves/s",
        moves=stats.moves,
        games_finished=stats.games_finished,
        think_s=args.think,
        server_cpu_ms_per_move=round(server_cpu * 1000 / max(1, stats.moves), 3),
        server_cpu_share=round(server_cpu / args.duration, 2),
        generator_cpu_share=round(own_cpu / args.duration, 2),
        load_average=os.getloadavg()[0],
        cpu_pressure_pct=cpu_pressure(),
    )
    emit(
        bench="load_errors",
        value=len(stats.errors),
        unit="errors",
        target="<=0",
        met=not stats.errors,
        disconnects=stats.disconnects,
        first=stats.errors[:3],
    )
    if server_pid:
        per_game = (max(mid_rss, end_rss) - baseline) / args.games
        emit(
            bench="load_memory_per_game",
            value=round(per_game, 1),
            unit="KiB",
            server_rss_mib=round(max(mid_rss, end_rss) / 1024, 1),
            baseline_rss_mib=round(baseline / 1024, 1),
        )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=500, help="two-player games (clients = 2 x games)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play measured")
    parser.add_argument("--ramp", type=float, default=RAMP_S, help=RAMP_HELP)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before moving")
    parser.add_argument(
        "--db", default=None, help="database URL for the server started here (default: a new SQLite file)"
    )
    parser.add_argument("--url", default=None, help="an already running server on 127.0.0.1")
    args = parser.parse_args()
    raise_file_limit()
    server: subprocess.Popen[bytes] | None = None
    if args.url:
        if urlparse(args.url).hostname not in LOCAL_HOSTS:
            parser.error("the load generator targets only 127.0.0.1")
        base = args.url.rstrip("/")
    else:
        server, base = start_server("load", args.db, "--log-level", "warning", *ONE_ADDRESS_MANY_PLAYERS)
    try:
        uvloop.run(load(args, base, server.pid if server else None))  # the server's loop too
    finally:
        if server is not None:
            server.terminate()
            server.wait(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())

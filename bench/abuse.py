"""Abuse benchmark: while one hostile client floods one vector at a time, a well-behaved player's
move round trip and the server's memory, against the same player on an idle server.

    .venv/bin/python bench/abuse.py                 # every vector, 10 s each
    .venv/bin/python bench/abuse.py --seconds 5 --vectors lobby,tables

It starts its own ``muggins serve`` (a fresh SQLite file in a temporary directory, default limits)
on 127.0.0.1 only. The player plays cribbage against the random bot and times each move from
sending it to receiving its ``events``. Each flood is bounded in count and time. Prints one JSON
line per vector: the player's round trip (p50, p99, ms), the server's CPU seconds over the vector,
its resident memory at the end (MiB) against idle, and what the flood was answered.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.load import cpu_seconds, hello, rss_kib, start_server

Flood = Callable[["Flooder"], Awaitable[None]]


class Player:
    """A person playing cribbage against the random bot, timing each of their moves."""

    def __init__(self, base: str, ws: ClientConnection, token: str) -> None:
        self.base, self.ws, self.token = base, ws, token
        self.times: list[float] = []
        self.refused: list[str] = []
        self.clocked = 0
        """Moves the turn clock made for the player while it waited for its own move's events."""

    async def play(self, until: float) -> None:
        async with httpx.AsyncClient() as http:
            while time.monotonic() < until:
                reply = await http.post(
                    f"{self.base}/api/tables",
                    json={"game": "cribbage", "players": 2, "seat": 0, "bots": {"1": "random"}},
                    headers={"Authorization": f"Bearer {self.token}"},
                )
                reply.raise_for_status()
                await self.game(reply.json()["id"], until)

    async def game(self, table_id: str, until: float) -> None:
        await self.ws.send(json.dumps({"type": "join", "table_id": table_id}))
        view: dict[str, Any] | None = None
        moved_at = -1
        while time.monotonic() < until:
            if view is not None and view["result"] is not None:
                await self.ws.send(json.dumps({"type": "leave", "table_id": table_id}))
                return
            if view is not None and view["legal_moves"] and view["state_id"] > moved_at:
                moved_at = view["state_id"]
                view = await self.move(table_id, view)
                if view is None:
                    moved_at = -1
                continue
            try:  # waiting for the other side: no longer than the vector lasts
                text = await asyncio.wait_for(self.ws.recv(), max(0.01, until - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(text)
            if message.get("table_id") == table_id and message.get("view") is not None:
                view = message["view"]

    async def move(self, table_id: str, view: dict[str, Any]) -> dict[str, Any] | None:
        """Make the first legal move; the newest view once its ``events`` have come back (None:
        refused, the state is asked for again)."""
        state = view["state_id"]
        sent = time.perf_counter()
        move = {"type": "move", "table_id": table_id, "text": view["legal_moves"][0], "state_id": state}
        await self.ws.send(json.dumps(move))
        if move["text"] == "ready":  # a pause between hands: it ends when everyone is ready, not timed
            return view
        while True:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
            if message.get("table_id") != table_id:
                continue
            if message.get("view") is not None:
                view = message["view"]
            if message["type"] == "error":  # refused (the game moved on meanwhile): ask for the state again
                self.refused.append(message["reason"])
                await self.ws.send(json.dumps({"type": "join", "table_id": table_id}))
                return None
            if message["type"] == "events" and message["state_id"] > state and message["seat"] == 0:
                if message.get("by") == "timeout":  # made by the clock, not this move: not a round trip
                    self.clocked += 1
                else:
                    self.times.append((time.perf_counter() - sent) * 1000)
                return view


# --- the floods: each runs until ``until`` from an address of its own, and counts its answers ------


class Flooder:
    """One hostile client: its own local address (127.0.0.N, so that the player's address and
    the other vectors' quotas are not its), the time it stops, and how it was answered."""

    def __init__(self, base: str, source: str, until: float) -> None:
        self.base, self.source, self.until = base, source, until
        self.ws_url = base.replace("http", "ws", 1) + "/ws"
        self.seen: Counter[str] = Counter()

    @property
    def going(self) -> bool:
        return time.monotonic() < self.until

    def http(self, timeout: float = 5, source: str | None = None) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=source or self.source)
        return httpx.AsyncClient(transport=transport, timeout=timeout)

    async def hello(self, name: str) -> tuple[ClientConnection, str]:
        return await hello(self.ws_url, name, self.source)


def drop(socks: list[ClientConnection]) -> None:
    """Cut a flood's sockets at once: a clean close would wait behind the replies it never read."""
    for ws in socks:
        ws.transport.abort()  # type: ignore[attr-defined]


async def flood_lobby(f: Flooder) -> None:
    """One guest asks for the lobby every 50 ms (inside the message rate) on 8 sockets."""
    socks = [(await f.hello(f"lobbyist{n}"))[0] for n in range(8)]
    while f.going:
        for ws in socks:
            await ws.send(json.dumps({"type": "lobby"}))
            f.seen["lobby asked"] += 1
        await asyncio.sleep(0.05)
    drop(socks)


async def flood_tables(f: Flooder) -> None:
    """One guest makes waiting tables as fast as the server answers."""
    ws, token = await f.hello("tabler")
    bearer = {"Authorization": f"Bearer {token}"}
    async with f.http() as http:
        while f.going:
            reply = await http.post(
                f"{f.base}/api/tables", json={"game": "cribbage", "players": 2, "seat": 0}, headers=bearer
            )
            f.seen[str(reply.status_code)] += 1
    drop([ws])


async def flood_guests(f: Flooder) -> None:
    """One address makes guests by HTTP as fast as the server answers."""
    async with f.http() as http:
        n = 0
        while f.going:
            n += 1
            reply = await http.post(f"{f.base}/api/guest", json={"name": f"flood{n}"})
            f.seen[str(reply.status_code)] += 1


async def flood_api(f: Flooder) -> None:
    """One address asks for finished games and the lobby over HTTP, 4 at a time, as fast as answered."""
    async with f.http() as http:

        async def ask() -> None:
            while f.going:
                for path in ("/api/history", "/api/tables"):
                    reply = await http.get(f"{f.base}{path}")
                    f.seen[str(reply.status_code)] += 1

        await asyncio.gather(*(ask() for _ in range(4)))


async def flood_logins(f: Flooder) -> None:
    """Wrong passwords for one member, 4 at a time."""
    async with f.http(timeout=30) as http:
        await http.post(f"{f.base}/api/register", json={"name": "victim", "password": "the real one"})

        async def guess() -> None:
            while f.going:
                reply = await http.post(
                    f"{f.base}/api/login", json={"name": "victim", "password": "a wrong guess"}
                )
                f.seen[str(reply.status_code)] += 1

        await asyncio.gather(*(guess() for _ in range(4)))


async def flood_sockets(f: Flooder) -> None:
    """Sockets that never say hello, opened as fast as they are taken (at most 2,000)."""
    held = []
    while f.going and len(held) < 2000:
        try:
            held.append(await connect(f.ws_url, ping_interval=None, open_timeout=5, local_addr=(f.source, 0)))
            f.seen["opened"] += 1
        except Exception:
            f.seen["refused"] += 1
            await asyncio.sleep(0.01)
    await asyncio.sleep(max(0.0, f.until - time.monotonic()))
    f.seen["still open at the end"] = sum(1 for ws in held if ws.close_code is None)
    drop(held)


async def flood_upgrades(f: Flooder) -> None:
    """WebSockets opened and closed again as fast as they are taken (at most 2,000)."""
    n = 0
    while f.going and n < 2000:
        n += 1
        try:
            ws = await connect(f.ws_url, ping_interval=None, open_timeout=5, local_addr=(f.source, 0))
            f.seen["opened"] += 1
            await ws.close()
        except Exception:
            f.seen["refused"] += 1


async def flood_heads(f: Flooder) -> None:
    """Connections that never finish their request's head: 2,000 dripping a header a second, and
    8 sending a 20 MB header (each bounded: it stops when the server closes it)."""
    port = int(f.base.rsplit(":", 1)[1])

    closed: list[int] = []

    async def watch(reader: asyncio.StreamReader) -> None:
        answer = b""
        with contextlib.suppress(OSError):
            answer = await reader.read()  # everything until the server closes
        closed.append(1)
        f.seen[f"answered {answer[9:12].decode()}" if answer else "closed unanswered"] += 1

    async def open_one() -> asyncio.StreamWriter | None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(f.source, 0))
        except OSError:
            f.seen["refused"] += 1
            return None
        watchers.append(asyncio.create_task(watch(reader)))
        writer.write(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        return writer

    async def big_header() -> None:
        writer = await open_one()
        if writer is None:
            return
        writer.write(b"X-Big: ")
        with contextlib.suppress(OSError):  # the server may close it before it is all sent
            for _ in range(20 * 1024 // 64):
                writer.write(b"a" * 65536)
                await writer.drain()

    watchers: list[asyncio.Task[None]] = []
    bigs = [asyncio.create_task(big_header()) for _ in range(8)]
    dripping: list[asyncio.StreamWriter] = []
    while f.going and len(dripping) < 2000:
        writer = await open_one()
        if writer is not None:
            dripping.append(writer)
    while f.going:
        for writer in dripping:
            if not writer.is_closing():
                with contextlib.suppress(OSError):
                    writer.write(b"X-Drip: 1\r\n")
        await asyncio.sleep(1)
    await asyncio.gather(*bigs)
    f.seen["opened"] = len(watchers)
    f.seen["still open at the end"] = len(watchers) - len(closed)
    for writer in dripping:
        writer.close()
    for task in watchers:
        task.cancel()


async def flood_messages(f: Flooder) -> None:
    """As many guests as the address may make, each sending pings at 19 a second (inside its own
    limit) on sockets of its own, together far over the address's."""
    socks = []
    while f.going and len(socks) < 50:
        try:
            socks.append((await f.hello(f"chatter{len(socks)}"))[0])
        except RuntimeError:
            break  # no more new players from this address
    f.seen["guests"] = len(socks)

    async def send(ws: ClientConnection) -> None:
        while f.going:
            await ws.send(json.dumps({"type": "ping"}))
            f.seen["sent"] += 1
            await asyncio.sleep(1 / 19)

    async def read(ws: ClientConnection) -> None:
        with contextlib.suppress(Exception):
            while f.going:
                answer = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, f.until - time.monotonic())))
                f.seen["answered" if answer["type"] == "pong" else "told to slow down"] += 1

    await asyncio.gather(*(send(ws) for ws in socks), *(read(ws) for ws in socks))
    drop(socks)


async def flood_never_reads(f: Flooder) -> None:
    """Three sockets that ask for the lobby and the tables' states and never read a byte."""
    socks = [(await f.hello(f"deaf{n}"))[0] for n in range(3)]
    for ws in socks:
        ws.transport.pause_reading()  # type: ignore[attr-defined]
    while f.going:
        for ws in socks:
            with contextlib.suppress(Exception):
                await ws.send(json.dumps({"type": "lobby"}))
                f.seen["asked"] += 1
        await asyncio.sleep(0.05)
    f.seen["dropped"] = sum(1 for ws in socks if ws.close_code is not None or ws.transport.is_closing())  # type: ignore[attr-defined]
    drop(socks)


async def flood_hints(f: Flooder) -> None:
    """One player asks for hints over HTTP as fast as they are answered."""
    ws, token = await f.hello("hinter")
    bearer = {"Authorization": f"Bearer {token}"}
    async with f.http(timeout=30) as http:
        table = await http.post(
            f"{f.base}/api/tables",
            json={
                "game": "cribist",
                "players": 4,
                "seat": 0,
                "bots": {"1": "random", "2": "random", "3": "random"},
            },
            headers=bearer,
        )
        table_id = table.json()["id"]
        while f.going:
            reply = await http.get(f"{f.base}/api/tables/{table_id}/hint", headers=bearer)
            f.seen[str(reply.status_code)] += 1
    drop([ws])


async def flood_right_logins(f: Flooder) -> None:
    """One member signs in with the right password from 8 workers at once, while another member
    (from an address of their own) signs in every 2 s: how the bystander is answered."""
    bystander = f.source.rsplit(".", 1)[0].replace("127.0.0", "127.0.1") + "." + f.source.rsplit(".", 1)[1]
    async with f.http(timeout=30) as http, f.http(timeout=30, source=bystander) as other:
        await http.post(f"{f.base}/api/register", json={"name": "flooder", "password": "the real one"})
        await other.post(f"{f.base}/api/register", json={"name": "bystander", "password": "mine, right"})

        async def sign_in() -> None:
            while f.going:
                reply = await http.post(
                    f"{f.base}/api/login", json={"name": "flooder", "password": "the real one"}
                )
                f.seen[str(reply.status_code)] += 1

        async def bystand() -> None:
            while f.going:
                reply = await other.post(
                    f"{f.base}/api/login", json={"name": "bystander", "password": "mine, right"}
                )
                f.seen[f"bystander {reply.status_code}"] += 1
                await asyncio.sleep(2)

        await asyncio.gather(bystand(), *(sign_in() for _ in range(8)))


async def flood_bot_tables(f: Flooder) -> None:
    """Guests of one address make 88 tables of bots alone (expert against expert), ten each, and
    watch them all from one socket, so that they play if the server lets them."""
    ws, _ = await f.hello("watcher")
    async with f.http(timeout=30) as http:
        body = {"game": "cribbage", "players": 2, "seat": None, "bots": {"0": "expert", "1": "expert"}}
        for n in range(9):
            token = (await http.post(f"{f.base}/api/guest", json={"name": f"botfarm{n}"})).json().get("token")
            for _ in range(10 if n < 8 else 8):
                if not f.going or token is None:
                    break
                reply = await http.post(
                    f"{f.base}/api/tables", json=body, headers={"Authorization": f"Bearer {token}"}
                )
                f.seen[f"tables {reply.status_code}"] += 1
                if reply.status_code == 201:
                    await ws.send(json.dumps({"type": "join", "table_id": reply.json()["id"]}))
    while f.going:
        try:
            await asyncio.wait_for(ws.recv(), max(0.01, f.until - time.monotonic()))
        except TimeoutError:
            pass
        except ConnectionClosed:  # the server dropped a watcher that could not keep up
            f.seen["watcher dropped"] += 1
            return
    drop([ws])


async def flood_quota_race(f: Flooder) -> None:
    """A fresh guest sends 40 table creations at once (the quota is 10 open tables a player); again
    with another guest, until the time is up: the tables each made."""
    async with f.http(timeout=30) as http:
        made: list[int] = []
        n = 0
        while f.going and n < 10:
            n += 1
            token = (await http.post(f"{f.base}/api/guest", json={"name": f"racer{n}"})).json().get("token")
            if token is None:
                break
            bearer = {"Authorization": f"Bearer {token}"}
            body = {"game": "cribbage", "players": 2, "seat": 0}
            replies = await asyncio.gather(
                *(http.post(f"{f.base}/api/tables", json=body, headers=bearer) for _ in range(40))
            )
            made.append(sum(1 for r in replies if r.status_code == 201))
        f.seen["tables made of 40, most"] = max(made, default=0)
        f.seen["rounds"] = len(made)


async def flood_squares_race(f: Flooder) -> None:
    """Two guests race at Cribbage Squares; seat 1 places first each turn. How many of its cells
    seat 0 was told before placing its own (the move's text naming the cell)."""
    (one, one_token), (two, _) = await f.hello("racer a"), await f.hello("racer b")
    async with f.http() as http:
        reply = await http.post(
            f"{f.base}/api/tables",
            json={"game": "squares", "players": 2, "seat": 0},
            headers={"Authorization": f"Bearer {one_token}"},
        )
    table_id = reply.json()["id"]
    await one.send(json.dumps({"type": "join", "table_id": table_id}))
    await two.send(json.dumps({"type": "sit", "table_id": table_id}))

    async def view_of(ws: ClientConnection, seat: int, state: int) -> dict[str, Any]:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            view = message.get("view")
            if (
                message.get("table_id") == table_id
                and view
                and view["you"] == seat
                and view["state_id"] >= state
            ):
                if message["type"] == "events" and message["seat"] == 1 and seat == 0:
                    told = message["move"] != "place"
                    f.seen["cells told" if told else "cells kept"] += 1
                return dict(view)

    state = 0
    mine = await view_of(two, 1, state)
    while f.going and mine["result"] is None and mine["legal_moves"]:
        move = {"type": "move", "table_id": table_id, "text": mine["legal_moves"][-1], "state_id": state}
        await two.send(json.dumps(move))
        theirs = await view_of(one, 0, state + 1)
        move = {"type": "move", "table_id": table_id, "text": theirs["legal_moves"][0], "state_id": state + 1}
        await one.send(json.dumps(move))
        state += 2
        mine = await view_of(two, 1, state)
    drop([one, two])


VECTORS: dict[str, Flood | None] = {
    "idle": None,
    "lobby": flood_lobby,
    "tables": flood_tables,
    "guests": flood_guests,
    "api": flood_api,
    "logins": flood_logins,
    "sockets": flood_sockets,
    "upgrades": flood_upgrades,
    "heads": flood_heads,
    "messages": flood_messages,
    "never-reads": flood_never_reads,
    "hints": flood_hints,
    "right-logins": flood_right_logins,
    "bot-tables": flood_bot_tables,
    "quota-race": flood_quota_race,
    "squares-race": flood_squares_race,
}


async def measure(base: str, pid: int, vector: str, seconds: float, idle_mib: float) -> dict[str, Any]:
    ws, token = await hello(base.replace("http", "ws", 1) + "/ws", f"player-{vector}")
    player = Player(base, ws, token)
    until = time.monotonic() + seconds
    flooder = Flooder(base, f"127.0.0.{2 + list(VECTORS).index(vector)}", until)
    flood = VECTORS[vector]
    jobs = [player.play(until)] + ([flood(flooder)] if flood else [])
    cpu = cpu_seconds(pid)
    await asyncio.gather(*jobs)
    cpu = cpu_seconds(pid) - cpu
    await ws.close()
    times = sorted(player.times)
    return {
        "vector": vector,
        "moves": len(times),
        "rtt_p50_ms": round(statistics.median(times), 1) if times else None,
        "rtt_p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 1) if times else None,
        "refused": len(player.refused),
        "made_by_the_clock": player.clocked,
        "server_cpu_s": round(cpu, 1),
        "rss_mib": round(rss_kib(pid) / 1024, 1),
        "rss_over_idle": round(rss_kib(pid) / 1024 / idle_mib, 2),
        "flood": dict(flooder.seen),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per vector (default 10)")
    parser.add_argument(
        "--vectors", default=",".join(VECTORS), help="comma-separated, of: " + ", ".join(VECTORS)
    )
    args = parser.parse_args()
    vectors = [v for v in args.vectors.split(",") if v]
    unknown = [v for v in vectors if v not in VECTORS]
    if unknown:
        parser.error(f"unknown vectors {unknown}: expected some of {', '.join(VECTORS)}")
    server, base = start_server("abuse", None, "--log-level", "error", "--bot-delay", "0")
    try:
        if server.poll() is not None:
            raise SystemExit("the server did not start")
        idle_mib = rss_kib(server.pid) / 1024
        for vector in ["idle", *[v for v in vectors if v != "idle"]]:
            line = asyncio.run(measure(base, server.pid, vector, args.seconds, idle_mib))
            print(json.dumps(line), flush=True)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())

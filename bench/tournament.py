"""A Swiss tournament run by bots through the real protocol: simulated members (made in a fresh
SQLite file, with settled ratings, as ``bench/pairing.py`` makes them) enter a tournament of one
``muggins serve`` process over HTTP, connect over the WebSocket, and play every game they are
paired for with random legal moves (after ``--think`` seconds, jittered: a connection may send 20
messages a second) until the last round is over.

    .venv/bin/python bench/tournament.py                        # 256 players, 8 rounds, to 61
    .venv/bin/python bench/tournament.py --players 32 --rounds 3 --target 31
    .venv/bin/python bench/tournament.py --players 500 --arena 30           # a 30-minute arena
    .venv/bin/python bench/tournament.py --cluster 2 --kill-at 60           # killed mid-tournament
    .venv/bin/python bench/tournament.py --seats 4                          # four-seat tables

With ``--cluster N`` the tournament is played on N processes sharing a new PostgreSQL database and
Redis (``bench/cluster.py``'s): the first starts the tournament alone (so it runs it), the others
join, and the bots connect to each in turn. ``--kill-at S`` SIGKILLs that first process S seconds
after the start: its bots connect to another and join their tables again, another process takes
the tables over and (after 10 s of the runner's silence) the tournament.

Afterwards every pairing is checked: each has its table and points, each table's first game is
over and its stored record gives those points (0 lost games); the final standings are recomputed
from the stored games (``swiss.standings``) and compared with the server's. Each round's pairing
is timed again in this process on the standings the server paired it from (``pair_round``'s CPU,
the work the server did). Prints JSON lines.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import secrets
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
import uvloop
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.cluster import PG_ADMIN, drop_run_data, start_node
from bench.load import ONE_ADDRESS_MANY_PLAYERS, cpu_seconds, emit, raise_file_limit, start_server
from bench.pairing import make_members
from muggins.server.tournaments.arena import arena_standings
from muggins.server.tournaments.swiss import (
    Result,
    pair_round,
    place_points,
    players_for_next_round,
    standings,
)


class Bot:
    """One entrant: joins each table it is paired at (told ``paired``, or seen in the tournament's
    pairings, which it watches) and plays random legal moves; on a cluster, a connection whose
    process died is made again to a live one, and its tables joined again."""

    def __init__(
        self, urls: list[str], home: int, member: tuple[str, int, int], *, tid: str, seed: int, think: float
    ) -> None:
        self.urls, self.home, self.tid = urls, home, tid
        self.token, _, self.user_id = member
        self.rng, self.think = random.Random(seed), think
        self.ws: ClientConnection | None = None
        self.games = 0
        self.errors: list[str] = []
        self.stale = 0
        self.reconnected = 0
        self.joined: set[str] = set()
        self.moved: dict[str, int] = {}
        """Table id -> the state the last move was sent in (a move is sent once per state)."""
        self.views: dict[str, dict[str, Any]] = {}
        """Table id -> the newest view (chosen from again when a move is refused)."""

    async def connect(self) -> None:
        """Connect to the bot's process (the next live one after it if it is gone), say hello,
        watch the tournament and join again every table not over."""
        for attempt in range(len(self.urls) * 20):
            url = self.urls[(self.home + attempt) % len(self.urls)]
            try:
                ws = await connect(url, max_size=2**22, open_timeout=60, ping_interval=None, compression=None)
            except OSError:
                await asyncio.sleep(0.5)
                continue
            await ws.send(json.dumps({"type": "hello", "token": self.token}))
            if json.loads(await ws.recv())["type"] != "welcome":
                raise RuntimeError("no welcome")
            self.ws, self.home = ws, (self.home + attempt) % len(self.urls)
            await ws.send(json.dumps({"type": "watch_tournament", "tournament_id": self.tid}))
            for table_id in [t for t in self.joined if self.views.get(t, {}).get("result") is None]:
                self.moved.pop(table_id, None)  # a move sent to a process that died may be lost: chosen again
                await ws.send(json.dumps({"type": "join", "table_id": table_id}))
            return
        raise RuntimeError("no process to connect to")

    async def run(self) -> None:
        while True:
            assert self.ws is not None
            try:
                async for text in self.ws:
                    await self.receive(json.loads(text))
                return  # closed at the end of the run
            except ConnectionClosed:
                self.reconnected += 1
                await self.connect()

    async def receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "paired":
            await self.join(message["table"]["id"])
        elif kind == "tournament_update":
            for game in message["tournament"]["games"]:
                if game["table_id"] and any(p["id"] == self.user_id for p in game["players"]):
                    await self.join(game["table_id"])
        elif kind == "error":
            await self.refused(message)
        elif kind in ("events", "table_state") and message.get("view"):
            await self.consider(message["table_id"], message["view"])

    async def join(self, table_id: str) -> None:
        if table_id not in self.joined:
            self.joined.add(table_id)
            self.games += 1
            await self.send({"type": "join", "table_id": table_id})

    async def refused(self, error: dict[str, Any]) -> None:
        """A stale move (it crossed a newer state: chosen again from the newest view) is the
        protocol at work; anything else is an error of the run."""
        if error.get("code") != "stale":
            self.errors.append(f"{error.get('code')}: {error['reason']}")
            return
        self.stale += 1
        table_id = error.get("table_id")
        if table_id in self.views:
            self.moved.pop(table_id, None)
            await self.consider(table_id, self.views[table_id])

    async def consider(self, table_id: str, view: dict[str, Any]) -> None:
        if view["state_id"] < self.views.get(table_id, view)["state_id"]:
            return  # older than a view seen
        self.views[table_id] = view
        if (
            view["result"] is not None
            or not view["legal_moves"]
            or self.moved.get(table_id) == view["state_id"]
        ):
            return
        self.moved[table_id] = view["state_id"]
        move = self.rng.choice(view["legal_moves"])
        message = {"type": "move", "table_id": table_id, "text": move, "state_id": view["state_id"]}
        asyncio.get_running_loop().call_later(
            self.think * self.rng.uniform(0.5, 1.5), lambda: asyncio.ensure_future(self._send(message))
        )

    async def _send(self, message: dict[str, Any]) -> None:
        newest = self.views[message["table_id"]]
        if newest["result"] is not None or newest["state_id"] != message["state_id"]:
            return  # the game moved on while this bot thought
        await self.send(message)

    async def send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):  # a closed connection: the tables are joined again on the next
            assert self.ws is not None
            await self.ws.send(json.dumps(message))


class Processes:
    """The server processes the run plays on: one on a new SQLite file, or (``--cluster N``) N on a
    new PostgreSQL database and Redis prefix, both dropped afterwards. The first is started alone:
    it makes the tournament and runs it."""

    def __init__(self, args: argparse.Namespace) -> None:
        import tempfile

        self.cluster = args.cluster
        self.prefix = f"muggins-bench-{secrets.token_hex(4)}"
        self.database = f"muggins_bench_{secrets.token_hex(4)}"
        if self.cluster:
            with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{self.database}"')  # a name made here, not from input
            self.db_url = PG_ADMIN.rsplit("/", 1)[0] + "/" + self.database
        else:
            self.db_url = (
                f"sqlite:///{Path(tempfile.mkdtemp(prefix='muggins-tournament-')) / 'tournament.db'}"
            )
        self.procs: list[subprocess.Popen[bytes]] = []
        self.urls: list[str] = []
        self.cpu_at_start: list[float] = []
        """Each process's CPU once it answered (its start-up is not the run's)."""
        self.cpu_of_killed = 0.0

    def start(self) -> None:
        """One more process, once it answers."""
        if self.cluster:
            node = start_node(self.db_url, self.prefix, lease=10.0)
            proc, url = node.proc, node.url
        else:
            proc, url = start_server(
                "tournament", self.db_url, "--log-level", "warning", *ONE_ADDRESS_MANY_PLAYERS
            )
        self.procs.append(proc)
        self.urls.append(url)
        self.cpu_at_start.append(cpu_seconds(proc.pid))

    def live(self) -> str:
        """The URL of a process still running."""
        return next(url for proc, url in zip(self.procs, self.urls, strict=True) if proc.poll() is None)

    def cpu(self) -> float:
        """The CPU seconds the processes have used since they answered, a killed one's up to its kill."""
        running = zip(self.procs, self.cpu_at_start, strict=True)
        return self.cpu_of_killed + sum(cpu_seconds(p.pid) - at for p, at in running if p.poll() is None)

    def kill_first(self) -> None:
        """SIGKILL the first process (the tournament's runner, and home of its share of the bots)."""
        self.cpu_of_killed += cpu_seconds(self.procs[0].pid) - self.cpu_at_start[0]
        self.procs[0].send_signal(signal.SIGKILL)
        self.procs[0].wait()

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(30)
            if proc.poll() is None:
                proc.kill()
        if self.cluster:
            drop_run_data(self.database, self.prefix)


async def run(args: argparse.Namespace) -> None:
    processes = Processes(args)
    bots: list[Bot] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        members = await make_members(processes.db_url, args.players, args.spread, args.seed)
        processes.start()
        async with httpx.AsyncClient(base_url=processes.urls[0], timeout=60) as http:
            maker = {"Authorization": f"Bearer {members[0][0]}"}
            body = {
                "name": "bench",
                "kind": "arena" if args.arena else "swiss",
                "game": "cribbage",
                "players": args.seats,
                "options": {"target": args.target},
                "time": {"turn_time": 60},
                "rated": False,
                "rounds": args.rounds,
                "minutes": args.arena or 30,
                "streaks": True,
                "starts_in": 3600,
            }
            made = await http.post("/api/tournaments", json=body, headers=maker)
            made.raise_for_status()
            tid = made.json()["id"]
            for token, _, _ in members:
                (
                    await http.post(
                        f"/api/tournaments/{tid}/entry", headers={"Authorization": f"Bearer {token}"}
                    )
                ).raise_for_status()
            cpu_before, started = processes.cpu(), time.monotonic()
            if args.cluster:
                # the first process starts the tournament alone, so it is the one running it
                (await http.post(f"/api/tournaments/{tid}/start", headers=maker)).raise_for_status()
                for _ in range(600):
                    if (await http.get(f"/api/tournaments/{tid}")).json()["round"] >= 1:
                        break
                    await asyncio.sleep(0.2)
                else:
                    raise RuntimeError("the tournament's first round was not paired in 120 s")
                for _ in range(args.cluster - 1):
                    processes.start()
            ws_urls = [url.replace("http", "ws", 1) + "/ws" for url in processes.urls]
            for n, member in enumerate(members):
                bots.append(
                    Bot(
                        ws_urls,
                        n % len(ws_urls),
                        member,
                        tid=tid,
                        seed=args.seed * 1000 + n,
                        think=args.think,
                    )
                )
                await bots[-1].connect()
            tasks = [asyncio.create_task(bot.run()) for bot in bots]
            if not args.cluster:
                (await http.post(f"/api/tournaments/{tid}/start", headers=maker)).raise_for_status()
        rounds_at: list[float] = []
        killed_at: float | None = None
        while True:
            if args.kill_at is not None and killed_at is None and time.monotonic() - started >= args.kill_at:
                processes.kill_first()
                killed_at = time.monotonic() - started
                emit(bench="tournament_kill", at_s=round(killed_at, 1), round=len(rounds_at))
            async with httpx.AsyncClient(base_url=processes.live(), timeout=60) as http:
                info = (await http.get(f"/api/tournaments/{tid}")).json()
            if len(rounds_at) < info["round"]:
                rounds_at.append(time.monotonic() - started)
            if info["status"] == "finished" or time.monotonic() - started > args.limit:
                break
            await asyncio.sleep(0.5)
        wall = time.monotonic() - started
        cpu = processes.cpu() - cpu_before
        async with httpx.AsyncClient(base_url=processes.live(), timeout=60) as http:
            await check(http, tid, info, args, wall=wall, cpu=cpu, rounds_at=rounds_at, killed_at=killed_at)
    finally:
        for task in tasks:
            task.cancel()
        processes.close()
    errors = [e for bot in bots for e in bot.errors]
    stale = sum(bot.stale for bot in bots)
    emit(
        bench="tournament_bot_errors",
        value=len(errors),
        unit="errors",
        first=errors[:3],
        stale_moves_chosen_again=stale,
        reconnected=sum(bot.reconnected for bot in bots),
    )


async def check(
    http: httpx.AsyncClient, tid: str, final: dict[str, Any], args: argparse.Namespace, **figures: Any
) -> None:
    """Every pairing's game found and scored as its record says; the standings recomputed."""
    ratings = {s["user"]["id"]: s["rating"] for s in final["standings"]}
    results: list[Result] = []
    byes: list[tuple[int, int]] = []
    lost = 0
    pairing_cpu: list[float] = []
    arena = final["kind"] == "arena"
    for number in range(1, final["round"] + 1):
        if not arena:
            before = players_for_next_round(standings(ratings, results, byes), set(ratings))
            clock = time.process_time()
            pair_round(before, args.seats)
            pairing_cpu.append(time.process_time() - clock)
        for game in (await http.get(f"/api/tournaments/{tid}", params={"round": number})).json()["games"]:
            ids = [p["id"] for p in game["players"]]
            if game["bye"]:
                byes.append((number, ids[0]))
                continue
            table = (await http.get(f"/api/tables/{game['table_id']}")).json() if game["table_id"] else None
            record = (
                (await http.get(f"/api/history/{table['game_id']}")).json()
                if table and table["game_id"]
                else None
            )
            result = record["game"]["result"] if record and record["game"]["number"] == 1 else None
            ranks = result["ranks"] if result else None
            if ranks is None or game["points"] is None or list(place_points(ranks)) != game["points"]:
                lost += 1
                continue
            results.append(Result(number, tuple(ids), tuple(game["points"])))
    recomputed = (
        arena_standings(ratings, results, streaks=True) if arena else standings(ratings, results, byes)
    )
    shown = final["standings"]
    mismatched = sum(
        1
        for mine, theirs in zip(recomputed, shown, strict=True)
        if (mine.user_id, mine.points, mine.buchholz, mine.place)
        != (theirs["user"]["id"], theirs["points"], theirs["buchholz"], theirs["place"])
    )
    emit(
        bench="tournament_arena" if arena else "tournament_swiss",
        value=round(figures["wall"], 1),
        unit="s wall, start to final standings",
        players=args.players,
        seats=args.seats,
        rounds=final["round"],
        minutes=final["minutes"],
        status=final["status"],
        games=len(results),
        byes=len(byes),
        lost_games=lost,
        standings_mismatched=mismatched,
        server_cpu_s=round(figures["cpu"], 1),
        rounds_paired_at_s=None if arena else [round(t, 1) for t in figures["rounds_at"]],
        processes=args.cluster or 1,
        runner_killed_at_s=None if figures["killed_at"] is None else round(figures["killed_at"], 1),
    )
    if arena:
        return
    emit(
        bench="tournament_pairing_cpu",
        value=round(statistics.median(pairing_cpu) * 1000, 1),
        unit="ms CPU (median pair_round of a round)",
        max_ms=round(max(pairing_cpu) * 1000, 1),
        per_round_ms=[round(c * 1000, 1) for c in pairing_cpu],
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--arena", type=int, default=0, help="an arena of this many minutes instead of Swiss")
    parser.add_argument("--target", type=int, default=61, help="points a game is played to")
    parser.add_argument(
        "--seats", type=int, default=2, help="players at each table (2-4, each for themselves)"
    )
    parser.add_argument("--spread", type=float, default=250.0, help="standard deviation of the ratings")
    parser.add_argument("--think", type=float, default=0.1, help="seconds a bot thinks (jittered)")
    parser.add_argument("--limit", type=float, default=1800.0, help="seconds before giving up")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cluster", type=int, default=0, help="this many processes on PostgreSQL and Redis")
    parser.add_argument("--kill-at", type=float, default=None, help="SIGKILL the runner this many s in")
    args = parser.parse_args()
    raise_file_limit()
    uvloop.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A Swiss tournament run by bots through the real protocol: simulated members (made in a fresh
SQLite file, with settled ratings, as ``bench/pairing.py`` makes them) enter a tournament of one
``muggins serve`` process over HTTP, connect over the WebSocket, and play every game they are
paired for with random legal moves (after ``--think`` seconds, jittered: a connection may send 20
messages a second) until the last round is over.

    .venv/bin/python bench/tournament.py                        # 256 players, 8 rounds, to 61
    .venv/bin/python bench/tournament.py --players 32 --rounds 3 --target 31
    .venv/bin/python bench/tournament.py --players 500 --arena 30           # a 30-minute arena

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
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import uvloop
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.load import ONE_ADDRESS_MANY_PLAYERS, cpu_seconds, emit, raise_file_limit, start_server
from bench.pairing import make_members
from muggins.server.tournaments.arena import arena_standings
from muggins.server.tournaments.service import points_of
from muggins.server.tournaments.swiss import Result, pair_round, players_for_next_round, standings


class Bot:
    """One entrant's connection: joins each table it is paired at and plays random legal moves."""

    def __init__(self, ws: ClientConnection, seed: int, think: float) -> None:
        self.ws, self.rng, self.think = ws, random.Random(seed), think
        self.games = 0
        self.errors: list[str] = []
        self.stale = 0
        self.moved: dict[str, int] = {}
        """Table id -> the state the last move was sent in (a move is sent once per state)."""
        self.views: dict[str, dict[str, Any]] = {}
        """Table id -> the newest view (chosen from again when a move is refused)."""

    async def run(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "paired":
                self.games += 1
                await self.ws.send(json.dumps({"type": "join", "table_id": message["table"]["id"]}))
            elif kind == "error":
                await self.refused(message)
            elif kind in ("events", "table_state") and message.get("view"):
                await self.consider(message["table_id"], message["view"])

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
        with contextlib.suppress(Exception):  # the connection closed at the end of the run
            await self.ws.send(json.dumps(message))


async def run(args: argparse.Namespace) -> None:
    import tempfile

    db_url = f"sqlite:///{Path(tempfile.mkdtemp(prefix='muggins-tournament-')) / 'tournament.db'}"
    members = await make_members(db_url, args.players, args.spread, args.seed)
    server, base = start_server("tournament", db_url, "--log-level", "warning", *ONE_ADDRESS_MANY_PLAYERS)
    ws_url = base.replace("http", "ws", 1) + "/ws"
    bots: list[Bot] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            maker = {"Authorization": f"Bearer {members[0][0]}"}
            body = {
                "name": "bench",
                "kind": "arena" if args.arena else "swiss",
                "game": "cribbage",
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
            for n, (token, _, _) in enumerate(members):
                ws = await connect(
                    ws_url, max_size=2**22, open_timeout=60, ping_interval=None, compression=None
                )
                await ws.send(json.dumps({"type": "hello", "token": token}))
                if json.loads(await ws.recv())["type"] != "welcome":
                    raise RuntimeError("no welcome")
                bots.append(Bot(ws, args.seed * 1000 + n, args.think))
            tasks = [asyncio.create_task(bot.run()) for bot in bots]
            cpu_before, started = cpu_seconds(server.pid), time.monotonic()
            (await http.post(f"/api/tournaments/{tid}/start", headers=maker)).raise_for_status()
            rounds_at: list[float] = []
            while True:
                info = (await http.get(f"/api/tournaments/{tid}")).json()
                if len(rounds_at) < info["round"]:
                    rounds_at.append(time.monotonic() - started)
                if info["status"] == "finished" or time.monotonic() - started > args.limit:
                    break
                await asyncio.sleep(0.5)
            wall = time.monotonic() - started
            cpu = cpu_seconds(server.pid) - cpu_before
            await check(http, tid, info, args, wall=wall, cpu=cpu, rounds_at=rounds_at)
    finally:
        for task in tasks:
            task.cancel()
        server.terminate()
        server.wait(timeout=30)
    errors = [e for bot in bots for e in bot.errors]
    stale = sum(bot.stale for bot in bots)
    emit(
        bench="tournament_bot_errors",
        value=len(errors),
        unit="errors",
        first=errors[:3],
        stale_moves_chosen_again=stale,
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
            pair_round(before)
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
            if ranks is None or game["points"] is None or list(points_of(ranks)) != game["points"]:
                lost += 1
                continue
            results.append(Result(number, (ids[0], ids[1]), (game["points"][0], game["points"][1])))
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
        rounds=final["round"],
        minutes=final["minutes"],
        status=final["status"],
        games=len(results),
        byes=len(byes),
        lost_games=lost,
        standings_mismatched=mismatched,
        server_cpu_s=round(figures["cpu"], 1),
        rounds_paired_at_s=None if arena else [round(t, 1) for t in figures["rounds_at"]],
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
    parser.add_argument("--spread", type=float, default=250.0, help="standard deviation of the ratings")
    parser.add_argument("--think", type=float, default=0.1, help="seconds a bot thinks (jittered)")
    parser.add_argument("--limit", type=float, default=1800.0, help="seconds before giving up")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    raise_file_limit()
    uvloop.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())

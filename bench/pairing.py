"""Quick pairing under load: simulated members join the rated two-player cribbage pool of one
``muggins serve`` process (SQLite) over a minute, and each waits until it is paired.

    .venv/bin/python bench/pairing.py                          # 2,000 players over 60 s
    .venv/bin/python bench/pairing.py --players 200 --over 10

The players are members made in a fresh SQLite file before the server starts, with settled ratings
drawn from a normal distribution (mean 1500, ``--spread`` points), and tokens signed with the
store's secret (registering 2,000 members would time argon2, not the pools). Each arrives at its
moment (evenly spread over ``--over`` seconds), connects, says hello, seeks, and waits for
``paired`` (at most ``--patience`` seconds); it then closes (the table's grace period ends its
game). Prints JSON lines: the wait from seeking to being told ``paired`` (median, p99, max), the
rating gap of the pairs made (median, p99, max), players never paired, the server's CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import uvloop
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.load import ONE_ADDRESS_MANY_PLAYERS, cpu_seconds, emit, raise_file_limit, start_server
from muggins.server.accounts import Auth
from muggins.server.accounts.ratings import CENTRE, POINTS_PER_MU
from muggins.server.store import SqlStore
from muggins.server.store.schema import ratings

GAME = "cribbage"
NO_SIGN_IN = "-"
"""The password hash of the simulated members: no password matches it (they come with tokens)."""


async def make_members(db_url: str, count: int, spread: float, seed: int) -> list[tuple[str, int, int]]:
    """``count`` members with settled ratings (shown rating ~ N(1500, spread)): their tokens,
    ratings and ids."""
    rng = random.Random(seed)
    store = SqlStore(db_url)
    await store.start()
    try:
        auth = Auth(store, await store.secret())
        made: list[tuple[str, int, int]] = []
        rows: list[dict[str, Any]] = []
        for n in range(count):
            user = await store.create_user(f"p{n}", "member", login=f"p{n}", password_hash=NO_SIGN_IN)
            shown = round(rng.gauss(CENTRE, spread))
            mu = 25.0 + (shown - CENTRE) / POINTS_PER_MU  # 25: openskill's newcomer
            rows.append({"user_id": user.id, "game": GAME, "seats": 2, "mu": mu, "sigma": 1.0, "games": 30})
            made.append((auth.signed(user, 0), shown, user.id))
        engine = sa.create_engine(db_url)
        with engine.begin() as c:
            c.execute(ratings.insert(), rows)
        engine.dispose()
        return made
    finally:
        await store.close()


async def arrive(url: str, token: str, at: float, patience: float, out: dict[str, Any]) -> None:
    """One player: at ``at`` (monotonic) connect, seek, and wait to be paired."""
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    async with connect(url, max_size=2**22, open_timeout=60, ping_interval=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        if json.loads(await ws.recv())["type"] != "welcome":
            out["error"] = "no welcome"
            return
        sought = time.monotonic()
        await ws.send(json.dumps({"type": "seek", "game": GAME, "players": 2, "rated": True}))
        deadline = sought + patience
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), left))
            except TimeoutError:
                break
            if message["type"] == "error":
                out["error"] = message["reason"]
                return
            if message["type"] == "paired":
                out["wait"] = time.monotonic() - sought
                out["table"] = message["table"]["id"]
                out["users"] = [s["user"]["id"] for s in message["table"]["seats"]]
                return


def quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


async def run(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="muggins-pairing-"))
    db_url = f"sqlite:///{folder / 'pairing.db'}"
    members = await make_members(db_url, args.players, args.spread, args.seed)
    server, base = start_server("pairing", db_url, "--log-level", "warning", *ONE_ADDRESS_MANY_PLAYERS)
    url = base.replace("http", "ws") + "/ws"
    try:
        cpu_before = cpu_seconds(server.pid)
        start = time.monotonic() + 1.0
        outs: list[dict[str, Any]] = [{} for _ in members]
        order = list(range(len(members)))
        random.Random(args.seed + 1).shuffle(order)
        tasks = [
            arrive(url, members[i][0], start + k * args.over / len(members), args.patience, outs[i])
            for k, i in enumerate(order)
        ]
        await asyncio.gather(*tasks)
        cpu = cpu_seconds(server.pid) - cpu_before
    finally:
        server.terminate()
        server.wait(timeout=30)
    rating_of = {uid: shown for _, shown, uid in members}
    waits = sorted(o["wait"] for o in outs if "wait" in o)
    tables: dict[str, list[int]] = {o["table"]: o["users"] for o in outs if "table" in o}
    gaps = sorted(abs(rating_of[a] - rating_of[b]) for a, b in tables.values())
    errors = [o["error"] for o in outs if "error" in o]
    emit(
        bench="pairing_wait",
        value=round(statistics.median(waits), 3) if waits else None,
        unit="s (median, seek to paired)",
        p99_s=round(quantile(waits, 0.99), 3),
        max_s=round(waits[-1], 3) if waits else None,
        players=args.players,
        over_s=args.over,
        paired=len(waits),
        unpaired=args.players - len(waits) - len(errors),
        errors=len(errors),
        first_errors=errors[:3],
    )
    emit(
        bench="pairing_gap",
        value=statistics.median(gaps) if gaps else None,
        unit="rating points (median gap of a pair)",
        p99=quantile([float(g) for g in gaps], 0.99),
        max=gaps[-1] if gaps else None,
        pairs=len(gaps),
        spread=args.spread,
        seated_twice=sum(map(len, tables.values())) - len({u for users in tables.values() for u in users}),
    )
    emit(
        bench="pairing_server_cpu",
        value=round(cpu, 2),
        unit="s CPU",
        per_player_ms=round(1000 * cpu / args.players, 2),
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--over", type=float, default=60.0, help="seconds over which the players arrive")
    parser.add_argument("--spread", type=float, default=250.0, help="standard deviation of the ratings")
    parser.add_argument("--patience", type=float, default=180.0, help="seconds a player waits at most")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    raise_file_limit()
    uvloop.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Game review: the CPU time of reviewing whole two-player cribbage games (both seats, every
decision), and of giving a stored review again (the server's second look).

Runnable on its own (``python bench/review.py``) or through ``python -m bench review``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.figures import Figure, figure
from muggins import new_game
from muggins.analysis.review import review
from muggins.bots.registry import make_bot
from muggins.server.store import MoveRow, SqlStore, TableRow

SEED = 2026
GAMES = 6
READS = 50


def _records(games: int) -> list[dict[str, Any]]:
    """Finished two-player games, expert against greedy (more mistakes to find than self-play)."""
    records = []
    for number in range(games):
        game = new_game("cribbage", players=2, seed=SEED + number)
        bots = [make_bot("cribbage", name, number) for name in ("expert", "greedy")]
        while not game.is_over:
            seat = min(game.to_move)
            game.apply(seat, bots[seat].choose(game.view(seat)))
        records.append(game.record())
    return records


def bench_review_game() -> Figure:
    """The slowest review of a whole game, the first one in the process included (cold caches)."""
    times, decisions = [], 0
    for record in _records(GAMES):
        start = time.process_time()
        done = review(record)
        times.append(time.process_time() - start)
        decisions += sum(len(s.decisions) for s in done.seats)
    return figure(
        "review_2p_game_s",
        round(max(times), 3),
        "s",
        "<=2",
        mean_s=round(sum(times) / len(times), 3),
        games=len(times),
        decisions=decisions,
        note="both seats of an expert-greedy game, every decision; slowest game, CPU time",
    )


def bench_review_stored() -> Figure:
    """A stored review read back from SQLite (what a second look at a game costs the server)."""
    record = _records(1)[0]
    made = review(record).to_dict()

    async def run() -> tuple[float, float]:
        with tempfile.TemporaryDirectory() as folder:
            store = SqlStore(f"sqlite:///{folder}/bench.db")
            await store.start()
            user = await store.create_user("bench", "guest")
            await store.create_table(
                TableRow("bench", "cribbage", 2, {}, 20, 60, 30, True, False, "waiting", user.id, 0.0)
            )
            header = {k: v for k, v in record.items() if k != "moves"}
            game_id = await store.start_game("bench", 1, header, [user.id, user.id])
            for ply, (seat, text) in enumerate(record["moves"]):
                await store.append_move(game_id, MoveRow(ply, seat, text, "player", 0.0))
            await store.save_review(game_id, 1, made)
            cpu, wall = time.process_time(), time.perf_counter()
            for _ in range(READS):
                assert await store.review(game_id, 1) == made
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            await store.close()
            return cpu / READS, wall / READS

    cpu, wall = asyncio.run(run())
    return figure(
        "review_stored_ms",
        round(wall * 1000, 3),
        "ms",
        "<=50",
        cpu_ms=round(cpu * 1000, 3),
        reads=READS,
        note="wall time per read of a stored whole-game review (SQLite); cpu_ms includes the check",
    )


if __name__ == "__main__":
    import json

    for item in (bench_review_game(), bench_review_stored()):
        print(json.dumps(item))

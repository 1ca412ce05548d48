"""The game clock of a timed Cribist table: at the game's start plus the agreed time the table itself
sends ``timeup`` (stored and broadcast like any move), the hand in progress is played out and the
game ends; after a kill -9 the resumed table keeps the original deadline. A minute is shortened to
seconds here (``Server(minute=...)``)."""

from __future__ import annotations

import asyncio
import json
import pathlib
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from muggins.games.cribist.game import CARDS_EACH, Cribist, Phase
from muggins.games.registry import load_game
from tests.server.live_server import Client, Server

BOTS = {"0": "random", "1": "random", "2": "random", "3": "random"}
SLACK = 2.0
"""Seconds the clock may fire late on a busy machine (it never fires early)."""


@dataclass
class StoredGame:
    started_at: float
    header: dict[str, Any]
    moves: list[tuple[int, str, str, float]]
    """(seat, text, by, at) in order."""


def stored_game(db: pathlib.Path, table_id: str) -> StoredGame:
    """The table's (only) game as the store holds it, read straight from the SQLite file."""
    with sqlite3.connect(db) as conn:
        game_id, started_at, header = conn.execute(
            "SELECT id, started_at, header FROM games WHERE table_id = ?", (table_id,)
        ).fetchone()
        moves = conn.execute(
            "SELECT seat, text, by, at FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        ).fetchall()
    return StoredGame(started_at, json.loads(header), [tuple(m) for m in moves])


def timed_table(server: Server, token: str, minutes: int) -> str:
    """A Cribist table of four random bots ending by time, watched by its creator."""
    table = server.create_table(
        token, game="cribist", players=4, bots=BOTS, seat=None, options={"end": "time", "minutes": minutes}
    )
    return str(table["id"])


def wait_finished(server: Server, table_id: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        info: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{table_id}").json()
        if info["status"] == "finished":
            return info
        time.sleep(0.2)
    raise AssertionError(f"table {table_id} did not finish within {timeout} s")


def check_ended_by_time(stored: StoredGame, limit: float) -> float:
    """The record holds one ``timeup``, by the clock, no earlier than the limit; after it only the
    hand then in progress was played, to its end. Returns how long after the start time was called."""
    calls = [i for i, (_, text, _, _) in enumerate(stored.moves) if text == "timeup"]
    assert len(calls) == 1, calls
    at = calls[0]
    seat, _, by, called = stored.moves[at]
    assert (seat, by) == (0, "clock")
    assert called - stored.started_at >= limit

    record = {**stored.header, "moves": [[s, t] for s, t, _, _ in stored.moves]}
    before = load_game({**record, "moves": record["moves"][:at]})
    game = load_game(record)
    assert isinstance(before, Cribist) and isinstance(game, Cribist)
    assert game.is_over and game.result is not None
    assert game.deal_number == before.deal_number  # no new deal after time was called
    if before.phase is Phase.HAND_OVER:
        assert at == len(stored.moves) - 1
        assert game.result.reason == "time is up between hands"
    else:
        assert len(game.history) == CARDS_EACH  # the hand in progress was played to its end
        assert game.result.reason == "time is up and the last hand is finished"
    return called - stored.started_at


def test_bots_play_until_time_then_finish_the_hand(server_factory: Callable[..., Server]) -> None:
    server = server_factory("--bot-delay", "0.03", minute=5.0)
    token, _ = server.guest("watcher")
    table_id = timed_table(server, token, minutes=1)

    async def run() -> None:
        spy = await Client.open(server.ws_url, token=token)
        await spy.send(type="join", table_id=table_id)
        state = await spy.expect(lambda m: m["type"] == "table_state" and m["view"] is not None)
        game_clocks = [c for c in state["clocks"] if c["kind"] == "game"]
        assert len(game_clocks) == 1 and game_clocks[0]["seat"] is None
        assert 0 < game_clocks[0]["remaining"] <= 5.0
        called = await spy.expect(lambda m: m["type"] == "events" and m["by"] == "clock", timeout=30)
        assert called["move"] == "timeup" and called["seat"] == 0
        assert called["events"][0]["type"] == "time_up"
        assert called["view"]["time_called"] is True
        assert not [c for c in called["clocks"] if c["kind"] == "game"]
        await spy.expect(lambda m: m["type"] == "events" and m["view"]["result"] is not None, timeout=30)
        await spy.close()

    asyncio.run(run())
    wait_finished(server, table_id)
    elapsed = check_ended_by_time(stored_game(server.db, table_id), 5.0)
    assert elapsed < 5.0 + SLACK


def test_a_restart_keeps_the_deadline(server_factory: Callable[..., Server]) -> None:
    """Killed with SIGKILL mid-game: a table whose deadline is still ahead calls time at that
    deadline (not the restart plus the limit); one whose deadline passed while the server was down
    calls time as soon as it is resumed."""
    minute = 6.0  # room for a slow restart on a loaded machine before the later deadline
    server = server_factory("--bot-delay", "0.03", minute=minute)
    token, _ = server.guest("watcher")
    later = timed_table(server, token, minutes=3)  # 18 s
    sooner = timed_table(server, token, minutes=1)  # 6 s
    time.sleep(1.0)
    server.kill()
    down = stored_game(server.db, sooner)
    assert not any(text == "timeup" for _, text, _, _ in down.moves)
    while time.time() < down.started_at + minute + 0.5:
        time.sleep(0.1)
    restarted = time.time()
    server.start()
    up = time.time()
    assert up < stored_game(server.db, later).started_at + 3 * minute - SLACK, "restart too slow to tell"

    wait_finished(server, later)
    wait_finished(server, sooner)
    elapsed = check_ended_by_time(stored_game(server.db, later), 3 * minute)
    assert elapsed < 3 * minute + SLACK  # a restarted clock would call time 18 s after the restart
    stored = stored_game(server.db, sooner)
    check_ended_by_time(stored, minute)
    called = next(at for _, text, _, at in stored.moves if text == "timeup")
    assert restarted <= called < up + SLACK

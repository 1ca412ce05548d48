"""The end of a game is stored whatever happens: a failed write of the result is tried again until
it is stored, and a process that stopped meanwhile stores it when it starts again, so no table stays
"playing" for good (issue 18, item 3)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from muggins.server import messages
from muggins.server.bus import MemoryBus
from muggins.server.settings import Settings
from muggins.server.store import SqlStore, User
from muggins.server.tables import table as table_module
from muggins.server.tables.manager import Tables
from muggins.server.tables.table import Table


@asynccontextmanager
async def process(db: Path) -> AsyncIterator[Tables]:
    """One server process's tables on a SQLite file, resumed from it as at a start."""
    settings = Settings(db_url=f"sqlite:///{db}", web_dir=None)
    store = SqlStore(settings.db_url)
    await store.start()
    tables = Tables(store, MemoryBus(), settings)
    await tables.resume()
    try:
        yield tables
    finally:
        await tables.close()
        await store.close()


async def duel(tables: Tables, creator: User, *, private: bool = False, **options: Any) -> Table:
    """A two-player cribbage table made by ``creator``, who sits in seat 0; no hints, no bots."""
    made = await tables.create(
        creator,
        game="cribbage",
        players=2,
        options=options,
        time_controls=messages.TimeControls(),
        hints=False,
        private=private,
        bots={},
        seat=0,
    )
    return tables.tables[made.id]  # the live table: this process owns it


async def short_game(tables: Tables, *, private: bool = False) -> tuple[Table, dict[int, User]]:
    """A two-player cribbage table to 5 points, every seat a person, played to its last move."""
    ann = await tables.store.create_user("ann", "guest")
    bob = await tables.store.create_user("bob", "guest")
    table = await duel(tables, ann, private=private, target=5)
    await table.sit(bob, 1)
    users = {0: ann, 1: bob}
    game = table.game
    assert game is not None
    while not game.is_over:
        seat = min(game.to_move)
        await table.move(users[seat], str(game.legal_moves(seat)[0]), game.state_id)
    return table, users


def failing(times: int, original: Callable[..., Any]) -> Callable[..., Any]:
    """``finish_game`` failing the first ``times`` calls (the database refused the write)."""
    calls = 0

    async def finish_game(*args: Any, **kwargs: Any) -> None:
        nonlocal calls
        calls += 1
        if calls <= times:
            raise sqlite3.OperationalError("database is locked")
        await original(*args, **kwargs)

    return finish_game


async def until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_a_failed_result_write_is_tried_again_until_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_module, "FINISH_RETRY_FIRST", 0.01)

    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            store = tables.store
            monkeypatch.setattr(store, "finish_game", failing(3, store.finish_game))
            table, _ = await short_game(tables)  # the last move is not refused for it
            assert table.row.status == "playing"
            await until(lambda: table.row.status == "finished")
            stored = await store.table(table.id)
            assert stored is not None and stored.status == "finished"

    asyncio.run(run())


def test_a_result_never_stored_is_stored_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_module, "FINISH_RETRY_FIRST", 3600.0)  # no retry before the restart

    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            monkeypatch.setattr(tables.store, "finish_game", failing(1, tables.store.finish_game))
            table, _ = await short_game(tables)
            table_id = table.id
            stored = await tables.store.table(table_id)
            assert stored is not None and stored.status == "playing"
        async with process(tmp_path / "m.db") as again:
            resumed = again.tables.get(table_id)
            await until(lambda: resumed is None or resumed.row.status == "finished")
            stored = await again.store.table(table_id)
            assert stored is not None and stored.status == "finished"
            finished = await again.store.finished_games(table_id=table_id, user_id=None, limit=5)
            assert len(finished) == 1

    asyncio.run(run())


def test_a_player_gone_before_the_start_gets_a_grace_period(tmp_path: Path) -> None:
    """Issue 18, item 5: a seat whose player sat at a waiting table and went away did not get a
    grace clock when the game began, and played by timeout for the whole game."""

    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            ann = await tables.store.create_user("ann", "guest")
            bob = await tables.store.create_user("bob", "guest")
            table = await duel(tables, ann)
            await table.attach(ann)  # Ann is connected; Bob sat down and went away
            await table.sit(bob, 1)
            assert table.row.status == "playing"
            graces = {c.seat for c in table.all_clocks() if c.kind == "grace"}
            assert graces == {1}
            await table.attach(bob)  # Bob comes back in time: his grace period ends
            assert not [c for c in table.all_clocks() if c.kind == "grace"]

    asyncio.run(run())

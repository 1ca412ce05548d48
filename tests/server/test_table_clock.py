"""A table's time comes from the clock its server is given (``muggins.server.clock``): with a clock
the test moves itself, turn clocks, a bot's pause and an idle table's end are checked at the exact
second, with no waiting on the world's time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from muggins.server import messages
from muggins.server.bus import MemoryBus
from muggins.server.manager import Tables
from muggins.server.settings import Settings
from muggins.server.store import SqlStore, User
from muggins.server.table import Table, TableError
from tests.server.manual_clock import ManualClock


@asynccontextmanager
async def tables_on(db: Path, clock: ManualClock, **settings: Any) -> AsyncIterator[Tables]:
    """One process's tables on a SQLite file, keeping the time of ``clock``."""
    config = Settings(db_url=f"sqlite:///{db}", web_dir=None, **settings)
    store = SqlStore(config.db_url)
    await store.start()
    tables = Tables(store, MemoryBus(), config, clock)
    clock.tasks = tables.tasks
    try:
        yield tables
    finally:
        await tables.close()
        await store.close()


async def cribbage(tables: Tables, ann: User, *, bots: dict[int, str], turn_time: int = 5) -> Table:
    """A two-player cribbage table made by ``ann`` in seat 0, who deals first."""
    made = await tables.create(
        ann,
        game="cribbage",
        players=2,
        options={"first_dealer": 0},
        time_controls=messages.TimeControls(turn_time=turn_time),
        hints=False,
        private=False,
        bots=bots,
        seat=0,
    )
    return tables.tables[made.id]  # the live table: this process owns it


def test_a_turn_clock_moves_for_both_seats_when_it_runs_out(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock) as tables:
            ann = await tables.store.create_user("ann", "guest")
            bob = await tables.store.create_user("bob", "guest")
            table = await cribbage(tables, ann, bots={})
            await table.sit(bob, 1)
            start = clock.time()
            assert table.game is not None and table.game.to_move == {0, 1}
            turns = [c.deadline for c in table.all_clocks() if c.kind == "turn"]
            assert turns == [start + 5, start + 5]  # (neither is connected: their grace runs too)
            await clock.advance(4.99)
            assert table.game.state_id == 0, "nobody's time is up yet"
            await clock.advance(0.02)
            assert table.game.state_id == 2 and table.game.to_move == {1}  # both discarded; pone leads
            stored = await tables.store.current_game(table.id)
            assert stored is not None and [m.by for m in stored.moves] == ["timeout", "timeout"]
            assert [c.deadline for c in table.all_clocks() if c.kind == "turn"] == [start + 10]  # pone's lead

    asyncio.run(run())


def test_a_bot_waits_its_pause_on_the_tables_clock(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock, bot_delay=0.4) as tables:
            ann = await tables.store.create_user("ann", "guest")
            table = await cribbage(tables, ann, bots={1: "random"}, turn_time=30)
            await clock.settle()
            assert table.game is not None and 1 in table.game.to_move, "the bot is still pausing"
            await clock.advance(0.4)
            assert 1 not in table.game.to_move and table.game.state_id == 1

    asyncio.run(run())


def test_a_waiting_table_nobody_is_at_closes_after_its_idle_minutes(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock, waiting_idle_minutes=2) as tables:
            ann = await tables.store.create_user("ann", "guest")
            table = await cribbage(tables, ann, bots={})
            assert table.row.status == "waiting" and clock.pending() == [clock.time() + 120]
            await clock.advance(119)
            assert table.row.status == "waiting"
            await clock.advance(1)
            assert table.row.status == "finished"
            stored = await tables.store.table(table.id)
            assert stored is not None and stored.status == "finished"

    asyncio.run(run())


def test_a_dropped_player_who_comes_back_in_time_keeps_the_seat_and_one_who_does_not_leaves(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock, grace=10) as tables:
            ann = await tables.store.create_user("ann", "guest")
            bob = await tables.store.create_user("bob", "guest")
            table = await cribbage(tables, ann, bots={}, turn_time=60)  # no turn runs out meanwhile
            await table.sit(bob, 1)
            await table.attach(ann)
            await table.attach(bob)
            game = table.game
            assert game is not None and not table.grace
            await table.detach(ann)
            graces = [(c.seat, c.deadline) for c in table.all_clocks() if c.kind == "grace"]
            assert graces == [(0, clock.time() + 10)]
            await clock.advance(9)
            await table.attach(ann)  # back a second early: her grace period ends with no move
            assert not [c for c in table.all_clocks() if c.kind == "grace"]
            await clock.advance(20)
            assert not game.left and game.state_id == 0, "she left though she came back"
            await table.detach(bob)
            await clock.advance(9.99)
            assert not game.left
            await clock.advance(0.02)
            assert list(game.left) == [1] and game.is_over and game.result is not None
            assert list(game.result.ranks) == [1, 2]
            stored = await tables.store.game(table.game_id or 0)
            assert stored is not None and [(m.seat, m.by) for m in stored.moves] == [(1, "leave")]

    asyncio.run(run())


def test_a_count_by_hand_is_a_turn_though_ready_is_its_only_listed_move(tmp_path: Path) -> None:
    """Skalborg's manual count lists only ``ready`` (the claims would answer the count), yet the
    counter is taking a turn: the turn clock, not the pause between hands."""

    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock) as tables:
            ann = await tables.store.create_user("ann", "guest")
            bob = await tables.store.create_user("bob", "guest")
            made = await tables.create(
                ann,
                game="skalborg",
                players=2,
                options={"counting": "manual"},
                time_controls=messages.TimeControls(turn_time=7, intermission=25),
                hints=False,
                private=False,
                bots={},
                seat=0,
            )
            table = tables.tables[made.id]
            await table.sit(bob, 1)
            users = {0: ann, 1: bob}
            game = table.game
            assert game is not None
            for _ in range(200):
                if game.view(None)["phase"] == "count":
                    break
                seat = min(game.to_move)
                moves = [str(m) for m in game.legal_moves(seat)]
                move = next((m for m in ("check", "call", "ready") if m in moves), moves[0])
                await table.move(users[seat], move, game.state_id)
            else:
                raise AssertionError("no hand reached its count")
            counting = sorted(game.to_move)
            assert counting and all(game.counts_by_hand(seat) for seat in counting)
            assert all([str(m) for m in game.legal_moves(seat)] == ["ready"] for seat in counting)
            clocks = {c.seat: c for c in table.all_clocks() if c.seat in counting and c.kind != "grace"}
            assert {c.kind for c in clocks.values()} == {"turn"}
            assert {c.deadline - clock.time() for c in clocks.values()} == {7}
            with pytest.raises(TableError, match="no intermission"):  # nothing to pass as a pause
                await table.ready(users[counting[0]])

    asyncio.run(run())

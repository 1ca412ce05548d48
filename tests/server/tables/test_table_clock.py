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
from muggins.server.settings import Settings
from muggins.server.store import SqlStore, StaleOwnerError, User
from muggins.server.tables.manager import Tables
from muggins.server.tables.table import StaleMoveError, Table, TableError
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


async def cribbage(
    tables: Tables,
    ann: User,
    *,
    bots: dict[int, str],
    turn_time: int = 5,
    time_controls: messages.TimeControls | None = None,
    options: dict[str, Any] | None = None,
) -> Table:
    """A two-player cribbage table made by ``ann`` in seat 0, who deals first."""
    made = await tables.create(
        ann,
        game="cribbage",
        players=2,
        options={"first_dealer": 0, **(options or {})},
        time_controls=time_controls or messages.TimeControls(turn_time=turn_time),
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


def test_a_game_against_the_computer_has_no_turn_clock_unless_the_table_asks(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock, grace=10_000) as tables:
            ann = await tables.store.create_user("ann", "guest")
            table = await cribbage(tables, ann, bots={1: "random"}, time_controls=messages.TimeControls())
            assert table.info().time.turn_time is None
            await clock.advance(3600)
            assert table.game is not None and table.game.to_move == {0}, "an hour later she still chooses"
            assert [c.kind for c in table.all_clocks() if c.seat == 0] == ["grace"]  # only her drop's
            asked = messages.TimeControls(turn_time=15)
            timed = await cribbage(tables, ann, bots={1: "random"}, time_controls=asked)
            assert [c.remaining for c in timed.all_clocks() if c.kind == "turn" and c.seat == 0] == [15]

    asyncio.run(run())


def test_people_get_a_turn_clock_by_default(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock) as tables:
            ann = await tables.store.create_user("ann", "guest")
            bob = await tables.store.create_user("bob", "guest")
            table = await cribbage(tables, ann, bots={}, time_controls=messages.TimeControls())
            await table.sit(bob, 1)
            assert table.info().time.turn_time == messages.DEFAULT_TURN_TIME
            turns = [c.remaining for c in table.all_clocks() if c.kind == "turn"]
            assert turns == [messages.DEFAULT_TURN_TIME] * 2

    asyncio.run(run())


def test_a_count_by_hand_runs_on_its_own_allowance(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock, grace=10_000) as tables:
            ann = await tables.store.create_user("ann", "guest")
            allowance = messages.TimeControls(turn_time=5, count_time=45)
            options = {"counting": "manual"}
            table = await cribbage(tables, ann, bots={1: "random"}, time_controls=allowance, options=options)
            game = table.game
            assert game is not None and table.info().time.count_time == 45
            for _ in range(40):  # her turns run out one by one until the show asks her to count
                if game.counts_by_hand(0):
                    break
                mine = [c for c in table.all_clocks() if c.seat == 0 and c.kind in ("turn", "count")]
                assert [c.kind for c in mine] in ([], ["turn"]), "a turn is timed as a turn"
                await clock.advance(5)
            assert game.counts_by_hand(0), "the show never asked her to count"
            counting = [c for c in table.all_clocks() if c.seat == 0 and c.kind != "grace"]
            assert [c.kind for c in counting] == ["count"]
            assert 45 - 5 < counting[0].remaining <= 45, "the count began within her last 5 s step"

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


def test_a_waiting_table_its_seated_maker_dropped_from_closes_after_the_grace_period(tmp_path: Path) -> None:
    """Issue 58: the lobby kept tables whose makers had gone ("(away)") for 15 minutes."""

    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock, grace=30, waiting_idle_minutes=15) as tables:
            ann = await tables.store.create_user("ann", "guest")
            bob = await tables.store.create_user("bob", "guest")
            kept = await cribbage(tables, ann, bots={})
            gone = await cribbage(tables, bob, bots={})
            for table, user in ((kept, ann), (gone, bob)):
                await table.attach(user)
                await table.detach(user)
            await clock.advance(20)
            await kept.attach(ann)  # back within the grace period: her table stays
            await clock.advance(10)
            assert gone.row.status == "finished" and kept.row.status == "waiting"
            stored = await tables.store.table(gone.id)
            assert stored is not None and stored.status == "finished"
            await clock.advance(15 * 60)
            assert kept.row.status == "waiting", "she is at her table"

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


def test_a_count_by_hand_is_timed_as_a_count_though_ready_is_its_only_listed_move(tmp_path: Path) -> None:
    """Skalborg's manual count lists only ``ready`` (the claims would answer the count), yet the
    counter is counting: the count's clock, not the pause between hands."""

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
                time_controls=messages.TimeControls(turn_time=7, count_time=40, intermission=25),
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
            assert {c.kind for c in clocks.values()} == {"count"}
            assert {c.deadline - clock.time() for c in clocks.values()} == {40}
            with pytest.raises(TableError, match="no intermission"):  # nothing to pass as a pause
                await table.ready(users[counting[0]])

    asyncio.run(run())


def test_a_move_fenced_out_by_a_takeover_is_stale_and_lets_the_table_go(tmp_path: Path) -> None:
    """Issue 58's flaky cluster test: a process that stalls past its lease finds, on its next write,
    that another took the table over (``StaleOwnerError``). The move is refused as stale (the
    player chooses again in the new owner's state, as the cluster's players do), nothing changes
    here, and the table is let go at once rather than at the next lease renewal."""

    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock) as tables:
            ann = await tables.store.create_user("ann", "guest")
            table = await cribbage(tables, ann, bots={1: "random"}, turn_time=60)
            game = table.game
            assert game is not None
            let_go: list[str] = []
            setattr(tables, "taken_over", let_go.append)  # noqa: B010 (a stand-in on this object only)

            async def fenced_out(*_: Any, **__: Any) -> None:
                raise StaleOwnerError(f"game {table.game_id}: its table was taken over by another process")

            setattr(tables.store, "append_move", fenced_out)  # noqa: B010 (a store that lost the table)
            before = game.record()
            move = str(game.legal_moves(0)[0])
            with pytest.raises(StaleMoveError, match=r"^stale move: the table moved to another server"):
                await table.move(ann, move, game.state_id)
            assert table.game is not None and table.game.record() == before
            assert let_go == [table.id]

    asyncio.run(run())

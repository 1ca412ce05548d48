"""The game clock of a timed Cribist table, on a clock the test moves itself: at the game's start
plus the agreed minutes the table sends ``timeup`` (stored and broadcast like any move), the hand
in progress is played out and the game ends; a table loaded again after its process stopped keeps
the original deadline, or calls time at once if it passed meanwhile. No test waits on real time."""

from __future__ import annotations

import asyncio
from pathlib import Path

from muggins.games.cribist.game import CARDS_EACH, Cribist, Phase
from muggins.games.registry import load_game
from muggins.server import messages
from muggins.server.store import GameRow, User
from muggins.server.tables.manager import Tables
from muggins.server.tables.table import GAME_MINUTE, Table
from tests.server.manual_clock import ManualClock
from tests.server.tables.test_table_clock import tables_on

BOTS = {0: "random", 1: "random", 2: "random", 3: "random"}
BOT_DELAY = 0.5
"""Seconds each bot pauses on the table's clock: a minute holds 120 bot moves."""


async def timed_table(tables: Tables, creator: User, minutes: int) -> str:
    """A Cribist table of four random bots ending by time (the creator watches it)."""
    made = await tables.create(
        creator,
        game="cribist",
        players=4,
        options={"end": "time", "minutes": minutes},
        time_controls=messages.TimeControls(),
        hints=False,
        private=False,
        bots=BOTS,
        seat=None,
    )
    await tables.tables[made.id].attach(creator)  # watching: a table of bots alone waits unwatched
    return made.id


def ended_by_time(stored: GameRow, limit: float) -> float:
    """The record holds one ``timeup``, by the clock, no earlier than ``limit`` after the start; after
    it only the hand then in progress was played, to its end. Returns when time was called."""
    calls = [i for i, move in enumerate(stored.moves) if move.text == "timeup"]
    assert len(calls) == 1, calls
    at = calls[0]
    called = stored.moves[at]
    assert (called.seat, called.by) == (0, "clock")
    assert called.at - stored.started_at >= limit
    record = stored.record()
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
    return called.at


def test_bots_play_until_time_then_finish_the_hand(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock, bot_delay=BOT_DELAY) as tables:
            watcher = await tables.store.create_user("watcher", "guest")
            table_id = await timed_table(tables, watcher, minutes=1)
            table = tables.tables[table_id]
            start = clock.time()
            game_clocks = [c for c in table.all_clocks() if c.kind == "game"]
            assert [(c.seat, c.deadline, c.remaining) for c in game_clocks] == [(None, start + 60, 60)]
            await clock.advance(59.9)
            game = table.game
            assert isinstance(game, Cribist) and not game.is_over and game.deal_number > 1  # hands played
            await clock.advance(0.1 + CARDS_EACH * 4 * BOT_DELAY + 1)  # time, then the hand played out
            assert table.row.status == "finished"
            assert not [c for c in table.all_clocks() if c.kind == "game"]
            assert ended_by_time(await finished_game(table), 60) == start + 60  # at the second: never late

    asyncio.run(run())


def test_a_table_loaded_again_keeps_its_deadline(tmp_path: Path) -> None:
    """The process stops mid-game. Loaded again, a table whose deadline is still ahead calls time at
    that deadline (not the load plus the limit); one whose deadline passed meanwhile calls time as
    soon as it is loaded."""

    async def run() -> None:
        db = tmp_path / "t.db"
        clock = ManualClock()
        async with tables_on(db, clock, bot_delay=BOT_DELAY) as tables:
            watcher = await tables.store.create_user("watcher", "guest")
            later = await timed_table(tables, watcher, minutes=3)
            sooner = await timed_table(tables, watcher, minutes=1)
            start = clock.time()
            await clock.advance(10)
        again = ManualClock(start + 70)  # down for a minute: sooner's deadline passed, later's is ahead
        async with tables_on(db, again, bot_delay=BOT_DELAY) as tables:
            assert await tables.resume() == 2
            short, long = tables.tables[sooner], tables.tables[later]  # a finished table is let go
            for watched in (short, long):
                await watched.attach(watcher)  # back to watching after the restart
            await again.advance(CARDS_EACH * 4 * BOT_DELAY + 1)
            first = await finished_game(short)
            assert ended_by_time(first, 60) == start + 70  # called at once on loading
            assert long.row.status == "playing"
            await again.advance(start + 3 * GAME_MINUTE - again.time() - 0.1)
            assert long.row.status == "playing", "time called before the deadline"
            await again.advance(0.1 + CARDS_EACH * 4 * BOT_DELAY + 1)
            second = await finished_game(long)
            assert ended_by_time(second, 180) == start + 180  # not the load plus three minutes

    asyncio.run(run())


async def finished_game(table: Table) -> GameRow:
    assert table.row.status == "finished" and table.game_id is not None
    stored = await table.owner.store.game(table.game_id)
    assert stored is not None
    return stored

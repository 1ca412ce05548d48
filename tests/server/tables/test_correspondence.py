"""Correspondence tables (docs/server.md, "Correspondence"): days for each move; a player away
loses nothing (no grace period runs out); each person whose turn comes is told on their own
channel; a move not made in its days loses the game (the seat leaves); pauses still pass by
themselves."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import pytest
from pydantic import ValidationError

from muggins.server import messages
from muggins.server.bus import player_channel
from muggins.server.store import User
from muggins.server.tables import PlayerTable, Tables
from tests.server.manual_clock import ManualClock
from tests.server.people import members
from tests.server.tables.test_table_clock import tables_on

DAY = 86400


def heard(into: list[dict[str, object]]) -> Callable[[str], None]:
    """A bus handler keeping each message it hears."""
    return lambda text: into.append(json.loads(text))


async def correspondence(tables: Tables, ann: User, bea: User, *, days: Literal[1, 3, 7]) -> PlayerTable:
    """A two-player cribbage table at ``days`` a move, Ann in seat 0 (who deals first), Bea in 1."""
    return await tables.create(
        ann,
        game="cribbage",
        players=2,
        options={"first_dealer": 0},
        time_controls=messages.TimeControls(days=days),
        hints=False,
        private=False,
        bots={},
        seat=None,
        people={0: ann, 1: bea},
    )


def test_days_are_one_three_or_seven() -> None:
    assert messages.TimeControls(days=3).turn_clock(people=2) is None  # the days are the clock
    with pytest.raises(ValidationError):
        messages.TimeControls.model_validate({"days": 2})


def test_a_correspondence_game_waits_days_tells_turns_and_ends_on_time(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "m.db", clock) as tables:
            ann, bea = await members(tables.store, "ann", "bea")
            told: dict[int, list[dict[str, object]]] = {ann.id: [], bea.id: []}
            for user in (ann, bea):
                await tables.bus.subscribe(player_channel(user.id), heard(told[user.id]))
            table = await correspondence(tables, ann, bea, days=1)
            info = table.info()
            assert info.time.days == 1 and info.time.turn_time is None and info.to_move == [0, 1]
            game = table.game  # type: ignore[attr-defined]
            assert all(c.deadline - clock.time() == DAY for c in table.all_clocks())  # type: ignore[attr-defined]
            await clock.advance(3600)  # nobody connected for an hour: no grace period ends the game
            assert not game.is_over and not game.left
            users = {0: ann, 1: bea}
            for seat in (0, 1):  # both discard: the play begins, and the player to move is told
                await table.move(users[seat], str(game.legal_moves(seat)[0]), game.state_id)
            await clock.settle()
            mover = min(game.to_move)
            turns = [m for m in told[users[mover].id] if m["type"] == "your_turn"]
            assert turns and turns[-1]["table_id"] == table.id and turns[-1]["deadline"] == clock.time() + DAY
            await clock.advance(DAY - 10)
            assert not game.is_over
            await clock.advance(20)  # the day is up: the player who did not move loses
            assert game.is_over and game.left == [mover]
            assert game.result is not None and game.result.winners == (1 - mover,)

    asyncio.run(run())


def test_a_correspondence_clock_keeps_its_deadline_across_a_restart(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "m.db", clock) as tables:
            ann, bea = await members(tables.store, "ann", "bea")
            table = await correspondence(tables, ann, bea, days=3)
            before = {c.seat: c.deadline for c in table.all_clocks()}  # type: ignore[attr-defined]
        await clock.advance(7200)  # the server is down for two hours
        async with tables_on(tmp_path / "m.db", clock) as tables:
            assert await tables.resume() == 1
            again = tables.tables[table.id]
            assert {c.seat: c.deadline for c in again.all_clocks()} == before
            assert not again.grace  # nobody is connected, and nobody is waited for with a grace period

    asyncio.run(run())

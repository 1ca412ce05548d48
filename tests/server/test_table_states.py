"""A table's states for several seats at once (``Table.states_for``, which shares the words of the
events every seat sees alike) are each exactly what that seat may see."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from muggins.games.words import told
from muggins.server.table import LOG_EVENTS
from tests.server.manual_clock import ManualClock
from tests.server.test_table_clock import cribbage, tables_on


def test_each_seat_is_told_the_events_as_it_may_see_them(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "t.db", clock) as tables:
            ann = await tables.store.create_user("ann", "guest")
            table = await cribbage(tables, ann, bots={1: "random"})
            game = table.game
            assert game is not None
            rng = random.Random(3)
            for _ in range(30):  # past the deal and the discards, which each seat sees differently
                mover = min(game.to_move)
                game.apply(mover, rng.choice(game.legal_moves(mover)))
            seats = [0, 1, None]
            states = table.states_for(seats)
            for seat, state in zip(seats, states, strict=True):
                assert state.seat == seat
                assert state.view == game.view(seat)
                assert state.log == [told("cribbage", e, seat) for e in game.events[-LOG_EVENTS:]]
            assert states[0].log != states[1].log  # each seat is told its own hand
            assert [table.state_for(seat) for seat in seats] == states

    asyncio.run(run())

"""A table's states for several seats at once (``Table.states_for``, which shares the words of the
events every seat sees alike) are each exactly what that seat may see, written as the model writes
them; the table's log (``TableLog``) tells each event as its viewer may see it however it is asked."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pydantic_core
import pytest

from muggins import new_game
from muggins.games.base import Game
from muggins.games.words import told
from muggins.server import messages
from muggins.server.tables.log import TableLog
from muggins.server.tables.table import LOG_EVENTS, Table
from tests.server.manual_clock import ManualClock
from tests.server.tables.test_table_clock import cribbage, tables_on


@contextlib.asynccontextmanager
async def a_duel(tmp_path: Path) -> AsyncIterator[tuple[Table, Game]]:
    """A two-player cribbage table of one process (a bot in seat 1) and its game."""
    async with tables_on(tmp_path / "t.db", ManualClock()) as tables:
        ann = await tables.store.create_user("ann", "guest")
        table = await cribbage(tables, ann, bots={1: "random"})
        assert table.game is not None
        yield table, table.game


def play_until(game: Game, events: int, rng: random.Random) -> None:
    """Random moves until the game has made ``events`` events."""
    while len(game.events) < events:
        mover = min(game.to_move)
        game.apply(mover, rng.choice(game.legal_moves(mover)))


def test_each_seat_is_told_the_events_as_it_may_see_them(tmp_path: Path) -> None:
    async def run() -> None:
        async with a_duel(tmp_path) as (table, game):
            rng = random.Random(3)
            seats = [0, 1, None]
            for events in (40, LOG_EVENTS + 30):  # past the deal and the discards; past the log's length
                play_until(game, events, rng)
                states = table.states_for(seats)
                for seat, state in zip(seats, states, strict=True):
                    expected = messages.TableState(
                        table_id=table.id,
                        table=table.info(),
                        seat=seat,
                        view=game.view(seat),
                        clocks=table.all_clocks(),
                        log_from=max(0, len(game.events) - LOG_EVENTS),
                        log=[told("cribbage", e, seat) for e in game.events[-LOG_EVENTS:]],
                    )
                    assert state.text == expected.model_dump_json()
                    assert (state.seat, state.position) == (seat, (table.game_number, game.state_id))
                    assert messages.StateText.read(state.text) == state
                logs = [json.loads(state.text)["log"] for state in states]
                assert logs[0] != logs[1]  # each seat is told its own hand
                assert [table.state_for(seat) for seat in seats] == states
            assert len(game.events) > LOG_EVENTS

    asyncio.run(run())


def test_a_state_since_what_the_client_holds_carries_only_the_rest(tmp_path: Path) -> None:
    """A join's ``since`` that is this game's, from the seat held, and at most ``LOG_EVENTS``
    behind gives the events after it; any other gives the latest ``LOG_EVENTS``, as without it."""

    async def run() -> None:
        async with a_duel(tmp_path) as (table, game):
            play_until(game, LOG_EVENTS + 40, random.Random(4))
            total, number = len(game.events), table.game_number
            whole = table.state_for(0)
            for seat, held in [
                (0, total),
                (0, total - 1),
                (1, total - 7),
                (None, total - LOG_EVENTS),
                (0, 3),
            ]:
                since = messages.LogMark(game_number=number, seat=seat, events=held)
                state = json.loads(table.state_for(seat, since).text)
                if held < total - LOG_EVENTS:  # too far behind: the latest, as without it
                    assert state == json.loads(table.state_for(seat).text)
                    continue
                assert state["log_from"] == held
                assert state["log"] == [told("cribbage", e, seat) for e in game.events[held:]]
                assert {**state, "log": [], "log_from": 0} == {
                    **json.loads(table.state_for(seat).text),
                    "log": [],
                    "log_from": 0,
                }
            for wrong in [
                messages.LogMark(game_number=number, seat=1, events=total - 2),  # another seat's
                messages.LogMark(game_number=number + 1, seat=0, events=total - 2),  # another game's
                messages.LogMark(game_number=number, seat=None, events=total - 2),  # a spectator's
                messages.LogMark(game_number=number, seat=0, events=total + 1),  # ahead of the game
            ]:
                assert table.state_for(0, wrong) == whole

    asyncio.run(run())


@pytest.mark.parametrize("game_name", ["cribbage", "skalborg", "cribist"])
def test_the_log_tells_every_event_as_its_viewer_may_see_it(game_name: str) -> None:
    """Asked for the latest few or many, after one move or many, for any viewer, and across a new
    game: each text is ``told`` written, for that viewer."""
    rng = random.Random(8)
    players = 4 if game_name == "cribist" else 2
    viewers: list[int | None] = [*range(players), None]
    log = TableLog(game_name, keep=9)
    for seed in (1, 2):  # the second game starts the log afresh
        game = new_game(game_name, players=players, seed=seed)
        while not game.is_over and len(game.events) < 120:
            for _ in range(rng.choice([1, 1, 2, 13])):
                if not game.is_over:
                    seat = min(game.to_move)
                    game.apply(seat, rng.choice(game.legal_moves(seat)))
            viewer, count = rng.choice(viewers), rng.choice([0, 1, 3, 9, 12])
            expected = [
                pydantic_core.to_json(told(game_name, e, viewer)).decode()
                for e in game.events[max(0, len(game.events) - count) :]
            ]
            assert log.latest(game, viewer, count) == expected

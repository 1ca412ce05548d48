"""A bus or store failing around a move: a stored move stands and reaches everyone (as the whole
state) even when its publish failed; a bot whose move could not be stored thinks again and moves."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from pathlib import Path

import pytest

from muggins.server.store import MoveRow
from tests.scale.test_exactly_once import platform, sent, until


def test_a_stored_move_whose_publish_failed_stands_and_reaches_the_table(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    async def run() -> None:
        async with platform(tmp_path, redis_url, redis_prefix) as p:
            ann_conn, _, bob_conn, bob, table = await p.seated_duel()
            sent(ann_conn), sent(bob_conn)
            publish, publish_many = p.bus.publish, p.bus.publish_many
            failures = [1]

            def refuse(message: str) -> None:
                if failures and message.startswith('{"type":"events"'):
                    failures.pop()
                    raise ConnectionError("the bus is down")

            async def failing(channel: str, message: str) -> None:
                refuse(message)
                await publish(channel, message)

            async def failing_many(sends: list[tuple[str, str]]) -> None:
                for _, message in sends:
                    refuse(message)
                await publish_many(sends)

            p.bus.publish = failing  # type: ignore[method-assign]
            p.bus.publish_many = failing_many  # type: ignore[method-assign]
            assert table.game is not None
            move = str(table.game.legal_moves(0)[0])
            await ann_conn.handle(
                json.dumps({"type": "move", "table_id": table.id, "text": move, "state_id": 0})
            )
            stored = await p.tables.store.current_game(table.id)
            assert stored is not None and [m.text for m in stored.moves] == [move]

            # Bob hears of it: the whole state comes instead of the lost events.
            def state_now(text: str) -> bool:
                message = json.loads(text)
                return bool(message["type"] == "table_state" and message["view"]["state_id"] == 1)

            await until(lambda: any(state_now(t) for t in bob_conn.outbox._queue))  # type: ignore[attr-defined]
            assert not [m for m in sent(ann_conn) if m["type"] == "error"]
            del bob

    asyncio.run(run())


def test_a_bot_whose_move_could_not_be_stored_moves_later(
    tmp_path: Path, redis_url: str, redis_prefix: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def run() -> None:
        async with platform(tmp_path, redis_url, redis_prefix) as p:
            _, ann = await p.connect("ann")
            store = p.tables.store
            append = store.append_move
            failures = [1]

            async def failing(game_id: int, move: MoveRow, epoch: int | None = None) -> None:
                if failures and move.by == "bot":
                    failures.pop()
                    raise ConnectionError("the database is down")
                await append(game_id, move, epoch)

            store.append_move = failing  # type: ignore[method-assign]
            table = await p.duel(ann, bots={1: "random"})
            await until(lambda: not failures, timeout=10)  # the bot tried, and the store refused
            for _ in range(100):  # its next try is stored (a second later)
                stored = await store.current_game(table.id)
                assert stored is not None
                if stored.moves:
                    break
                await asyncio.sleep(0.1)
            assert stored is not None and [m.seat for m in stored.moves] == [1]
            assert table.game is not None and table.game.state_id == 1

    with caplog.at_level(logging.ERROR, logger="muggins.server.tables.table"):
        asyncio.run(run())
    assert not [r for r in caplog.records if "task failed" in r.getMessage()]


def test_a_clock_whose_automatic_move_could_not_be_stored_tries_again_a_second_later(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    async def run() -> None:
        async with platform(tmp_path, redis_url, redis_prefix) as p:
            _, ann = await p.connect("ann")
            store = p.tables.store
            append = store.append_move
            refused: list[float] = []

            async def failing(game_id: int, move: MoveRow, epoch: int | None = None) -> None:
                if move.by == "timeout" and len(refused) < 3:
                    refused.append(asyncio.get_running_loop().time())
                    raise ConnectionError("the database is down")
                await append(game_id, move, epoch)

            store.append_move = failing  # type: ignore[method-assign]
            table = await p.duel(ann, bots={1: "random"}, turn_time=5)
            # Ann never moves: her clock runs out, the store refuses three automatic moves, the fourth stands.
            await until(lambda: table.game is not None and 0 not in table.game.to_move, timeout=15)
            async with table.lock:  # the game has moved on; the move is stored once the table lets go
                pass
            assert len(refused) == 3
            gaps = [later - earlier for earlier, later in itertools.pairwise(refused)]
            assert all(gap >= 0.9 for gap in gaps), gaps  # not retried in a tight loop
            stored = await store.current_game(table.id)
            assert stored is not None
            first = next(m for m in stored.moves if m.seat == 0)
            assert first.by == "timeout" and first.text.startswith("discard")

    asyncio.run(run())

"""Fencing on PostgreSQL: once a table is claimed by a new owner, a move written with the old
owner's epoch is refused and nothing of it is stored, even while both write at once."""

from __future__ import annotations

import asyncio
import time

import pytest

from muggins.server.store import MoveRow, SqlStore, StaleOwnerError, TableRow


async def _table_with_game(store: SqlStore, table_id: str) -> int:
    user = await store.create_user("ann", "guest")
    row = TableRow(table_id, "cribbage", 2, {}, 20, 60, 30, True, False, "waiting", user.id, time.time())
    await store.create_table(row)
    return await store.start_game(table_id, 1, {"game": "cribbage"}, [user.id, user.id])


def test_a_claim_fences_out_the_old_owner(pg_url: str) -> None:
    async def run() -> None:
        store = SqlStore(pg_url)
        await store.start()
        game = await _table_with_game(store, "t1")
        await store.append_move(game, MoveRow(0, 0, "old owner", "player", time.time()), epoch=0)
        epoch = await store.claim_table("t1")
        assert epoch == 1
        with pytest.raises(StaleOwnerError, match="taken over"):
            await store.append_move(game, MoveRow(1, 0, "stale", "player", time.time()), epoch=0)
        await store.append_move(game, MoveRow(1, 1, "new owner", "player", time.time()), epoch=1)
        stored = await store.game(game)
        assert stored is not None
        assert [m.text for m in stored.moves] == ["old owner", "new owner"]
        with pytest.raises(KeyError, match="no table"):
            await store.claim_table("nowhere")
        await store.close()

    asyncio.run(run())


def test_racing_writers_each_ply_is_written_once_by_the_current_owner(pg_url: str) -> None:
    """Two owners write the same plies while the table is claimed midway: every ply is stored once,
    and none by the old owner after the claim returned."""

    async def run() -> None:
        store = SqlStore(pg_url)
        await store.start()
        game = await _table_with_game(store, "t2")
        claimed_at: list[float] = []

        async def old_owner() -> None:
            for ply in range(60):
                try:
                    await store.append_move(game, MoveRow(ply, 0, "old", "player", time.time()), epoch=0)
                except StaleOwnerError:
                    return
                except Exception:  # the new owner took the ply first
                    return

        async def new_owner() -> None:
            await asyncio.sleep(0.05)
            await store.claim_table("t2")
            claimed_at.append(time.time())
            stored = await store.game(game)
            assert stored is not None
            for ply in range(len(stored.moves), 60):
                await store.append_move(game, MoveRow(ply, 1, "new", "player", time.time()), epoch=1)

        await asyncio.gather(old_owner(), new_owner())
        stored = await store.game(game)
        assert stored is not None
        assert [m.ply for m in stored.moves] == list(range(60))
        assert all(m.at < claimed_at[0] for m in stored.moves if m.text == "old")
        await store.close()

    asyncio.run(run())

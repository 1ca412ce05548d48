"""A bot account in the store (issue 61), on SQLite and PostgreSQL: a member without a rating
becomes one in one conditional update that raises their token epoch; a guest, a bot account, a
rated member do not; the kind's eleven letters fit the column; a bot account signs in as a member
does; a record counts finished games and firsts."""

from __future__ import annotations

import asyncio

from muggins.server.store import Rating, SqlStore, TableRow
from tests.server.people import members


def test_a_member_without_a_rating_becomes_a_bot_account_once(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        try:
            robo, rae = await members(store, "Robo", "Rae")
            guest = await store.create_guest("Gus")
            rated = [Rating(rae.id, "cribbage", 2, 25.0, 8.0, 1)]
            await store.finish_game(await _game(store, rae.id, guest.id), RESULT, rated)
            before = await store.token_epoch(robo.id)
            made = await store.make_bot_account(robo.id)
            assert made is not None and made.kind == "bot_account"
            assert await store.token_epoch(robo.id) == (before or 0) + 1  # every session ended
            store.forget_user(robo.id)
            fresh = await store.user(robo.id)
            assert fresh is not None and fresh.kind == "bot_account"  # as stored, not only as kept
            assert await store.make_bot_account(robo.id) is None  # once
            assert await store.make_bot_account(guest.id) is None
            assert await store.make_bot_account(rae.id) is None  # rated as a person
            found = await store.login("Robo")
            assert found is not None and found[0].kind == "bot_account"
            assert await store.record(rae.id) == (1, 1) and await store.record(robo.id) == (0, 0)
        finally:
            await store.close()

    asyncio.run(run())


RESULT = {
    "ranks": [1, 2],
    "scores": [121, 90],
    "reason": "player 0 reached 121",
    "termination": "target",
    "skunks": [None, None],
    "match_points": [1, 0],
    "winners": [0],
}
"""A finished cribbage game's result, seat 0 first."""


async def _game(store: SqlStore, first: int, second: int) -> int:
    """A cribbage game of ``first`` (seat 0) and ``second``, started (to be finished)."""
    row = TableRow("t1", "cribbage", 2, {}, 20, 60, 30, False, False, "playing", first, 0.0, {})
    await store.create_table(row)
    return await store.start_game("t1", 1, {"game": "cribbage", "players": 2}, [first, second])

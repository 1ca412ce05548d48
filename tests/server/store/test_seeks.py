"""The pools as the store keeps them, on SQLite and PostgreSQL: one seek a player, the wait kept
when they seek the same pool again, a group taken whole or not at all (and by one process only,
however many try at once), seeks let go by their connection and dropped once stale."""

from __future__ import annotations

import asyncio

from muggins.server.store import SeekRow, SqlStore, User


def seek(
    user: User, pool: str = "p", *, since: float = 0.0, holder: str = "a/1", rating: int = 1500
) -> SeekRow:
    return SeekRow(user.id, pool, {"pool": pool}, rating, since, holder, since)


async def players(store: SqlStore, *names: str) -> list[User]:
    return [await store.create_guest(name) for name in names]


def test_one_seek_a_player_and_the_wait_kept_in_the_same_pool(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        try:
            (ann,) = await players(store, "Ann")
            assert (await store.seek(seek(ann, since=10.0))).since == 10.0
            again = await store.seek(seek(ann, since=25.0, holder="b/7"))
            assert (again.since, again.holder) == (10.0, "b/7")  # the same pool: still waiting since 10
            other = await store.seek(seek(ann, "q", since=30.0))
            assert other.since == 30.0  # another pool: the wait starts again
            assert [(r.user_id, r.pool) for r in await store.seeks()] == [(ann.id, "q")]
            assert await store.unseek(ann.id)
            assert not await store.unseek(ann.id)
            assert await store.seeks() == []
        finally:
            await store.close()

    asyncio.run(run())


def test_a_group_is_taken_whole_or_not_at_all(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        try:
            ann, bea, cal = await players(store, "Ann", "Bea", "Cal")
            for user in (ann, bea):
                await store.seek(seek(user))
            await store.seek(seek(cal, "q"))
            assert not await store.take_seeks([ann.id, cal.id], "p")  # Cal waits in another pool
            assert {r.user_id for r in await store.seeks()} == {ann.id, bea.id, cal.id}
            assert await store.take_seeks([ann.id, bea.id], "p")
            assert [r.user_id for r in await store.seeks()] == [cal.id]
            assert not await store.take_seeks([ann.id, bea.id], "p")  # taken already
        finally:
            await store.close()

    asyncio.run(run())


def test_two_processes_never_take_one_player_both(url: str) -> None:
    """Processes that each found a group with the same player in it: one table is made."""

    async def run() -> None:
        one, two = SqlStore(url), SqlStore(url)
        await one.start()
        await two.start()
        try:
            for round_ in range(10):
                ann, bea, cal = await players(one, f"Ann{round_}", f"Bea{round_}", f"Cal{round_}")
                for user in (ann, bea, cal):
                    await one.seek(seek(user))
                taken = await asyncio.gather(
                    one.take_seeks([ann.id, bea.id], "p"), two.take_seeks([bea.id, cal.id], "p")
                )
                assert sorted(taken) == [False, True]
                left = {r.user_id for r in await one.seeks()}
                assert left == ({cal.id} if taken[0] else {ann.id})
                await one.unseek(ann.id)
                await one.unseek(cal.id)
        finally:
            await one.close()
            await two.close()

    asyncio.run(run())


def test_a_seek_let_go_stays_a_while_and_a_stale_one_goes(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        try:
            ann, bea, cal = await players(store, "Ann", "Bea", "Cal")
            await store.seek(seek(ann, holder="me/1"))
            await store.seek(seek(bea, holder="me/2"))
            await store.seek(seek(cal, holder="dead/1"))  # its process stopped
            await store.let_go_seek(ann.id, "me/9", at=5.0)  # not its holder: nothing happens
            await store.let_go_seek(ann.id, "me/1", at=5.0)
            rows = {r.user_id: r for r in await store.seeks()}
            assert (rows[ann.id].holder, rows[ann.id].seen_at) == ("", 5.0)
            await store.keep_seeks("me", at=20.0, stale_before=0.0)
            rows = {r.user_id: r for r in await store.seeks()}
            assert (
                rows[bea.id].seen_at == 20.0 and rows[cal.id].seen_at == 0.0 and rows[ann.id].seen_at == 5.0
            )
            await store.keep_seeks("me", at=40.0, stale_before=10.0)
            assert [r.user_id for r in await store.seeks()] == [bea.id]
            assert not await store.unseek(bea.id, holder="me/1")  # only its holder's seek
            assert await store.unseek(bea.id, holder="me/2")
        finally:
            await store.close()

    asyncio.run(run())


def test_a_holder_name_is_matched_literally(url: str) -> None:
    """A process whose name has a LIKE wildcard in it vouches only for its own."""

    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        try:
            ann, bea = await players(store, "Ann", "Bea")
            await store.seek(seek(ann, holder="a%/1"))
            await store.seek(seek(bea, holder="ab/1"))
            await store.keep_seeks("a%", at=9.0, stale_before=0.0)
            assert {r.user_id: r.seen_at for r in await store.seeks()} == {ann.id: 9.0, bea.id: 0.0}
        finally:
            await store.close()

    asyncio.run(run())

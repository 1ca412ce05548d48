"""After PostgreSQL drops every connection (a restart), the store's next call works: pooled
connections that the database closed are replaced, not handed out (issue 18: the first request after
a restart answered 500)."""

from __future__ import annotations

import asyncio

import psycopg

from muggins.server.store import SqlStore


def test_the_store_survives_the_database_dropping_its_connections(pg_url: str) -> None:
    async def run() -> None:
        store = SqlStore(pg_url)
        await store.start()
        try:
            user = await store.create_user("ann", "guest")
            assert await store.tables(("waiting", "playing")) == []
            database = pg_url.rsplit("/", 1)[1]
            with psycopg.connect(pg_url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
                dropped = admin.execute(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = %s AND pid <> pg_backend_pid()",
                    (database,),
                ).fetchone()
            assert dropped is not None and dropped[0] >= 1  # the store's pooled connection was one
            assert await store.tables(("waiting", "playing")) == []
            store.users.clear()  # read the user from the database, not the cache
            again = await store.user(user.id)
            assert again is not None and again.name == "ann"
        finally:
            await store.close()

    asyncio.run(run())

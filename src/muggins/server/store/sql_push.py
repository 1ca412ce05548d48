"""The store's Web Push subscriptions in SQL (a part of ``SqlStore``): a player's are bounded, and
counted in the transaction that adds one."""

from __future__ import annotations

import dataclasses

import sqlalchemy as sa

from muggins.server.store import schema as s
from muggins.server.store.base import PushRow, TooManyPushesError
from muggins.server.store.sql_part import SqlPart


class SqlPush(SqlPart):
    """``Store``'s push subscription methods, for ``SqlStore``, which gives the engines and threads."""

    async def add_push(self, row: PushRow, *, at_most: int) -> None:
        p = s.push_subscriptions

        def run() -> None:
            with self.engine.begin() as c:
                if not self.is_sqlite:  # a player's subscriptions are counted one at a time
                    c.execute(sa.select(s.users.c.id).where(s.users.c.id == row.user_id).with_for_update())
                c.execute(p.delete().where(p.c.endpoint == row.endpoint))
                held = sa.select(sa.func.count()).where(p.c.user_id == row.user_id)
                if int(c.execute(held).scalar_one()) >= at_most:
                    raise TooManyPushesError(
                        f"you have {at_most} browsers taking notifications: turn one off first"
                    )
                c.execute(p.insert().values(**dataclasses.asdict(row)))

        await self._run(run)

    async def pushes(self, user_id: int) -> list[PushRow]:
        p = s.push_subscriptions
        query = sa.select(p).where(p.c.user_id == user_id).order_by(p.c.created_at, p.c.endpoint)

        def run() -> list[PushRow]:
            with self.reader.connect() as c:
                return [
                    PushRow(r.user_id, r.endpoint, r.p256dh, r.auth, r.created_at) for r in c.execute(query)
                ]

        return await self._read(run)

    async def drop_push(self, endpoint: str, user_id: int | None = None) -> bool:
        p = s.push_subscriptions
        mine = p.c.endpoint == endpoint
        if user_id is not None:
            mine &= p.c.user_id == user_id

        def run() -> bool:
            with self.engine.begin() as c:
                return bool(c.execute(p.delete().where(mine)).rowcount)

        return await self._run(run)

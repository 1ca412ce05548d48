"""The pools as a service: a player seeks, waits in the store's pool (shared by every process),
and the process that finds their group first takes it out of the pool, makes its table and tells
each player ``paired`` on their own channel of the bus."""

from __future__ import annotations

import itertools
import logging
import random
import secrets
from collections import defaultdict
from typing import Any

from muggins.games.registry import new_game
from muggins.server import messages
from muggins.server.accounts import CENTRE, display, user_info
from muggins.server.bus import player_channel
from muggins.server.loop import Every
from muggins.server.pairing.challenges import Challenges
from muggins.server.pairing.pools import WIDENS, Waiting, groups, pool_key, reach, seating
from muggins.server.pairing.requests import (
    FOR_PEOPLE,
    PairingError,
    asked_game,
    every_option,
    may_play,
    open_table,
    request_of,
)
from muggins.server.store import SeekRow, User
from muggins.server.tables import Tables

log = logging.getLogger(__name__)

PAIR_EVERY = 1.0
"""Seconds between two looks at the pools (a new seek is looked at at once)."""

LIVE_FOR = 5.0
"""A seek its process has not vouched for in this long (the process stopped) is not paired."""

SEEK_GRACE = 30.0
"""How long a seek outlives its connection: a new connection of the player that seeks the same
pool within it keeps its wait; after it the seek is gone."""


class Pairing:
    """This process's part of the pools: its players' seeks and a look at every pool each
    ``PAIR_EVERY`` seconds (every process looks; the store lets one take each group)."""

    def __init__(self, tables: Tables, *, rng: random.Random | None = None) -> None:
        self.tables, self.store, self.bus = tables, tables.store, tables.bus
        self.process = secrets.token_hex(6)
        """This process, as the holders of its connections' seeks begin."""
        self.serial = itertools.count(1)
        self.rng = rng or random.Random()
        self.looks = Every("pairing", PAIR_EVERY, self.pair)
        """The look at every pool each ``PAIR_EVERY`` seconds (and at once after a seek)."""
        self.challenges = Challenges(tables, rng=self.rng)
        """Challenges from one player to another, and who is online."""

    def holder(self) -> str:
        """A name for one connection's seeks, unique in the cluster."""
        return f"{self.process}/{next(self.serial)}"

    async def seek(self, user: User, asked: messages.Seek, holder: str) -> messages.SeekInfo:
        """Put ``user`` in the pool ``asked`` names (in place of any seek of theirs), held by the
        connection ``holder``; ``PairingError`` or ``TableSettingsError`` if it may not be."""
        request = request_of(asked)
        if user.kind == "bot_account":
            raise PairingError(FOR_PEOPLE)
        await may_play(self.tables, user, asked.rated)
        ratings = await self.store.ratings([user.id], asked.game, asked.players)
        rating = display(ratings[0]) if ratings else CENTRE
        now = self.tables.clock.time()
        row = SeekRow(
            user_id=user.id,
            pool=pool_key(asked.game, asked.players, every_option(request), request["time"], asked.rated),
            request=request,
            rating=rating,
            since=now,
            holder=holder,
            seen_at=now,
        )
        kept = await self.store.seek(row)
        self.looks.wake()
        waiting = sum(1 for other in await self.store.seeks() if other.pool == kept.pool)
        return seek_info(kept, now, waiting)

    async def unseek(self, user: User) -> bool:
        """Take ``user`` out of their pool, whichever connection sought; whether they were in one."""
        return await self.store.unseek(user.id)

    async def let_go(self, user: User, holder: str) -> None:
        """The connection ``holder`` closed: its seek is paired no more, and goes after
        ``SEEK_GRACE`` unless the player seeks again."""
        await self.store.let_go_seek(user.id, holder, self.tables.clock.time())

    # --- pairing -----------------------------------------------------------------------------

    def start(self) -> None:
        self.looks.start()

    async def close(self) -> None:
        await self.looks.close()

    async def pair(self) -> int:
        """Look at every pool once: vouch for this process's seeks, drop the stale, and seat each
        group that can be made now. Returns how many tables were made."""
        now = self.tables.clock.time()
        await self.store.keep_seeks(self.process, now, stale_before=now - SEEK_GRACE)
        pools: dict[str, list[SeekRow]] = defaultdict(list)
        for row in await self.store.seeks():
            if row.holder and row.seen_at >= now - LIVE_FOR:
                pools[row.pool].append(row)
        made = 0
        for pool, rows in pools.items():
            size = int(rows[0].request["players"])
            by_user = {row.user_id: row for row in rows}
            waiting = [Waiting(row.user_id, row.rating, row.since) for row in rows]
            for group in groups(waiting, size, now):
                if await self.store.take_seeks([w.user_id for w in group], pool):
                    await self._seat([by_user[w.user_id] for w in group], now)
                    made += 1
        return made

    async def _seat(self, rows: list[SeekRow], now: float) -> None:
        """Make the table of a group taken out of its pool, and tell its players; if it cannot be
        made, they go back to the pool as they were."""
        request: dict[str, Any] = rows[0].request
        people: dict[int, User] = {}
        try:
            for row in rows:
                if (user := await self.store.user(row.user_id)) is not None:
                    people[row.user_id] = user
            trial = new_game(request["game"], players=request["players"], seed=0, **request["options"])
            waiting = [Waiting(row.user_id, row.rating, row.since) for row in rows if row.user_id in people]
            if len(waiting) < len(rows):
                raise LookupError("a player of the group is no more")
            order = seating(waiting, trial.sides, self.rng)
            seats = {seat: people[w.user_id] for seat, w in enumerate(order)}
            table = await open_table(self.tables, request, seats, bots={})
        except Exception:
            log.exception("a table for %s could not be made: back to their pool", [r.user_id for r in rows])
            for row in rows:
                if row.user_id in people:
                    await self.store.seek(row)
            return
        paired = messages.Paired(table=table.info()).model_dump_json()
        for row in rows:
            await self.bus.publish(player_channel(row.user_id), paired)
        log.info(
            "paired %s at table %s after %.1f s",
            ", ".join(f"{user_info(people[r.user_id]).name} ({r.rating})" for r in rows),
            table.id,
            now - min(r.since for r in rows),
        )


def seek_info(row: SeekRow, now: float, waiting: int) -> messages.SeekInfo:
    """A seek as its player is told it, at ``now``."""
    return messages.SeekInfo(
        **asked_game(row.request),
        rating=row.rating,
        since=row.since,
        reach=reach(now - row.since),
        widens=WIDENS,
        waiting=waiting,
    )

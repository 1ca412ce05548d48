"""The tables this process owns: creating them, finding them, resuming them after a restart,
and the lobby list. (Issue 8 adds leases so that each table has exactly one owner in a cluster.)"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from muggins.bots.registry import bot_names
from muggins.games.errors import GameError
from muggins.games.registry import game_class, new_game
from muggins.server import messages
from muggins.server.bus import Bus, table_channel
from muggins.server.limits import AccountLimits, MemoryAccountLimits
from muggins.server.settings import Settings
from muggins.server.store import Store, TableRow, User
from muggins.server.table import Table, TableError, user_info

LOBBY = "lobby"
"""The bus channel of table list changes."""

YOURS = 20
"""How many of a player's unfinished tables the lobby lists."""


class Tables:
    """Every table this process owns, by id."""

    def __init__(self, store: Store, bus: Bus, settings: Settings) -> None:
        self.store, self.bus, self.settings = store, bus, settings
        self.tables: dict[str, Table] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.loading: dict[str, asyncio.Lock] = {}
        self.account_limits: AccountLimits = MemoryAccountLimits(
            settings.rate_per_second, settings.rate_burst
        )
        """Messages per account, across all its connections (a connection has its own limit too)."""

    async def resume(self) -> int:
        """Load every waiting and playing table from the store; games replay from their records and
        their clocks restart. Returns how many tables were resumed."""
        for row in await self.store.tables(("waiting", "playing")):
            await self._load(row)
        return len(self.tables)

    async def own_new(self, table_id: str) -> None:
        """Called with a new table's id before the table is stored (a cluster takes its lease here,
        so no other process can mistake it for an orphan)."""

    def fence(self, table: Table) -> int | None:
        """The ownership epoch this process writes a table's moves with (None: no fencing; a cluster
        of processes fences, see ``muggins.server.cluster``)."""
        return None

    async def _load(self, row: TableRow, *, taken_over: bool = False) -> Table:
        """A table from the store; ``taken_over`` (from another process): its clocks run from its
        last stored move rather than starting afresh."""
        users: dict[int, User] = {}
        for seat, (uid, _) in row.seats.items():
            user = await self.store.user(uid)
            if user is not None:
                users[seat] = user
        table = Table(row, users, self)
        stored = await self.store.current_game(row.id)
        if stored is not None:
            since = (stored.moves[-1].at if stored.moves else stored.started_at) if taken_over else None
            table.resume(stored, since=since)
        for uid, text, at in await self.store.chat(row.id, limit=table.chat_log.maxlen or 50):
            author = await self.store.user(uid)
            if author is not None:
                line = messages.Chat(table_id=row.id, user=user_info(author), text=text, at=at)
                table.chat_log.append(line)
        self.tables[row.id] = table
        return table

    async def get(self, table_id: str) -> Table:
        """The table with this id (loaded from the store if it is not in memory)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self.loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is None:
                row = await self.store.table(table_id)
                if row is None:
                    raise TableError(f"there is no table {table_id!r}")
                table = await self._load(row)
        self.loading.pop(table_id, None)
        return table

    async def create(
        self,
        creator: User,
        *,
        game: str,
        players: int,
        options: dict[str, Any],
        time_controls: messages.TimeControls,
        hints: bool,
        private: bool,
        bots: dict[int, str],
        seat: int | None,
    ) -> Table:
        """A new table; the creator sits at ``seat`` (None: they only watch), bots at theirs.
        Options are checked by the engine itself (a trial game is made)."""
        try:
            cls = game_class(game)
            checked = cls.options_model(**options).model_dump(mode="json", exclude_unset=True)
            new_game(game, players=players, seed=0, **checked)
        except (GameError, ValueError) as exc:
            raise TableError(str(exc)) from None
        for bot_seat, name in bots.items():
            if not 0 <= bot_seat < players:
                raise TableError(f"bot seat {bot_seat} is not a seat of a {players}-player table")
            if name not in bot_names(game):
                raise TableError(f"no bot {name!r} for {game}: expected one of {', '.join(bot_names(game))}")
        if seat is not None and (not 0 <= seat < players or seat in bots):
            raise TableError(f"seat {seat} is not a free seat of a {players}-player table")
        row = TableRow(
            id=secrets.token_urlsafe(8).replace("-", "x").replace("_", "y"),
            game=game,
            players=players,
            options=checked,
            turn_time=time_controls.turn_time,
            intermission=time_controls.intermission,
            hints=hints,
            private=private,
            status="waiting",
            created_by=creator.id,
            created_at=time.time(),
        )
        users: dict[int, User] = {}
        for bot_seat, name in sorted(bots.items()):
            bot_user = await self.store.bot_user(game, name)
            row.seats[bot_seat] = (bot_user.id, name)
            users[bot_seat] = bot_user
        await self.own_new(row.id)
        await self.store.create_table(row)
        table = Table(row, users, self)
        self.tables[row.id] = table
        if seat is not None:
            await table.sit(creator, seat)
        elif len(row.seats) == players:
            async with table.lock:
                await table.start_game()
        else:
            await table.changed()
        return table

    async def state_of(self, table: Table, user: User) -> messages.TableState:
        """What ``user`` sees at ``table`` now: their seat's state, or a spectator's if they hold no
        seat. Read under the table's lock, so it never shows a move that is not stored and
        published yet; the seat is the table's to say, never the asker's."""
        async with table.lock:
            return table.state_for(table.seat_of(user.id))

    async def listening(self, table: Table, audience: str) -> bool:
        """Whether anybody could hear a message for ``audience`` at ``table`` (a table skips
        building messages for an audience nobody is in)."""
        return await self.bus.has_subscribers(table_channel(table.id, audience))

    def forget_if_idle(self, table: Table) -> None:
        """Drop a finished table nobody follows from memory (the store has it; ``get`` reloads it)."""
        if table.row.status == "finished" and not table.present and self.tables.get(table.id) is table:
            table.close()
            del self.tables[table.id]

    async def seated(self, user: User) -> list[messages.TableInfo]:
        """The waiting and playing tables where ``user`` holds a seat, newest first (at most
        ``YOURS``). A table this process owns says its live state; another's, what the store holds."""
        found = []
        for row in await self.store.seated(user.id, YOURS):
            table = self.tables.get(row.id)
            if table is None:
                users = {seat: u for seat, (uid, _) in row.seats.items() if (u := await self.store.user(uid))}
                table = Table(row, users, self)  # read only: its info, never started
            found.append(table.info())
        return found

    def lobby(self) -> list[messages.TableInfo]:
        """Public tables that are waiting for players or playing."""
        return [t.info() for t in self.tables.values() if not t.row.private and t.row.status != "finished"]

    async def lobby_changed(self, table: Table, update: messages.TableUpdate) -> None:
        if not table.row.private:
            await self.bus.publish(LOBBY, update.model_dump_json())

    async def close(self) -> None:
        for table in self.tables.values():
            table.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

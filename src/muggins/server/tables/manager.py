"""The tables this process owns: creating them, finding them, resuming them after a restart,
and the lobby list. (Issue 8 adds leases so that each table has exactly one owner in a cluster.)"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from muggins.bots.registry import bot_names
from muggins.games.errors import GameError
from muggins.games.registry import new_game, options_model
from muggins.server import messages
from muggins.server.accounts import AccountLimits, MemoryAccountLimits, user_info
from muggins.server.bus import Bus, Subscription, session_channel, table_channel
from muggins.server.clock import Clock, LoopClock
from muggins.server.push import Pusher
from muggins.server.settings import Settings
from muggins.server.store import GameRow, Store, TableRow, TooManyTablesError, User
from muggins.server.tables.player_table import PlayerTable
from muggins.server.tables.table import CHAT_LINES, NoTableError, Table, TableSettingsError

LOBBY = "lobby"
PLAYERS = "players"
"""The bus channel that tells every process a player changed (a guest registered): ``{"id": ...}``."""
Listed = TypeVar("Listed")
"""A table as a lobby lists it (a table here, or another process's description of one)."""
LOBBY_PAGE = 50
"""Tables in one page of the lobby: what one ``lobby`` request costs is bounded, however many
tables are open."""
"""The bus channel of table list changes."""


YOURS = 20
"""How many of a player's unfinished tables the lobby lists."""


def page_of(
    newest_first: list[Listed], waiting: Callable[[Listed], bool], page: int
) -> tuple[list[Listed], int]:
    """Page ``page`` of ``LOBBY_PAGE`` from tables listed newest first: those waiting for players
    first, then those playing, still newest first in each; and how many there are in all."""
    ordered = sorted(newest_first, key=lambda t: not waiting(t))  # a stable sort
    start = page * LOBBY_PAGE
    return ordered[start : start + LOBBY_PAGE], len(ordered)


def checked_options(game: str, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` as the game's own model reads them (only those given), once the engine has made
    a trial game of ``players`` with them; else ``TableSettingsError`` saying what is wrong."""
    try:
        every = options_model(game).parse(options).as_json()
        checked = {name: value for name, value in every.items() if name in options}
        new_game(game, players=players, seed=0, **checked)
    except (GameError, ValueError) as exc:
        raise TableSettingsError(str(exc)) from None
    return checked


class Tables:
    """Every table this process owns, by id."""

    def __init__(self, store: Store, bus: Bus, settings: Settings, clock: Clock | None = None) -> None:
        self.store, self.bus, self.settings = store, bus, settings
        self.clock: Clock = clock or LoopClock()
        """The time the tables keep (tests pass one they move forward themselves)."""
        self.pusher = Pusher(store, bus, settings, self.clock)
        """Tells players away of their turns in correspondence games (Web Push)."""
        self.tables: dict[str, Table] = {}
        self.bots_alone: dict[str, set[str]] = {}
        """Per address: the tables of bots alone made from it here (not finished, or being made)."""
        self.making: set[str] = set()
        """Tables being made (stored, not yet in ``tables``)."""
        self.tasks: set[asyncio.Task[None]] = set()
        self.loading: dict[str, asyncio.Lock] = {}
        s = settings
        self.account_limits = self.quota(s.rate_per_second, s.rate_burst, "limit")
        """Messages per account, across all its connections (a connection has its own limit too)."""
        self.new_players = self.quota(s.guests_per_minute / 60, s.guests_per_minute, "new-players")
        """New players (guests, registrations) per address: the rows one address may create."""
        self.hints = self.quota(s.hints_per_minute / 60, s.hints_per_minute, "hints")
        """Hints per account: each is a search on this server's CPU."""
        self.address_limits = self.quota(s.address_rate, max(1, int(s.address_rate * 2)), "address")
        """Messages per address, over all its accounts and connections."""
        self.new_sockets = self.quota(s.sockets_per_minute / 60, s.sockets_per_minute, "new-sockets")
        """WebSockets opened per address: each handshake costs a connection's setup."""
        self.api_requests = self.quota(s.api_rate, max(1, int(s.api_rate * 2)), "api")
        """HTTP API requests per address (a replay or a review costs CPU)."""
        self.players: Subscription | None = None
        """The players channel (from ``resume``)."""

    def quota(self, rate: float, burst: int, kind: str) -> AccountLimits:
        """A token bucket per key (an account or an address), ``kind`` naming what it counts: this
        process's own here; a cluster's are shared in Redis."""
        return MemoryAccountLimits(rate, burst)

    async def follow_players(self) -> None:
        """Hear of players who change (on any process), to show them as they are now."""
        self.players = await self.bus.subscribe(PLAYERS, self._on_player)

    async def player_changed(self, user_id: int) -> None:
        """Tell every process that ``user_id``'s name or kind changed."""
        await self.bus.publish(PLAYERS, json.dumps({"id": user_id}))

    def _on_player(self, text: str) -> None:
        user_id = int(json.loads(text)["id"])
        self.store.forget_user(user_id)
        task = asyncio.create_task(self._reseat(user_id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _reseat(self, user_id: int) -> None:
        """Show the player as they are now at the tables this process owns where they sit."""
        user = await self.store.user(user_id)
        if user is None:
            return
        for table in list(self.tables.values()):
            seats = [seat for seat, seated in table.users.items() if seated.id == user_id]
            for seat in seats:
                table.users[seat] = user
            if seats:
                await table.changed()

    async def resume(self) -> int:
        """Load every waiting and playing table from the store; games replay from their records and
        their clocks restart. Returns how many tables were resumed."""
        await self.follow_players()
        for row in await self.store.tables(("waiting", "playing")):
            await self._load(row)
        return len(self.tables)

    async def own_new(self, table_id: str) -> None:
        """Called with a new table's id before the table is stored (a cluster takes its lease here,
        so no other process can mistake it for an orphan)."""

    def fence(self, table: Table) -> int | None:
        """The ownership epoch this process writes a table's moves with (None: no fencing; a cluster
        of processes fences, see ``muggins.server.cluster.tables``)."""
        return None

    async def _load(self, row: TableRow, *, taken_over: bool = False) -> Table:
        """A table from the store; ``taken_over`` (from another process): its clocks run from its
        last stored move rather than starting afresh."""
        chat = await self.store.chat(row.id, limit=CHAT_LINES)
        users: dict[int, User] = {}
        for uid in {uid for uid, _ in row.seats.values()} | {uid for uid, _, _ in chat}:
            user = await self.store.user(uid)
            if user is not None:
                users[uid] = user
        return self._place(row, users, await self.store.current_game(row.id), chat, taken_over=taken_over)

    def _place(
        self,
        row: TableRow,
        users: dict[int, User],
        stored: GameRow | None,
        chat: list[tuple[int, str, float]],
        *,
        taken_over: bool,
    ) -> Table:
        """The table the store holds (``users`` by id: those seated and those who chatted), now
        in memory here."""
        seated = {seat: users[uid] for seat, (uid, _) in row.seats.items() if uid in users}
        table = Table(row, seated, self)
        if stored is not None:
            # a table taken over, and a correspondence game (days, not seconds), keep their clocks
            keep = taken_over or row.days is not None
            since = (stored.moves[-1].at if stored.moves else stored.started_at) if keep else None
            table.resume(stored, since=since)
        for uid, text, at in chat:
            author = users.get(uid)
            if author is not None:
                line = messages.Chat(table_id=row.id, user=user_info(author), text=text, at=at)
                table.chat_log.append(line)
        self.tables[row.id] = table
        table.watch_idle()
        return table

    async def get(self, table_id: str) -> PlayerTable:
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
                    raise NoTableError(f"there is no table {table_id!r}")
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
        address: str = "",
        rated: bool = True,
        people: dict[int, User] | None = None,
    ) -> PlayerTable:
        """A new table; the creator sits at ``seat`` (None: they only watch), bots at theirs and
        ``people`` (paired by a pool) at theirs. Options are checked by the engine itself (a trial
        game is made). A table of bots alone counts against its ``address``'s
        ``bot_tables_per_address``; one with ``people`` against nobody's open tables (the pool
        bounds what its players hold)."""
        checked = checked_options(game, players, options)
        people = people or {}
        for bot_seat, name in bots.items():
            if not 0 <= bot_seat < players:
                raise TableSettingsError(f"bot seat {bot_seat} is not a seat of a {players}-player table")
            if name not in bot_names(game):
                raise TableSettingsError(
                    f"no bot {name!r} for {game}: expected one of {', '.join(bot_names(game))}"
                )
        if seat is not None and (not 0 <= seat < players or seat in bots or seat in people):
            raise TableSettingsError(f"seat {seat} is not a free seat of a {players}-player table")
        if any(not 0 <= s < players or s in bots for s in people):
            raise TableSettingsError(f"the people's seats {sorted(people)} are not free seats of this table")
        row = TableRow(
            id=secrets.token_urlsafe(8).replace("-", "x").replace("_", "y"),
            game=game,
            players=players,
            options=checked,
            turn_time=time_controls.turn_clock(people=players - len(bots)),
            count_time=time_controls.count_time,
            intermission=time_controls.intermission,
            days=time_controls.days,
            hints=hints,
            private=private,
            status="waiting",
            created_by=creator.id,
            created_at=self.clock.time(),
            rated=rated,
        )
        alone = self._bots_alone_from(address) if len(bots) == players else None
        if alone is not None:
            alone.add(row.id)  # held from now, before any await: concurrent creations see it
        self.making.add(row.id)
        try:
            users: dict[int, User] = {}
            for bot_seat, name in sorted(bots.items()):
                bot_user = await self.store.bot_user(game, name)
                row.seats[bot_seat] = (bot_user.id, name)
                users[bot_seat] = bot_user
            for person_seat, person in people.items():
                row.seats[person_seat] = (person.id, None)
                users[person_seat] = person
            await self.own_new(row.id)
            at_most = None if people else self.settings.open_tables_per_user
            await self.store.create_table(row, at_most=at_most)
        except Exception as exc:
            if alone is not None:
                alone.discard(row.id)
            if isinstance(exc, TooManyTablesError):
                raise TableSettingsError(str(exc)) from None
            raise
        finally:
            self.making.discard(row.id)
        table = Table(row, users, self)
        self.tables[row.id] = table
        if seat is not None:
            await table.sit(creator, seat)  # watches the table for idleness itself
        elif len(row.seats) == players:
            async with table.lock:
                await table.start_game()
        else:
            await table.changed()
            table.watch_idle()  # made for others to sit at: closes if nobody comes
        return table

    def _bots_alone_from(self, address: str) -> set[str]:
        """The tables of bots alone ``address`` holds here (being made, or not finished; those
        finished or gone to another process are let go), if it may make another; else
        ``TableSettingsError``."""
        held = {
            table_id
            for table_id in self.bots_alone.get(address, ())
            if table_id in self.making
            or ((table := self.tables.get(table_id)) is not None and table.row.status != "finished")
        }
        self.bots_alone[address] = held
        most = self.settings.bot_tables_per_address
        if len(held) >= most:
            raise TableSettingsError(
                f"your address has {most} tables of bots alone playing already: watch one to its end first"
            )
        return held

    async def listening(self, table: Table, audience: str) -> bool:
        """Whether anybody could hear a message for ``audience`` at ``table`` (a table skips
        building messages for an audience nobody is in)."""
        return await self.bus.has_subscribers(table_channel(table.id, audience))

    def taken_over(self, table_id: str) -> None:
        """A write found that another process owns ``table_id`` now. One process alone owns
        every table (nothing takes one over): there is nothing to do; a cluster lets it go."""

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

    async def sessions_ended(self, user_id: int) -> None:
        """Tell every connection of ``user_id``, on every process, that the sessions issued before
        the player's current token epoch have ended (they close)."""
        epoch = await self.store.token_epoch(user_id) or 0
        await self.bus.publish(session_channel(user_id), str(epoch))

    def lobby_page(self, page: int) -> tuple[list[messages.TableInfo], int]:
        """Page ``page`` (from 0) of the lobby (public tables waiting or playing) and how many it
        holds in all; only the page's tables are described."""
        public = [t for t in self.tables.values() if not t.row.private and t.row.status != "finished"]
        shown, total = page_of(public[::-1], lambda t: t.row.status == "waiting", page)
        return [t.info() for t in shown], total

    async def lobby_changed(self, table: Table, update: messages.TableUpdate) -> None:
        if not table.row.private:
            await self.bus.publish(LOBBY, update.model_dump_json())

    async def close(self) -> None:
        if self.players is not None:
            await self.players.close()
        for table in self.tables.values():
            table.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.pusher.close()

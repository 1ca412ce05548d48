"""Many server processes serving one platform: tables owned under leases, requests forwarded to
each table's owner, orphaned tables taken over, and a lobby of every table in the cluster.

Each process is a node with a random id. A node owns the tables it creates and those it takes
over (their lease had expired: the owner died); only the owner holds a live ``Table`` with its
game, clocks and bots, so each clock fires once in the cluster. Everywhere else a table is a
``TableHandle`` that sends each request to the owner and mirrors what connections read at once
(seats, views, clocks, chat) from the table's bus channels.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import itertools
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis

from muggins.server import messages
from muggins.server.accounts import AccountLimits, RedisAccountLimits
from muggins.server.bus import Subscription, table_channel
from muggins.server.bus.redis import RedisBus
from muggins.server.clock import Clock
from muggins.server.cluster.forward import Forwarder, ForwardError, NotOwnerError
from muggins.server.cluster.ownership import Leases
from muggins.server.settings import Settings
from muggins.server.store import Store, TableRow, User
from muggins.server.tables import (
    CHAT_LINES,
    LOBBY,
    WATCH,
    BusyError,
    NoTableError,
    PlayerTable,
    Table,
    TableError,
    Tables,
    page_of,
    table_error,
)

log = logging.getLogger(__name__)

CALL_TIMEOUT = 5.0
"""Seconds a request waits for its table's owner (longer while the owner still holds the lease)."""

WATCH_SECONDS = 0.25
"""How often a node looks for dead nodes (and takes their tables), and how often a request waiting
on another node's answer asks whether that node still owns the table: a killed process's games move
within about this long, not a lease's length."""

Op = Callable[[Table, User, dict[str, Any]], Awaitable[Any]]


async def _snapshot(table: Table, _user: User, _args: dict[str, Any]) -> dict[str, Any]:
    """What a mirror needs: the table and its chat."""
    return {
        "info": table.info().model_dump(mode="json"),
        "chat": [line.model_dump(mode="json") for line in table.chat_log],
    }


async def _state(table: Table, user: User, args: dict[str, Any]) -> dict[str, Any]:
    """The state of the seat ``user`` holds (the owner decides the seat: a process cannot ask for
    another seat's cards), its log from ``since`` as ``Join`` says."""
    since = args.get("since")
    state = await table.state(user, None if since is None else messages.LogMark.model_validate(since))
    return {"seat": state.seat, "position": state.position, "text": state.text}


async def _hint(table: Table, user: User, _args: dict[str, Any]) -> dict[str, Any]:
    return (await table.hint(user)).model_dump(mode="json")


OPS: dict[str, Op] = {
    "sit": lambda t, u, a: t.sit(u, a["seat"]),
    "stand": lambda t, u, a: t.stand(u),
    "move": lambda t, u, a: t.move(u, a["text"], a["state_id"]),
    "ready": lambda t, u, a: t.ready(u),
    "leave": lambda t, u, a: t.leave(u),
    "rematch": lambda t, u, a: t.ask_rematch(u),
    "chat": lambda t, u, a: t.chat(u, a["text"]),
    "hint": _hint,
    "attach": lambda t, u, a: t.attach_as(u, a["key"]),
    "detach": lambda t, u, a: t.detach_as(u, a["key"]),
    "snapshot": _snapshot,
    "state": _state,
}
"""What an owner does for a request, by operation name."""

SWEEP_BATCH = 1000
"""Orphaned tables a sweep claims and loads together (a dead process may leave a thousand). One
batch is one lease script, one claim and one read: with every await of a takeover queued behind a
whole process's players reconnecting, a thousand tables taken in batches of 100 were in play after
3-4.5 s, in one batch after 0.4 s (``bench/cluster.py --games 2000 --kill-at 15``)."""
ANNOUNCE_GROUP = 100
"""Taken tables announced together (each sends its states and lobby entry on the bus)."""

DETACH_DEAD_AFTER = 5.0
"""Seconds after a node's death is seen that its connections are detached from this node's tables.
Its players reconnect within seconds: detached at once, each of their grace periods began and
ended again, telling every such table twice in the busiest seconds of a takeover."""

OWNER = "owner"
"""The audience name of a table's takeover notices: the new owner's node id, heard by every mirror."""

NOBODY = User(0, "cluster", "bot")
"""The user named in requests that act for no player (a mirror's snapshot)."""


def connection_key(node: str, number: int) -> str:
    """The key a node's handle names one of its connections by at a table's owner: the node's id
    first, so every owner can tell the connections of a node that died."""
    return f"{node}.{number}"


def node_of(key: str) -> str:
    """The node whose connection a ``connection_key`` names."""
    return key.partition(".")[0]


class ClusterTables(Tables):
    """``Tables`` for one node of a cluster on Redis (bus, leases) and a shared SQL store."""

    def __init__(self, store: Store, bus: RedisBus, settings: Settings, clock: Clock | None = None) -> None:
        super().__init__(store, bus, settings, clock)
        self.node = secrets.token_hex(6)
        self.ttl = settings.lease_seconds
        # Leases on their own connections, so renewals never queue behind a burst of events.
        self.control = aioredis.Redis(
            connection_pool=aioredis.BlockingConnectionPool.from_url(
                bus.url, max_connections=8, timeout=30, decode_responses=True
            )
        )
        self.leases = Leases(self.control, bus.key("lease"), self.node, self.ttl, url=bus.url)
        self.owners: dict[str, str] = {}
        """Table -> the node last seen holding its lease (asked again when that node does not answer
        or says it is not the owner), so a forwarded request costs no lookup in Redis."""
        self.lobby_key = bus.key("lobby")
        self.redis = bus.redis
        self.redis_bus = bus
        self.forwarder = Forwarder(bus, self.node, self._serve)
        self.handles: dict[str, TableHandle] = {}
        self.epochs: dict[str, int] = {}
        """Table -> the epoch this node claimed it in; -1 once its lease is lost."""
        self.taking: dict[str, asyncio.Lock] = {}
        self.pending: set[str] = set()
        """Tables leased but not yet in ``tables`` (being created or loaded): their leases are renewed too."""
        self.creating: dict[asyncio.Task[Any] | None, str] = {}
        """The request making a table -> the id its table got."""
        self.listing: dict[str, messages.TableInfo] = {}
        self.loops: list[asyncio.Task[None]] = []
        self.sweep_all = False
        """The next sweep looks at every unfinished table, not only those of dead nodes."""
        self.dead_seen: dict[str, float] = {}
        """Nodes seen dead whose connections are not yet detached here, and when each was first seen."""
        self.detach_after = DETACH_DEAD_AFTER
        self.lobby_sub: Subscription | None = None

    # --- starting and stopping ------------------------------------------------------------

    async def resume(self) -> int:
        """Join the cluster: answer requests, follow the lobby, keep leases, take orphaned tables."""
        await self.forwarder.start()
        await self.follow_players()
        self.lobby_sub = await self.bus.subscribe(LOBBY, self._on_lobby)
        for text in (await self.redis.hgetall(self.lobby_key)).values():
            info = messages.TableInfo.model_validate_json(text)
            self.listing.setdefault(info.id, info)
        await self.leases.register()
        await self._sweep(everything=True)
        loop = asyncio.get_running_loop()
        self.loops = [loop.create_task(self._keep_leases()), loop.create_task(self._keep_sweeping())]
        log.info("node %s owns %d tables", self.node, len(self.tables))
        return len(self.tables)

    async def close(self) -> None:
        for task in self.loops:
            task.cancel()
        await asyncio.gather(*self.loops, return_exceptions=True)
        await self.forwarder.close()
        owned = list(self.tables)
        await super().close()
        for table_id in owned:
            with contextlib.suppress(Exception):
                await self.leases.release(table_id)
        with contextlib.suppress(Exception):
            await self.leases.leave()
        await self.control.aclose()
        await self.leases.keeper.aclose()

    def quota(self, rate: float, burst: int, kind: str) -> AccountLimits:
        """Every process of the cluster spends from one bucket per key, kept in Redis."""
        assert isinstance(self.bus, RedisBus)  # set by Tables before the buckets are made
        return RedisAccountLimits(self.bus, rate, burst, kind=kind)

    # --- ownership --------------------------------------------------------------------------

    def fence(self, table: Table) -> int | None:
        """The epoch this node writes a table's moves with (0: it created the table); a ``Table``
        object from an ownership this node has lost gets -1, which the store always refuses."""
        current = self.tables.get(table.id)
        if current is table or (current is None and table.id in self.pending):
            return self.epochs.get(table.id, 0)
        return -1

    async def take(self, table_id: str, dead: str = "") -> bool:
        """Own ``table_id`` if its lease is free (or held by ``dead``, a node found dead): claim it
        in the store (fencing out the old owner), load it from its record, and send everyone at
        the table where its game is (``_announce``). False if another node holds it;
        ``NoTableError`` if no table has that id."""
        taken, missing = await self._take_many({table_id: dead})
        if missing:
            raise NoTableError(f"there is no table {table_id!r}")
        for table in taken:
            await self._announce(table)
        return table_id in self.tables

    async def _take_many(self, orphans: dict[str, str]) -> tuple[list[Table], list[str]]:
        """Take the tables ``orphans`` names (each with the dead node holding its lease, or "") over
        together: their leases in one call, then one claim and read for all (``claim_tables``).
        Returns the tables taken, in play here but not yet announced (``_announce``), and the ids
        leased that name no stored table (their leases given back)."""
        ids = sorted(orphans)
        async with contextlib.AsyncExitStack() as held:
            for table_id in ids:  # in order: a sweep runs alone, a request's take holds one lock
                await held.enter_async_context(self.taking.setdefault(table_id, asyncio.Lock()))
            mine = await self.leases.acquire_many({t: orphans[t] for t in ids if t not in self.tables})
            self.pending.update(mine)
            try:
                claimed = await self.store.claim_tables(mine, CHAT_LINES)
                taken = []
                for found in claimed:
                    self.epochs[found.row.id] = found.epoch
                    taken.append(self._place(found.row, found.users, found.game, found.chat, taken_over=True))
            except BaseException:
                await self._not_taken(mine)
                raise
            finally:
                self.pending.difference_update(mine)
            missing = sorted(set(mine) - {t.id for t in taken})
            await self._not_taken(missing)
        return taken, missing

    async def _not_taken(self, table_ids: list[str]) -> None:
        """A takeover of these tables failed: whatever it had taken is given back."""
        for table_id in table_ids:
            self.epochs[table_id] = -1
            self.tables.pop(table_id, None)
            with contextlib.suppress(Exception):
                await self.leases.release(table_id)

    async def _announce(self, table: Table) -> None:
        """A table this node has just taken over: players connected to live processes are still
        there, so tell the new owner so (their grace periods, started by the load, end); then the
        mirrors, the lobby and every connection following the table are told, with where its game
        is. A connection behind that (the old owner stored a move it did not live to publish) asks
        for the whole state; the others, and the players who rejoin, need nothing more (whole
        states for every audience of a thousand tables held a survivor's moves up for seconds)."""
        log.info("node %s took over table %s (epoch %d)", self.node, table.id, self.epochs[table.id])
        handle = self.handles.get(table.id)
        if handle is not None:
            await handle.reattach()
        await self.bus.publish(table_channel(table.id, OWNER), self.node)
        await table.changed()
        await table.tell_clocks()

    def _drop(self, table_id: str) -> None:
        """This node's lease on a table is gone: stop its clocks and bots, let the new owner run it
        (a lease that only ran out, with nobody else holding it, is taken again: no other node
        looks at a live node's tables)."""
        self.epochs[table_id] = -1
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.close()
            log.warning("node %s lost table %s", self.node, table_id)
            if table.row.status != "finished":
                self.spawn(self._take_orphan(table_id))
        handle = self.handles.get(table_id)
        if handle is not None:
            self.spawn(handle.refresh())

    def taken_over(self, table_id: str) -> None:
        """A move's write was fenced out: another node owns the table now. Let it go at once
        (the lease renewal would notice later), so that its players follow the new owner; after
        the move's refusal has been answered, not inside it."""
        if table_id in self.tables:
            asyncio.get_running_loop().call_soon(self._drop, table_id)

    def spawn(self, job: Awaitable[None]) -> None:
        """Run ``job`` in the background (kept until done, cancelled at shutdown)."""

        async def run() -> None:
            try:
                await job
            except TableError as exc:
                log.warning("%s", exc)

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _keep_leases(self) -> None:
        renewed = time.monotonic()
        while True:
            await asyncio.sleep(self.ttl / 4)
            try:
                lost, forgotten = await self.leases.renew([*self.tables, *self.pending])
                for table_id in lost:
                    self._drop(table_id)
                if forgotten:
                    self.sweep_all = True  # Redis lost its keys, or this node stalled: look at everything
                    # taken for dead, its connections were detached everywhere: tell every owner again
                    for handle in list(self.handles.values()):
                        self.spawn(handle.reattach())
                renewed = time.monotonic()
            except Exception:
                log.exception("renewing leases failed")
                if time.monotonic() - renewed > self.ttl * 0.8:
                    self.sweep_all = True
                    for table_id in list(self.tables):
                        self._drop(table_id)
            self._prune()

    def _prune(self) -> None:
        """Forget what is kept per table for tables this node no longer needs: epochs of tables it
        does not own, idle takeover locks, and handles (with their mirrors and known owners) that
        no connection here has followed for a lease's length. Memory stays with the tables in use,
        not with every table ever seen."""
        live = self.tables.keys() | self.pending
        self.epochs = {t: e for t, e in self.epochs.items() if t in live}
        self.taking = {t: lock for t, lock in self.taking.items() if lock.locked()}
        now = time.monotonic()
        for table_id, handle in list(self.handles.items()):
            if table_id not in live and handle.idle_for(now) > self.ttl:
                del self.handles[table_id]
                self.spawn(handle.unfollow())
        self.owners = {t: node for t, node in self.owners.items() if t in self.handles}

    async def _keep_sweeping(self) -> None:
        while True:
            await asyncio.sleep(min(self.ttl / 2, WATCH_SECONDS) * random.uniform(0.8, 1.2))
            try:
                everything, self.sweep_all = self.sweep_all, False
                await self._sweep(everything=everything)
            except Exception:
                self.sweep_all = self.sweep_all or everything
                log.exception("looking for orphaned tables failed")

    async def _sweep(self, *, everything: bool = False) -> None:
        """Take every unfinished table that nobody owns (a creator holds the lease before it stores
        a table, so a table without one has lost its owner). Only the tables of dead nodes (whose
        heartbeat expired) are looked at, unless ``everything``: when this node starts, and when
        Redis has lost its keys."""
        dead: list[str] = []
        if everything:
            candidates = [r.id for r in await self.store.tables(("waiting", "playing"))]
        else:
            dead = await self.leases.dead_nodes()
            await self._detach_connections_of(dead)
            held = {node: await self.leases.tables_of(node) for node in dead}
            candidates = await self.store.unfinished(sorted({t for ts in held.values() for t in ts}))
        free = [t for t in candidates if t not in self.tables]
        owned_by = await self.leases.owners(free)
        orphans = {t: owner for t, owner in owned_by.items() if owner is None or owner in dead}
        found = list(orphans)
        taken: list[Table] = []
        for first in range(0, len(found), SWEEP_BATCH):
            batch = {t: orphans[t] or "" for t in found[first : first + SWEEP_BATCH]}
            try:
                taken += (await self._take_many(batch))[0]
            except Exception:
                log.exception("taking over %d tables together failed; taking them one by one", len(batch))
                await asyncio.gather(*(self._take_orphan(t, dead) for t, dead in batch.items()))
        # Every table is in play here before any is announced: a move for any of them is made as
        # soon as it comes. The bus sends each group's notices together.
        for first in range(0, len(taken), ANNOUNCE_GROUP):
            group = taken[first : first + ANNOUNCE_GROUP]
            await asyncio.gather(*(self._announce(table) for table in group))
        if dead:
            owners = await self.leases.owners(candidates)
            for node in dead:
                left = [t for t in held[node] if t in owners and owners[t] in (None, *dead)]
                if not left:  # every unfinished table it held has a live owner now
                    await self.leases.forget(node)

    async def _detach_connections_of(self, dead: list[str]) -> None:
        """Connections to dead nodes are gone: ``detach_after`` their death was first seen, and if
        they are still dead then (one only taken for dead attaches its own again), detach the ones
        they attached at the tables this node owns. Their players' grace periods begin as if each
        had dropped (counted present, a player who never came back held the table up for good)."""
        now = time.monotonic()
        for node in dead:
            self.dead_seen.setdefault(node, now)
        due = [node for node, seen in self.dead_seen.items() if now - seen >= self.detach_after]
        if not due:
            return
        gone = set(await self.leases.dead_among(due))
        for node in due:
            del self.dead_seen[node]
        for table in list(self.tables.values()):
            for key, user in list(table.attachments.items()):
                if node_of(key) in gone:
                    await table.detach_as(user, key)

    async def _take_orphan(self, table_id: str, dead: str = "") -> None:
        try:
            await self.take(table_id, dead)
        except TableError:
            pass
        except Exception:
            log.exception("taking over table %s failed", table_id)

    # --- requests -------------------------------------------------------------------------

    async def _serve(self, op: str, table_id: str, user: dict[str, Any], args: dict[str, Any]) -> Any:
        """Run another node's request on a table this node owns."""
        table = self.tables.get(table_id)
        if table is None and await self.leases.owner(table_id) == self.node:
            await self.take(table_id)
            table = self.tables.get(table_id)
        if table is None:
            raise NotOwnerError(table_id)
        try:
            return await OPS[op](table, User(**user), args)
        except TableError as exc:
            raise ForwardError(str(exc), exc.code) from None

    async def call(self, table_id: str, op: str, user: User, **args: Any) -> Any:
        """Run ``op`` on the table wherever it is owned: here, on its owner, or here after taking
        it over (when its owner died and its lease ran out)."""
        deadline = time.monotonic() + 2 * self.ttl + CALL_TIMEOUT
        while True:
            table = self.tables.get(table_id)
            if table is not None:
                return await OPS[op](table, user, args)
            owner = self.owners.get(table_id) or await self._look_up_owner(table_id)
            if owner is None or owner == self.node:
                if await self.take(table_id):
                    continue
            else:
                who = {"id": user.id, "name": user.name, "kind": user.kind}
                try:
                    return await self.forwarder.call(
                        owner,
                        op,
                        table_id=table_id,
                        user=who,
                        args=args,
                        timeout=WATCH_SECONDS,
                        alive=functools.partial(self._still_owner, table_id, owner),
                    )
                except ForwardError as exc:
                    raise table_error(exc.code, str(exc)) from None
                except (NotOwnerError, TimeoutError):
                    if self.owners.get(table_id) == owner:
                        del self.owners[table_id]
                    if table_id in self.tables:  # taken over here meanwhile: no pause
                        continue
            if time.monotonic() > deadline:
                raise BusyError(f"the server that runs table {table_id} does not answer; try again")
            await asyncio.sleep(0.2)

    async def _still_owner(self, table_id: str, node: str) -> bool:
        return await self._look_up_owner(table_id) == node

    async def _look_up_owner(self, table_id: str) -> str | None:
        # In the bus's batches, not on the 8 lease connections: after a crash a thousand requests
        # look owners up at once, and lease renewals and claims must not queue behind them.
        found = await self.redis_bus.run("GET", self.leases.key(table_id))
        owner = None if found is None else str(found)
        if owner is None:
            self.owners.pop(table_id, None)
        else:
            self.owners[table_id] = owner
        return owner

    # --- Tables ---------------------------------------------------------------------------------

    async def get(self, table_id: str) -> PlayerTable:
        handle = self.handles.get(table_id)
        if handle is None:
            local = self.tables.get(table_id)
            row = local.row if local is not None else await self.store.table(table_id)
            if row is None:
                raise NoTableError(f"there is no table {table_id!r}")
            handle = self.handles.setdefault(table_id, TableHandle(row, self))
        if handle.idle_since is not None:
            handle.idle_since = time.monotonic()  # in use: not forgotten while a connection follows it
        if table_id not in self.tables and not handle.mirrored:
            await handle.refresh()
        return handle

    async def create(self, creator: User, **settings: Any) -> PlayerTable:
        """A new table (the settings as ``Tables.create`` takes them), owned by this node (its
        epoch is 0 until a takeover)."""
        try:
            table = await super().create(creator, **settings)
        finally:
            made = self.creating.pop(asyncio.current_task(), None)
            if made is not None:
                self.pending.discard(made)
                if made not in self.tables:
                    await self.leases.release(made)
        return await self.get(table.id)

    async def own_new(self, table_id: str) -> None:
        if not await self.leases.acquire(table_id):
            raise TableError(f"table id {table_id} is taken; try again")
        self.pending.add(table_id)
        self.creating[asyncio.current_task()] = table_id

    async def listening(self, table: Table, audience: str) -> bool:
        """A seat always (its player may be anywhere); spectators only if somebody at the table
        without a seat is connected (every connection attaches to the owner when it follows)."""
        if audience != WATCH:
            return True
        seated = {uid for uid, bot in table.row.seats.values() if bot is None}
        return any(uid not in seated for uid in table.present)

    def lobby_page(self, page: int) -> tuple[list[messages.TableInfo], int]:
        """The lobby of the whole cluster, from the listing every process keeps up to date."""
        public = [t for t in self.listing.values() if not t.private and t.status != "finished"]
        return page_of(public[::-1], lambda t: t.status == "waiting", page)

    async def lobby_changed(self, table: Table, update: messages.TableUpdate) -> None:
        await super().lobby_changed(table, update)
        # On the bus's command connection, which sends what a turn of the loop asks in one write:
        # every seat change writes here, and after a takeover thousands of players' returns do
        # (through the redis-py pool's 8 connections, a returning player's attach took 2-13 s).
        if table.row.private or table.row.status == "finished":
            await self.redis_bus.run("HDEL", self.lobby_key, table.id)
            self.listing.pop(table.id, None)
        else:
            await self.redis_bus.run("HSET", self.lobby_key, table.id, update.table.model_dump_json())

    def _on_lobby(self, text: str) -> None:
        info = messages.TableUpdate.model_validate_json(text).table
        if info.status == "finished":
            self.listing.pop(info.id, None)
        else:
            self.listing[info.id] = info


class TableHandle:
    """A table as connections on any node use it (a ``PlayerTable``): requests run on the owner;
    seats and chat are read from the owner's ``Table`` when it is here, else from a mirror fed by
    the table's channel (its table updates and chat). A whole state with a view comes from the
    owner, so a mirror never follows the game's moves."""

    def __init__(self, row: TableRow, cluster: ClusterTables) -> None:
        self.row = row
        self.cluster = cluster
        self.mirror: messages.TableInfo | None = None
        self._chat: collections.deque[messages.Chat] = collections.deque(maxlen=CHAT_LINES)
        self.subs: list[Subscription] = []
        self.mirrored = False
        self.attached: dict[int, list[str]] = {}
        """User id -> the keys of this node's connections to the table: attached again, by the same
        keys, on a new owner, which counts a key it has already been told of once."""
        self.attached_users: dict[int, User] = {}
        self.keys = itertools.count(1)
        self.idle_since: float | None = time.monotonic()
        """Since when no connection here has been attached (None: one is)."""

    def idle_for(self, now: float) -> float:
        """Seconds no connection of this node has been attached to the table."""
        return 0.0 if self.idle_since is None else now - self.idle_since

    async def unfollow(self) -> None:
        """Stop mirroring the table (its handle is being forgotten)."""
        subs, self.subs = self.subs, []
        self.mirrored = False
        for sub in subs:
            await sub.close()

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def chat_log(self) -> collections.deque[messages.Chat]:
        local = self.cluster.tables.get(self.id)
        return local.chat_log if local is not None else self._chat

    # --- requests go to the owner -------------------------------------------------------------

    async def sit(self, user: User, seat: int | None) -> int:
        return int(await self.cluster.call(self.id, "sit", user, seat=seat))

    async def stand(self, user: User) -> None:
        await self.cluster.call(self.id, "stand", user)

    async def move(self, user: User, text: str, state_id: int) -> None:
        await self.cluster.call(self.id, "move", user, text=text, state_id=state_id)

    async def ready(self, user: User) -> None:
        await self.cluster.call(self.id, "ready", user)

    async def leave(self, user: User) -> bool:
        return bool(await self.cluster.call(self.id, "leave", user))

    async def ask_rematch(self, user: User) -> None:
        await self.cluster.call(self.id, "rematch", user)

    async def chat(self, user: User, text: str) -> None:
        await self.cluster.call(self.id, "chat", user, text=text)

    async def hint(self, user: User) -> messages.Hint:
        return messages.Hint.model_validate(await self.cluster.call(self.id, "hint", user))

    async def attach(self, user: User) -> None:
        self.idle_since = None
        key = connection_key(self.cluster.node, next(self.keys))
        self.attached.setdefault(user.id, []).append(key)  # a re-attach meanwhile tells of it too
        self.attached_users[user.id] = user
        try:
            await self.cluster.call(self.id, "attach", user, key=key)
        except BaseException:
            self._forget(user.id, key)
            raise

    async def detach(self, user: User) -> None:
        keys = self.attached.get(user.id)
        if not keys:
            return
        key = keys[-1]
        self._forget(user.id, key)
        with contextlib.suppress(TableError):
            await self.cluster.call(self.id, "detach", user, key=key)

    def _forget(self, user_id: int, key: str) -> None:
        keys = self.attached.get(user_id, [])
        if key in keys:
            keys.remove(key)
        if not keys:
            self.attached.pop(user_id, None)
            self.attached_users.pop(user_id, None)
        if not self.attached:
            self.idle_since = time.monotonic()

    async def reattach(self) -> None:
        """The table has a new owner: attach this node's connections to it again (by their keys, so
        one that joined the new owner already is not counted twice)."""
        for user_id, keys in list(self.attached.items()):
            for key in list(keys):
                if key in self.attached.get(user_id, ()):  # not gone meanwhile
                    with contextlib.suppress(TableError):
                        await self.cluster.call(self.id, "attach", self.attached_users[user_id], key=key)

    def _on_owner(self, node: str) -> None:
        self.cluster.owners[self.id] = node
        if node != self.cluster.node:
            self.cluster.spawn(self.reattach())

    # --- what connections read at once ---------------------------------------------------------

    def info(self) -> messages.TableInfo:
        local = self.cluster.tables.get(self.id)
        if local is not None:
            return local.info()
        if self.mirror is not None:
            return self.mirror
        return Table(self.row, {}, self.cluster).info()  # not mirrored yet: the row as stored

    def seat_of(self, user_id: int) -> int | None:
        local = self.cluster.tables.get(self.id)
        if local is not None:
            return local.seat_of(user_id)
        found = (s.seat for s in self.info().seats if s.user and s.user.id == user_id and s.bot is None)
        return next(found, None)

    async def state(self, user: User, since: messages.LogMark | None = None) -> messages.StateText:
        local = self.cluster.tables.get(self.id)
        if local is not None:
            return await local.state(user, since)
        found = await self.cluster.call(self.id, "state", user, since=since and since.model_dump())
        game_number, state_id = found["position"]
        return messages.StateText(found["seat"], (game_number, state_id), found["text"])

    # --- the mirror -------------------------------------------------------------------------------

    async def refresh(self) -> None:
        """Follow the table's channel (once) and load the owner's snapshot; updates already newer
        than the snapshot are kept."""
        bus = self.cluster.bus
        if not self.subs:
            self.subs.append(await bus.subscribe(table_channel(self.id), self._on_table))
            self.subs.append(await bus.subscribe(table_channel(self.id, OWNER), self._on_owner))
        self.mirrored = True
        try:
            snap = await self.cluster.call(self.id, "snapshot", NOBODY)
        except TableError:
            self.mirrored = False
            raise
        self._set_info(messages.TableInfo.model_validate(snap["info"]))
        self._chat = collections.deque(
            (messages.Chat.model_validate(c) for c in snap["chat"]), maxlen=self._chat.maxlen
        )

    def _set_info(self, info: messages.TableInfo) -> None:
        old = self.mirror
        if old is None or (old.game_number, old.state_id) <= (info.game_number, info.state_id):
            self.mirror = info
            self.row.status = info.status

    def _on_table(self, text: str) -> None:
        message = json.loads(text)
        kind = message.get("type")
        if kind == "table_update":
            self._set_info(messages.TableInfo.model_validate(message["table"]))
        elif kind == "chat":
            self._chat.append(messages.Chat.model_validate(message))

"""The store on SQL through SQLAlchemy Core: SQLite by default, PostgreSQL with the same schema.

Database calls are blocking, so they run on a small thread pool (one thread for SQLite, which
serialises writers anyway) and the event loop stays free. SQLite runs in WAL mode with
``synchronous=NORMAL``: a committed move survives the server process being killed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import secrets
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from muggins.server.loop import OnLoop
from muggins.server.store import migrate
from muggins.server.store import schema as s
from muggins.server.store.base import (
    GUEST_NAME_TRIES,
    MEMBERS,
    NUMBERED_STEM,
    AccuracyRow,
    ChallengeRow,
    Claimed,
    DuplicateLoginError,
    GameRow,
    MoveRow,
    Rating,
    ResultRow,
    SeekRow,
    StaleOwnerError,
    Store,
    TableRow,
    TooManyChallengesError,
    TooManyTablesError,
    User,
    free_name,
    name_keys,
)
from muggins.server.store.sql_push import SqlPush
from muggins.server.store.sql_tournaments import SqlTournaments
from muggins.server.store.url import check_db_url

T = TypeVar("T")

MOVE_FLUSHERS_POSTGRESQL = 2
"""Groups of moves committed at once on PostgreSQL (SQLite has one writer: one group at a time)."""

Stale = set[tuple[int, int]]
"""The games and epochs of moves refused because their table has a newer owner. By epoch, not
game alone: a group may hold a game's moves from its old owner and its new one (one store serving
both in tests), and only the old owner's are refused."""

COMMIT_WINDOW_POSTGRESQL = 0.008
"""Seconds a group of moves stays open on PostgreSQL before it is written, so the moves of other
tables that arrive meanwhile share its commit. A commit costs the server about 0.2 ms of CPU
whatever it holds, and another move in it about 0.01 ms (measured: see docs/deployment.md). Under
1,000 games on two processes (``bench/cluster.py``), 4 ms took PostgreSQL from 0.43 of a core to
0.25 and 8 ms to 0.14-0.22, and each process from 0.378 ms of CPU a move to 0.351-0.358 (p50 of a
move 1.5 ms later); 12 ms gave little more for another 2 ms. Since a move joins the window open
(rather than opening a second), 8 ms makes 5.5 moves a commit at 1,016 moves a second (PostgreSQL
0.09-0.11 of a core). SQLite's commits cost little (no sync of the log): no window."""

CHECKPOINT_MOVES = 2000
"""SQLite: moves written on the event loop between two checkpoints of the write-ahead log."""

USERS_KEPT = 100_000
"""Users kept in memory at most (then forgotten all at once)."""

MAX_ID = 2**31 - 1
"""Ids are 32-bit integers in the schema: a larger id names nothing (PostgreSQL would refuse it)."""


def _is_id(number: int | None) -> bool:
    return number is None or -MAX_ID - 1 <= number <= MAX_ID


def _is_text(value: str | None) -> bool:
    """Text PostgreSQL can compare: no NUL character (a client's id with one names nothing)."""
    return value is None or "\x00" not in value


def _visible(viewer_id: int | None) -> sa.ColumnElement[bool]:
    """The games anybody may see (at public tables), and those ``viewer_id`` played in: a private
    table's games, and so its id (the invitation), are its players' alone."""
    visible: sa.ColumnElement[bool] = s.games.c.table_id.in_(
        sa.select(s.tables.c.id).where(s.tables.c.private == sa.false())
    )
    if viewer_id is not None:
        visible |= s.games.c.id.in_(sa.select(s.results.c.game_id).where(s.results.c.user_id == viewer_id))
    return visible


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


class SqlStore(SqlTournaments, SqlPush, Store, OnLoop):
    """``Store`` on any SQLAlchemy URL (``sqlite:///path``, ``postgresql://...``)."""

    def __init__(self, url: str, *, commit_window: float = COMMIT_WINDOW_POSTGRESQL) -> None:
        url = check_db_url(url)
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        workers = 1 if self.is_sqlite else 8
        # As many pooled connections as threads (the claims' thread too): no connection is opened
        # and closed per call.
        threads = workers + (0 if self.is_sqlite else 1)
        pooling: dict[str, Any] = {} if self.is_sqlite else {"pool_size": threads, "max_overflow": 0}
        # pool_pre_ping: a pooled connection that a database restart closed is replaced, not used.
        self.engine = sa.create_engine(url, future=True, pool_pre_ping=not self.is_sqlite, **pooling)
        if self.is_sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="store")
        self.claims = self.pool
        if not self.is_sqlite:
            self.claims = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-claims")
        """Where tables are claimed and read for a takeover: a thread of its own on PostgreSQL. When
        a process dies its players all reconnect at once, and each hello reads the store; the claims
        of that process's tables must not queue behind those reads, or every one of its games waits
        for them (measured: the last batches of a thousand-table takeover took 1-2 s, not 0.05)."""
        self.reader = self.engine
        """Reads. On PostgreSQL an engine of its own: each statement on its own (no BEGIN and
        ROLLBACK: its statements each see their own snapshot under READ COMMITTED anyway), and no
        ping when a connection is taken from the pool. A read on a connection the database closed
        fails and is run once more (``_read``): a read cost four round trips, now one."""
        if not self.is_sqlite:
            self.reader = sa.create_engine(url, future=True, isolation_level="AUTOCOMMIT", **pooling)
        self.epoch_asks: dict[int, list[asyncio.Future[tuple[User, int] | None]]] = {}
        """``user_and_epoch`` asks waiting for the next read, by user id."""
        self.epoch_reader: asyncio.Task[None] | None = None
        self.users: dict[int, User] = {}
        """Users by id, as read: reconnecting players and tables taken over after a crash read them
        once. Only a guest becoming a member, or a member a bot account, changes a user (another
        process shows the old kind until it forgets)."""
        self.move_flushers = 1 if self.is_sqlite else MOVE_FLUSHERS_POSTGRESQL
        self.commit_window = 0.0 if self.is_sqlite else commit_window
        self.move_batch: list[tuple[int, MoveRow, int | None, asyncio.Future[None]]] = []
        self.flushers: set[asyncio.Task[None]] = set()
        self.flushing = 0
        """Groups of moves being committed now."""
        self.gathering = False
        """Whether a group's commit window is open (moves join it)."""
        self.move_writer: sqlite3.Connection | None = None
        """SQLite: the move writer's own connection, used on the event loop."""
        self.moves_since_checkpoint = 0
        self.move_connections: list[Any] = []
        """Idle asynchronous PostgreSQL connections of the move writers (in autocommit)."""
        self.conninfo = (
            sa.engine.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        )

    async def _run(self, fn: Callable[..., T], *args: Any, claims: bool = False) -> T:
        """``fn(*args)`` on a store thread (``claims``: the takeovers' own thread)."""
        pool = self.claims if claims else self.pool
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)

    async def _read(self, fn: Callable[..., T], *args: Any, claims: bool = False) -> T:
        """``_run`` for a read on ``reader``: run once more if its connection had been closed by the
        database (a restart), which empties the pool of such connections."""
        try:
            return await self._run(fn, *args, claims=claims)
        except sa.exc.DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            return await self._run(fn, *args, claims=claims)

    def _insert(self, table: sa.Table) -> Any:
        """An INSERT that can do nothing on conflict in this dialect."""
        return (sqlite.insert if self.is_sqlite else postgresql.insert)(table)

    async def start(self) -> None:
        await self._run(migrate.upgrade, self.engine)

    async def close(self) -> None:
        await asyncio.gather(*self.flushers, return_exceptions=True)
        for conn in self.move_connections:
            await conn.close()
        self.move_connections.clear()
        if self.move_writer is not None:
            self.move_writer.close()
            self.move_writer = None
        await self._run(self.engine.dispose)
        await self._run(self.reader.dispose)
        self.pool.shutdown(wait=True)
        if self.claims is not self.pool:
            self.claims.shutdown(wait=True)

    # --- users ------------------------------------------------------------------------------

    async def secret(self) -> str:
        return await self.kept("token_secret", lambda: secrets.token_urlsafe(32))

    async def kept(self, key: str, make: Callable[[], str]) -> str:
        def run() -> str:
            with self.engine.begin() as c:
                c.execute(self._insert(s.meta).values(key=key, value=make()).on_conflict_do_nothing())
                return str(c.execute(sa.select(s.meta.c.value).where(s.meta.c.key == key)).scalar_one())

        return await self._run(run)

    async def create_user(
        self, name: str, kind: str, *, login: str | None = None, password_hash: str | None = None
    ) -> User:
        def run() -> User:
            keys = None if kind == "bot" else name_keys(name)  # bots' names repeat: no keys
            try:
                with self.engine.begin() as c:
                    if keys is not None:
                        self._check_name_free(c, name, keys)
                    uid = c.execute(
                        s.users.insert().values(
                            name=name,
                            kind=kind,
                            login=login,
                            password_hash=password_hash,
                            created_at=time.time(),
                            name_key=None if keys is None else keys[0],
                            typed_key=None if keys is None else keys[1],
                        )
                    ).inserted_primary_key
            except sa.exc.IntegrityError:
                raise DuplicateLoginError(f"the name {name!r} is taken") from None
            assert uid is not None
            return User(int(uid[0]), name, kind)

        return await self._run(run)

    @staticmethod
    def _check_name_free(c: sa.Connection, name: str, keys: tuple[str, str], but: int | None = None) -> None:
        """Raise ``DuplicateLoginError`` if either of ``name``'s ``keys`` is either key of a name
        held (by anyone but the user ``but``). The unique indexes hold each key to one player too."""
        held = sa.or_(s.users.c.name_key.in_(keys), s.users.c.typed_key.in_(keys))
        query = sa.select(s.users.c.id).where(held)
        if but is not None:
            query = query.where(s.users.c.id != but)
        if c.execute(query.limit(1)).first() is not None:
            raise DuplicateLoginError(f"the name {name!r} is taken")

    async def create_guest(self, name: str) -> User:
        def taken() -> set[str]:
            stems = name_keys(name[:NUMBERED_STEM])
            columns = (s.users.c.name_key, s.users.c.typed_key)
            near = sa.or_(*(column.startswith(stem, autoescape=True) for column in columns for stem in stems))
            with self.reader.connect() as c:
                return {key for row in c.execute(sa.select(*columns).where(near)) for key in row if key}

        for _ in range(GUEST_NAME_TRIES):  # another guest may take the same free name meanwhile
            given = free_name(name, await self._read(taken))
            try:
                return await self.create_user(given, "guest")
            except DuplicateLoginError:
                continue
        raise DuplicateLoginError(f"the name {name!r} is taken; choose another")

    async def make_member(self, user_id: int, name: str, login: str, password_hash: str) -> User:
        def run() -> User:
            keys = name_keys(name)
            try:
                with self.engine.begin() as c:
                    self._check_name_free(c, name, keys, but=user_id)
                    done = c.execute(
                        s.users.update()
                        .where(s.users.c.id == user_id, s.users.c.kind == "guest")
                        .values(
                            name=name,
                            name_key=keys[0],
                            typed_key=keys[1],
                            kind="member",
                            login=login,
                            password_hash=password_hash,
                        )
                    ).rowcount
            except sa.exc.IntegrityError:
                raise DuplicateLoginError(f"the name {name!r} is taken") from None
            if not done:
                raise DuplicateLoginError(f"user {user_id} is not a guest")
            return User(user_id, name, "member")

        member = await self._run(run)
        self.users[user_id] = member
        return member

    async def make_bot_account(self, user_id: int) -> User | None:
        def run() -> User | None:
            rated = sa.exists().where(s.ratings.c.user_id == user_id)
            with self.engine.begin() as c:
                row = c.execute(
                    s.users.update()
                    .where(s.users.c.id == user_id, s.users.c.kind == "member", ~rated)
                    .values(kind="bot_account", token_epoch=s.users.c.token_epoch + 1)
                    .returning(s.users.c.name)
                ).first()
            return User(user_id, row.name, "bot_account") if row else None

        made = await self._run(run)
        if made is not None:
            self.users[user_id] = made
        return made

    async def token_epoch(self, user_id: int) -> int | None:
        if not _is_id(user_id):
            return None

        def run() -> int | None:
            with self.reader.connect() as c:
                found = c.execute(sa.select(s.users.c.token_epoch).where(s.users.c.id == user_id)).scalar()
            return None if found is None else int(found)

        return await self._read(run)

    async def revoke_tokens(self, user_id: int) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                c.execute(
                    s.users.update()
                    .where(s.users.c.id == user_id)
                    .values(token_epoch=s.users.c.token_epoch + 1)
                )

        await self._run(run)

    async def settings(self, user_id: int) -> dict[str, str]:
        def run() -> dict[str, str]:
            with self.reader.connect() as c:
                found = c.execute(sa.select(s.users.c.settings).where(s.users.c.id == user_id)).scalar()
            return dict(found) if isinstance(found, dict) else {}

        return await self._read(run)

    async def set_settings(self, user_id: int, settings: dict[str, str]) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                c.execute(s.users.update().where(s.users.c.id == user_id).values(settings=settings))

        await self._run(run)

    def forget_user(self, user_id: int) -> None:
        self.users.pop(user_id, None)

    async def user(self, user_id: int) -> User | None:
        if not _is_id(user_id):
            return None
        known = self.users.get(user_id)
        if known is not None:
            return known

        def run() -> User | None:
            with self.reader.connect() as c:
                row = c.execute(
                    sa.select(s.users.c.id, s.users.c.name, s.users.c.kind).where(s.users.c.id == user_id)
                ).first()
            return User(row.id, row.name, row.kind) if row else None

        found = await self._read(run)
        return None if found is None else self._remember(found)

    def _remember(self, user: User) -> User:
        """Keep ``user`` among the users read (all forgotten at once past ``USERS_KEPT``)."""
        if len(self.users) >= USERS_KEPT and user.id not in self.users:
            self.users.clear()
        self.users[user.id] = user
        return user

    async def user_and_epoch(self, user_id: int) -> tuple[User, int] | None:
        """Read with the others asked for meanwhile: while a read is under way, the asks that
        come wait for the next, which reads them all in one query. When a process dies its players
        all come back at once, each to be checked: one read each queued 2,000 of them behind
        each other on the store's threads (a second, in ``bench/cluster.py --kill-at``)."""
        if not _is_id(user_id):
            return None
        future: asyncio.Future[tuple[User, int] | None] = self.loop.create_future()
        self.epoch_asks.setdefault(user_id, []).append(future)
        if self.epoch_reader is None:
            self.epoch_reader = self.loop.create_task(self._read_epochs())
        return await future

    async def _read_epochs(self) -> None:
        """Answer every ``user_and_epoch`` asked, a query for all the asks waiting at each turn."""
        try:
            while self.epoch_asks:
                asks, self.epoch_asks = self.epoch_asks, {}
                found: dict[int, tuple[User, int]] = {}
                error: Exception | None = None
                try:
                    found = await self._read(self._users_and_epochs, list(asks))
                except Exception as exc:  # noqa: BLE001 - its waiters get the error; the next asks try again
                    error = exc
                for user_id, futures in asks.items():
                    for future in futures:
                        if future.done():  # its waiter gave up
                            continue
                        if error is not None:
                            future.set_exception(error)
                        else:
                            future.set_result(found.get(user_id))
                for user, _ in found.values():  # as ``user`` would have kept them
                    self._remember(user)
        finally:
            self.epoch_reader = None

    def _users_and_epochs(self, user_ids: list[int]) -> dict[int, tuple[User, int]]:
        columns = (s.users.c.id, s.users.c.name, s.users.c.kind, s.users.c.token_epoch)
        with self.reader.connect() as c:
            rows = c.execute(sa.select(*columns).where(s.users.c.id.in_(user_ids))).all()
        return {row.id: (User(row.id, row.name, row.kind), int(row.token_epoch)) for row in rows}

    async def login(self, login: str) -> tuple[User, str] | None:
        def run() -> tuple[User, str] | None:
            with self.reader.connect() as c:
                row = c.execute(
                    sa.select(s.users).where(s.users.c.login == login, s.users.c.kind.in_(MEMBERS))
                ).first()
            return (User(row.id, row.name, row.kind), row.password_hash) if row else None

        return await self._read(run)

    async def set_password_hash(self, user_id: int, password_hash: str) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                c.execute(s.users.update().where(s.users.c.id == user_id).values(password_hash=password_hash))

        await self._run(run)

    async def bot_user(self, game: str, bot: str) -> User:
        login = f"bot:{game}:{bot}"

        def run() -> User:
            with self.engine.begin() as c:
                c.execute(
                    self._insert(s.users)
                    .values(name=f"{bot} bot", kind="bot", login=login, created_at=time.time())
                    .on_conflict_do_nothing()
                )
                row = c.execute(sa.select(s.users).where(s.users.c.login == login)).one()
            return User(row.id, row.name, row.kind)

        return await self._run(run)

    # --- tables -----------------------------------------------------------------------------

    async def create_table(self, table: TableRow, *, at_most: int | None = None) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                if at_most is not None and table.created_by is not None:
                    self._check_open_tables(c, table.created_by, at_most)
                c.execute(
                    s.tables.insert().values(
                        id=table.id,
                        game=table.game,
                        players=table.players,
                        options=table.options,
                        turn_time=table.turn_time,
                        count_time=table.count_time,
                        intermission=table.intermission,
                        hints=table.hints,
                        private=table.private,
                        status=table.status,
                        created_by=table.created_by,
                        created_at=table.created_at,
                        rated=table.rated,
                        days=table.days,
                    )
                )
                for seat, (uid, bot) in table.seats.items():
                    c.execute(s.seats.insert().values(table_id=table.id, seat=seat, user_id=uid, bot=bot))

        await self._run(run)

    # --- the pairing pools ---------------------------------------------------------------------

    async def seek(self, row: SeekRow) -> SeekRow:
        def run() -> SeekRow:
            with self.engine.begin() as c:
                gone = c.execute(
                    s.seeks.delete()
                    .where(s.seeks.c.user_id == row.user_id)
                    .returning(s.seeks.c.pool, s.seeks.c.since)
                ).first()
                since = gone.since if gone is not None and gone.pool == row.pool else row.since
                kept = SeekRow(row.user_id, row.pool, row.request, row.rating, since, row.holder, row.seen_at)
                c.execute(s.seeks.insert().values(**dataclasses.asdict(kept)))
                return kept

        try:
            return await self._run(run)
        except sa.exc.IntegrityError:  # the player's other connection sought at the same moment
            return await self._run(run)

    async def unseek(self, user_id: int, holder: str | None = None) -> bool:
        where = s.seeks.c.user_id == user_id
        if holder is not None:
            where &= s.seeks.c.holder == holder

        def run() -> bool:
            with self.engine.begin() as c:
                return bool(c.execute(s.seeks.delete().where(where)).rowcount)

        return await self._run(run)

    async def let_go_seek(self, user_id: int, holder: str, at: float) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                mine = (s.seeks.c.user_id == user_id) & (s.seeks.c.holder == holder)
                c.execute(s.seeks.update().where(mine).values(holder="", seen_at=at))

        await self._run(run)

    async def seeks(self) -> list[SeekRow]:
        def run() -> list[SeekRow]:
            with self.reader.connect() as c:
                found = c.execute(sa.select(s.seeks).order_by(s.seeks.c.since, s.seeks.c.user_id))
                return [
                    SeekRow(r.user_id, r.pool, dict(r.request), r.rating, r.since, r.holder, r.seen_at)
                    for r in found
                ]

        return await self._read(run)

    async def take_seeks(self, user_ids: list[int], pool: str) -> bool:
        taken = s.seeks.delete().where(s.seeks.c.user_id.in_(user_ids), s.seeks.c.pool == pool)

        def run() -> bool:
            try:
                with self.engine.begin() as c:
                    if c.execute(taken).rowcount != len(set(user_ids)):
                        raise _SeekGoneError  # one of them is gone: every one stays where they were
            except _SeekGoneError:
                return False
            return True

        return await self._run(run)

    async def keep_seeks(self, process: str, at: float, stale_before: float) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                ours = s.seeks.c.holder.startswith(process + "/", autoescape=True)
                c.execute(s.seeks.update().where(ours).values(seen_at=at))
                c.execute(s.seeks.delete().where(s.seeks.c.seen_at < stale_before))

        await self._run(run)

    # --- challenges --------------------------------------------------------------------------

    async def challenge(self, row: ChallengeRow, *, open_since: float, at_most: int) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                if not self.is_sqlite:  # the challenger's creations count one at a time
                    c.execute(sa.select(s.users.c.id).where(s.users.c.id == row.by_user).with_for_update())
                held = sa.select(sa.func.count()).where(
                    s.challenges.c.by_user == row.by_user,
                    s.challenges.c.status == "open",
                    s.challenges.c.made_at >= open_since,
                )
                if int(c.execute(held).scalar_one()) >= at_most:
                    raise TooManyChallengesError(f"you have {at_most} challenges open: wait for an answer")
                c.execute(s.challenges.insert().values(**dataclasses.asdict(row)))

        await self._run(run)

    async def answer_challenge(
        self, challenge_id: str, status: str, *, by: int, open_since: float
    ) -> ChallengeRow | None:
        answerer = s.challenges.c.by_user if status == "cancelled" else s.challenges.c.to_user
        answered = (
            s.challenges.update()
            .where(
                s.challenges.c.id == challenge_id,
                s.challenges.c.status == "open",
                s.challenges.c.made_at >= open_since,
                answerer == by,
            )
            .values(status=status)
            .returning(*s.challenges.c)
        )

        def run() -> ChallengeRow | None:
            with self.engine.begin() as c:
                found = c.execute(answered).first()
            return None if found is None else _challenge(found)

        return await self._run(run)

    async def challenge_accepted(self, challenge_id: str, table_id: str) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                c.execute(
                    s.challenges.update().where(s.challenges.c.id == challenge_id).values(table_id=table_id)
                )

        await self._run(run)

    async def open_challenges(self, user_id: int, open_since: float) -> list[ChallengeRow]:
        theirs = (s.challenges.c.by_user == user_id) | (s.challenges.c.to_user == user_id)
        query = (
            sa.select(s.challenges)
            .where(theirs, s.challenges.c.status == "open", s.challenges.c.made_at >= open_since)
            .order_by(s.challenges.c.made_at)
        )

        def run() -> list[ChallengeRow]:
            with self.reader.connect() as c:
                return [_challenge(r) for r in c.execute(query)]

        return await self._read(run)

    async def set_status(self, table_id: str, status: str) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                c.execute(s.tables.update().where(s.tables.c.id == table_id).values(status=status))

        await self._run(run)

    async def set_seat(self, table_id: str, seat: int, user_id: int | None, bot: str | None) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                c.execute(s.seats.delete().where(s.seats.c.table_id == table_id, s.seats.c.seat == seat))
                if user_id is not None:
                    c.execute(s.seats.insert().values(table_id=table_id, seat=seat, user_id=user_id, bot=bot))

        await self._run(run)

    def _tables(self, where: Any, *, newest: int | None = None) -> list[TableRow]:
        """The tables ``where`` holds, oldest first; ``newest``: only that many, newest first."""
        query = sa.select(s.tables).where(where)
        if newest is None:
            query = query.order_by(s.tables.c.created_at)
        else:
            query = query.order_by(s.tables.c.created_at.desc()).limit(newest)
        with self.reader.connect() as c:
            rows = c.execute(query).all()
            ids = [r.id for r in rows]
            seat_rows = c.execute(sa.select(s.seats).where(s.seats.c.table_id.in_(ids))).all() if ids else []
        found = {
            r.id: TableRow(
                r.id,
                r.game,
                r.players,
                dict(r.options),
                r.turn_time,
                r.count_time,
                r.intermission,
                r.hints,
                r.private,
                r.status,
                r.created_by,
                r.created_at,
                rated=r.rated,
                days=r.days,
            )
            for r in rows
        }
        for sr in seat_rows:
            found[sr.table_id].seats[sr.seat] = (sr.user_id, sr.bot)
        return list(found.values())

    async def tables(self, statuses: tuple[str, ...]) -> list[TableRow]:
        return await self._read(self._tables, s.tables.c.status.in_(statuses))

    def _check_open_tables(self, c: sa.Connection, user_id: int, at_most: int) -> None:
        """Raise ``TooManyTablesError`` if ``user_id`` has ``at_most`` tables waiting or playing. On
        PostgreSQL the user's row is locked first, so their concurrent creations count one at a
        time; SQLite's writes already run one at a time, on the store's one thread."""
        if not self.is_sqlite:
            c.execute(sa.select(s.users.c.id).where(s.users.c.id == user_id).with_for_update())
        query = sa.select(sa.func.count()).where(
            s.tables.c.status.in_(("waiting", "playing")), s.tables.c.created_by == user_id
        )
        if int(c.execute(query).scalar_one()) >= at_most:
            raise TooManyTablesError(
                f"you have {at_most} tables waiting or playing already: "
                "finish or leave one before making more"
            )

    async def seated(self, user_id: int, limit: int) -> list[TableRow]:
        held = sa.select(s.seats.c.table_id).where(s.seats.c.user_id == user_id, s.seats.c.bot.is_(None))
        where = sa.and_(s.tables.c.status.in_(("waiting", "playing")), s.tables.c.id.in_(held))
        return await self._read(lambda: self._tables(where, newest=limit))

    async def unfinished(self, table_ids: list[str]) -> list[str]:
        if not table_ids:
            return []

        def run() -> list[str]:
            with self.reader.connect() as c:
                found = c.execute(
                    sa.select(s.tables.c.id).where(
                        s.tables.c.id.in_(table_ids), s.tables.c.status.in_(("waiting", "playing"))
                    )
                )
                return [str(row.id) for row in found]

        return await self._read(run)

    async def table(self, table_id: str) -> TableRow | None:
        if not _is_text(table_id):
            return None
        found = await self._read(self._tables, s.tables.c.id == table_id)
        return found[0] if found else None

    # --- games ------------------------------------------------------------------------------

    async def start_game(
        self, table_id: str, number: int, header: dict[str, Any], seats: list[int], *, at: float | None = None
    ) -> int:
        def run() -> int:
            with self.engine.begin() as c:
                key = c.execute(
                    s.games.insert().values(
                        table_id=table_id,
                        number=number,
                        header=header,
                        seats=seats,
                        status="playing",
                        started_at=time.time() if at is None else at,
                    )
                ).inserted_primary_key
                c.execute(s.tables.update().where(s.tables.c.id == table_id).values(status="playing"))
            assert key is not None
            return int(key[0])

        return await self._run(run)

    async def append_move(self, game_id: int, move: MoveRow, epoch: int | None = None) -> None:
        """Moves from every table are written in groups: one transaction holds every move that
        arrived while the previous ones were committing, or (PostgreSQL) within the commit window
        of the first (group commit), so a busy server spends one commit on many moves; a few groups
        commit at once on PostgreSQL (a table's next move is stored only after its last, so two
        groups never hold moves of one game). Each caller returns only once its own move is
        committed. While a group's window is open, another group does not start: a move joins the
        open one (two windows open at once would split the moves between them, and every other
        group would hold only what came in the gap between the two windows' ends)."""
        future: asyncio.Future[None] = self.loop.create_future()
        self.move_batch.append((game_id, move, epoch, future))
        if self.flushing < self.move_flushers and not self.gathering:
            self.flushing += 1
            flusher = self.loop.create_task(self._flush_moves())
            self.flushers.add(flusher)
            flusher.add_done_callback(self.flushers.discard)
        await future

    async def _flush_moves(self) -> None:
        try:
            if self.commit_window:
                self.gathering = True
                try:
                    await asyncio.sleep(self.commit_window)
                finally:
                    self.gathering = False
            await self._commit_groups()
        finally:
            self.flushing -= 1  # at once (a done callback would come late and strand a move)

    async def _commit_groups(self) -> None:
        while self.move_batch and not self.gathering:  # moves that came in another's window are its
            batch, self.move_batch = self.move_batch, []
            try:
                stale = await self._write_moves([(g, m, e) for g, m, e, _ in batch])
            except Exception:  # noqa: BLE001 - each move is written again alone, and fails alone
                # One bad move must not fail the others: write them one by one.
                for game_id, move, epoch, future in batch:
                    try:
                        stale = await self._write_moves([(game_id, move, epoch)])
                    except Exception as exc:  # noqa: BLE001 - its mover gets the error
                        _settle(future, game_id, epoch, set(), exc)
                    else:
                        _settle(future, game_id, epoch, stale)
            else:
                for game_id, _, epoch, future in batch:
                    _settle(future, game_id, epoch, stale)

    async def _write_moves(self, rows: list[tuple[int, MoveRow, int | None]]) -> Stale:
        """Write a group of moves, except those whose epoch is not their table's any more; returns
        the games and epochs of the moves refused so. SQLite writes on the store's thread;
        PostgreSQL on an asynchronous connection of the move writers' own, on the event loop (a
        thread's hand-offs cost more CPU than the one statement)."""
        if self.is_sqlite:
            return await self._write_moves_sqlite(rows)
        import psycopg

        conn = self.move_connections.pop() if self.move_connections else None
        try:
            if conn is None:
                conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
            async with conn.cursor() as cursor:
                await cursor.execute(INSERT_MOVES_POSTGRESQL, (moves_json(rows),))
                stale = {(int(game_id), int(epoch)) for game_id, epoch in await cursor.fetchall()}
        except psycopg.Error as exc:
            if conn is not None and not conn.broken and not conn.closed:
                self.move_connections.append(conn)  # a refused statement; the connection is fine
            elif conn is not None:
                await conn.close()
            raise sa.exc.DBAPIError.instance("INSERT INTO moves", None, exc, psycopg.Error) from exc
        self.move_connections.append(conn)
        return stale

    async def _write_moves_sqlite(self, rows: list[tuple[int, MoveRow, int | None]]) -> Stale:
        """On the event loop, on a connection of the move writer's own that never waits for a lock
        (a commit in WAL mode with ``synchronous=NORMAL`` writes no more than the log, and handing
        each group to the store's thread cost more CPU than the write); when another write holds
        the database, on the store's thread, which waits for it."""
        writer = self._sqlite_writer()
        if writer is None:
            return await self._run(self._insert_moves_sqlite, rows)
        try:
            stale = _insert_moves_sqlite(writer, rows)
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise sa.exc.DBAPIError.instance("INSERT INTO moves", None, exc, sqlite3.Error) from exc
            return await self._run(self._insert_moves_sqlite, rows)
        except sqlite3.Error as exc:
            raise sa.exc.DBAPIError.instance("INSERT INTO moves", None, exc, sqlite3.Error) from exc
        self.moves_since_checkpoint += len(rows)
        if self.moves_since_checkpoint >= CHECKPOINT_MOVES:
            self.moves_since_checkpoint = 0
            task = asyncio.get_running_loop().create_task(self._run(self._checkpoint))
            self.flushers.add(task)
            task.add_done_callback(self.flushers.discard)
        return stale

    def _sqlite_writer(self) -> sqlite3.Connection | None:
        """The move writer's own SQLite connection (None for a database in memory: it has one)."""
        if self.move_writer is None:
            path = self.engine.url.database
            if not path or path == ":memory:":
                return None
            writer = sqlite3.connect(path)
            _sqlite_pragmas(writer, None)
            writer.execute("PRAGMA busy_timeout=0")  # never block the event loop: the thread waits instead
            writer.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run on the store's thread
            self.move_writer = writer
        return self.move_writer

    def _checkpoint(self) -> None:
        """Copy the write-ahead log into the database so the log stops growing (not waiting for
        readers)."""
        with self.engine.connect() as c:
            c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _insert_moves_sqlite(self, rows: list[tuple[int, MoveRow, int | None]]) -> Stale:
        """A group of moves in one transaction on a pooled driver connection (SQLAlchemy's statement
        machinery cost more CPU than the write itself)."""
        conn = self.engine.raw_connection()
        try:
            return _insert_moves_sqlite(conn, rows)
        except self.engine.dialect.loaded_dbapi.Error as exc:
            raise sa.exc.DBAPIError.instance(
                "INSERT INTO moves", None, exc, self.engine.dialect.loaded_dbapi.Error
            ) from exc
        finally:
            conn.close()

    async def claim_table(self, table_id: str) -> int:
        epochs = await self._run(self._claim, [table_id], claims=True)
        if table_id not in epochs:
            raise KeyError(f"there is no table {table_id!r} to claim")
        return epochs[table_id]

    async def claim_tables(self, table_ids: list[str], chat_lines: int) -> list[Claimed]:
        ids = [t for t in table_ids if _is_text(t)]
        if not ids:
            return []

        epochs = await self._run(self._claim, ids, claims=True)
        return await self._read(self._claimed, epochs, chat_lines, claims=True) if epochs else []

    def _claim(self, table_ids: list[str]) -> dict[str, int]:
        """Each table's epoch raised by one in one transaction (fencing out its earlier owners): the
        new epochs of those that exist."""
        with self.engine.begin() as c:
            claimed = c.execute(
                s.tables.update()
                .where(s.tables.c.id.in_(table_ids))
                .values(owner_epoch=s.tables.c.owner_epoch + 1)
                .returning(s.tables.c.id, s.tables.c.owner_epoch)
            ).all()
        return {str(r.id): int(r.owner_epoch) for r in claimed}

    def _claimed(self, epochs: dict[str, int], chat_lines: int) -> list[Claimed]:
        """What loading each claimed table needs, in six queries whatever their number."""
        ids = list(epochs)
        rows = self._tables(s.tables.c.id.in_(ids))
        newest = (
            sa.select(sa.func.max(s.games.c.id))
            .where(s.games.c.table_id.in_(ids))
            .group_by(s.games.c.table_id)
        )
        games = {g.id: g for g in self._games(s.games.c.id.in_(newest), with_moves=False, limit=len(ids))}
        recent = sa.func.row_number().over(partition_by=s.chat.c.table_id, order_by=s.chat.c.id.desc())
        ranked = (
            sa.select(s.chat.c.table_id, s.chat.c.user_id, s.chat.c.text, s.chat.c.at, recent.label("n"))
            .where(s.chat.c.table_id.in_(ids))
            .subquery()
        )
        chats: dict[str, list[tuple[int, str, float]]] = {t: [] for t in ids}
        users: dict[int, User] = {}
        with self.reader.connect() as c:
            if games:
                moves = sa.select(s.moves).where(s.moves.c.game_id.in_(list(games)))
                for m in c.execute(moves.order_by(s.moves.c.game_id, s.moves.c.ply)):
                    games[m.game_id].moves.append(MoveRow(m.ply, m.seat, m.text, m.by, m.at))
            for r in c.execute(sa.select(ranked).where(ranked.c.n <= chat_lines).order_by(ranked.c.n.desc())):
                chats[r.table_id].append((r.user_id, r.text, r.at))
            named = {uid for row in rows for uid, _ in row.seats.values()}
            named |= {uid for lines in chats.values() for uid, _, _ in lines}
            who = sa.select(s.users.c.id, s.users.c.name, s.users.c.kind).where(s.users.c.id.in_(named))
            for u in c.execute(who):
                users[u.id] = self.users[u.id] = User(u.id, u.name, u.kind)
        by_table = {g.table_id: g for g in games.values()}
        return [Claimed(row, epochs[row.id], by_table.get(row.id), chats[row.id], users) for row in rows]

    async def rated_together(self, one: int, other: int, since: float) -> int:
        def run() -> int:
            mine, theirs = s.results.alias("mine"), s.results.alias("theirs")
            query = (
                sa.select(sa.func.count())
                .select_from(
                    s.games.join(mine, mine.c.game_id == s.games.c.id).join(
                        theirs, theirs.c.game_id == s.games.c.id
                    )
                )
                .where(
                    s.games.c.rated.is_(True),
                    s.games.c.finished_at >= since,
                    mine.c.user_id == one,
                    theirs.c.user_id == other,
                )
            )
            with self.reader.connect() as c:
                return int(c.execute(query).scalar_one())

        return await self._read(run)

    async def finish_game(
        self, game_id: int, result: dict[str, Any], ratings: list[Rating], *, at: float | None = None
    ) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                row = c.execute(sa.select(s.games).where(s.games.c.id == game_id)).one()
                if row.status == "over":
                    return  # stored already (a retry after a reply that was lost): once only
                c.execute(
                    s.games.update()
                    .where(s.games.c.id == game_id)
                    .values(
                        status="over",
                        result=result,
                        finished_at=time.time() if at is None else at,
                        rated=bool(ratings),
                    )
                )
                c.execute(s.tables.update().where(s.tables.c.id == row.table_id).values(status="finished"))
                for seat, uid in enumerate(row.seats):
                    c.execute(
                        s.results.insert().values(
                            game_id=game_id,
                            seat=seat,
                            user_id=uid,
                            rank=result["ranks"][seat],
                            score=result["scores"][seat],
                        )
                    )
                for r in ratings:
                    key = (
                        (s.ratings.c.user_id == r.user_id)
                        & (s.ratings.c.game == r.game)
                        & (s.ratings.c.seats == r.seats)
                    )
                    c.execute(s.ratings.delete().where(key))
                    c.execute(
                        s.ratings.insert().values(
                            user_id=r.user_id,
                            game=r.game,
                            seats=r.seats,
                            mu=r.mu,
                            sigma=r.sigma,
                            games=r.games,
                        )
                    )

        await self._run(run)

    def _games(self, where: Any, *, with_moves: bool, limit: int) -> list[GameRow]:
        with self.reader.connect() as c:
            rows = c.execute(sa.select(s.games).where(where).order_by(s.games.c.id.desc()).limit(limit)).all()
            found = [
                GameRow(
                    r.id,
                    r.table_id,
                    r.number,
                    dict(r.header),
                    list(r.seats),
                    r.status,
                    r.result,
                    r.started_at,
                    r.finished_at,
                )
                for r in rows
            ]
            if with_moves:
                for g in found:
                    g.moves = [
                        MoveRow(m.ply, m.seat, m.text, m.by, m.at)
                        for m in c.execute(
                            sa.select(s.moves).where(s.moves.c.game_id == g.id).order_by(s.moves.c.ply)
                        )
                    ]
        return found

    async def game(self, game_id: int) -> GameRow | None:
        if not _is_id(game_id):
            return None
        found = await self._read(lambda: self._games(s.games.c.id == game_id, with_moves=True, limit=1))
        return found[0] if found else None

    async def current_game(self, table_id: str) -> GameRow | None:
        where = s.games.c.table_id == table_id
        found = await self._read(lambda: self._games(where, with_moves=True, limit=1))
        return found[0] if found else None

    async def finished_games(
        self,
        *,
        table_id: str | None = None,
        user_id: int | None = None,
        limit: int = 50,
        viewer_id: int | None = None,
    ) -> list[GameRow]:
        if not _is_id(user_id) or not _is_id(viewer_id) or not _is_text(table_id):
            return []
        where: sa.ColumnElement[bool] = s.games.c.status == "over"
        if table_id is not None:
            where &= s.games.c.table_id == table_id
        else:
            where &= _visible(viewer_id)
        if user_id is not None:
            where &= s.games.c.id.in_(sa.select(s.results.c.game_id).where(s.results.c.user_id == user_id))
        return await self._read(lambda: self._games(where, with_moves=False, limit=limit))

    # --- ratings, results, chat ------------------------------------------------------------

    async def ratings(
        self, user_ids: list[int], game: str | None = None, seats: int | None = None
    ) -> list[Rating]:
        user_ids = [u for u in user_ids if _is_id(u)]
        where: sa.ColumnElement[bool] = s.ratings.c.user_id.in_(user_ids)
        if game is not None:
            where &= s.ratings.c.game == game
        if seats is not None:
            where &= s.ratings.c.seats == seats

        def run() -> list[Rating]:
            with self.reader.connect() as c:
                return [
                    Rating(r.user_id, r.game, r.seats, r.mu, r.sigma, r.games)
                    for r in c.execute(sa.select(s.ratings).where(where))
                ]

        return await self._read(run)

    async def leaderboard(
        self, game: str, seats: int, limit: int, *, settled_after: int = 0
    ) -> list[tuple[User, Rating]]:
        settled = sa.case((s.ratings.c.games >= settled_after, 0), else_=1)
        query = (
            sa.select(s.ratings, s.users.c.name, s.users.c.kind)
            .join(s.users, s.users.c.id == s.ratings.c.user_id)
            .where(s.ratings.c.game == game, s.ratings.c.seats == seats)
            .order_by(settled, s.ratings.c.mu.desc(), s.ratings.c.games.desc(), s.ratings.c.user_id)
            .limit(limit)
        )

        def run() -> list[tuple[User, Rating]]:
            with self.reader.connect() as c:
                return [
                    (
                        User(r.user_id, r.name, r.kind),
                        Rating(r.user_id, r.game, r.seats, r.mu, r.sigma, r.games),
                    )
                    for r in c.execute(query)
                ]

        return await self._read(run)

    async def results(self, user_id: int, limit: int = 50, viewer_id: int | None = None) -> list[ResultRow]:
        if not _is_id(user_id) or not _is_id(viewer_id):
            return []

        def run() -> list[ResultRow]:
            query = (
                sa.select(s.results, s.games.c.table_id, s.games.c.header, s.games.c.finished_at)
                .join(s.games, s.games.c.id == s.results.c.game_id)
                .where(s.results.c.user_id == user_id, _visible(viewer_id))
                .order_by(s.results.c.game_id.desc())
                .limit(limit)
            )
            with self.reader.connect() as c:
                return [
                    ResultRow(
                        r.game_id,
                        r.table_id,
                        r.header["game"],
                        r.header["players"],
                        r.seat,
                        r.rank,
                        r.score,
                        r.finished_at,
                    )
                    for r in c.execute(query)
                ]

        return await self._read(run)

    async def record(self, user_id: int, viewer_id: int | None = None) -> tuple[int, int]:
        if not _is_id(user_id) or not _is_id(viewer_id):
            return 0, 0
        first = sa.func.sum(sa.case((s.results.c.rank == 1, 1), else_=0))
        query = (
            sa.select(sa.func.count(), first)
            .select_from(s.results.join(s.games, s.games.c.id == s.results.c.game_id))
            .where(s.results.c.user_id == user_id, _visible(viewer_id))
        )

        def run() -> tuple[int, int]:
            with self.reader.connect() as c:
                games, firsts = c.execute(query).one()
            return int(games), int(firsts or 0)

        return await self._read(run)

    # --- reviews ------------------------------------------------------------------------------

    async def save_review(self, game_id: int, version: int, review: dict[str, Any]) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                c.execute(s.reviews.delete().where(s.reviews.c.game_id == game_id))
                c.execute(
                    s.reviews.insert().values(
                        game_id=game_id, version=version, review=review, made_at=time.time()
                    )
                )

        await self._run(run)

    async def review(self, game_id: int, version: int) -> dict[str, Any] | None:
        if not _is_id(game_id):
            return None

        def run() -> dict[str, Any] | None:
            query = sa.select(s.reviews.c.review).where(
                (s.reviews.c.game_id == game_id) & (s.reviews.c.version == version)
            )
            with self.reader.connect() as c:
                found = c.execute(query).scalar_one_or_none()
            return dict(found) if found is not None else None

        return await self._read(run)

    async def reviews(self, version: int, limit: int = 200) -> list[tuple[int, dict[str, Any]]]:
        def run() -> list[tuple[int, dict[str, Any]]]:
            query = (
                sa.select(s.reviews.c.game_id, s.reviews.c.review)
                .join(s.games, s.games.c.id == s.reviews.c.game_id)
                .where(s.reviews.c.version == version, _visible(None))
                .order_by(s.reviews.c.game_id.desc())
                .limit(limit)
            )
            with self.reader.connect() as c:
                return [(r.game_id, dict(r.review)) for r in c.execute(query)]

        return await self._read(run)

    async def accuracies(
        self, user_id: int, limit: int = 50, viewer_id: int | None = None
    ) -> list[AccuracyRow]:
        if not _is_id(user_id) or not _is_id(viewer_id):
            return []

        def run() -> list[AccuracyRow]:
            query = (
                sa.select(s.results.c.game_id, s.results.c.seat, s.reviews.c.review, s.games.c.finished_at)
                .join(s.reviews, s.reviews.c.game_id == s.results.c.game_id)
                .join(s.games, s.games.c.id == s.results.c.game_id)
                .where(s.results.c.user_id == user_id, _visible(viewer_id))
                .order_by(s.results.c.game_id.desc(), s.results.c.seat)
                .limit(limit)
            )
            with self.reader.connect() as c:
                rows = c.execute(query).all()
            found = []
            for r in rows:
                seat = next((x for x in r.review["seats"] if x["seat"] == r.seat), None)
                if seat is not None and seat["accuracy"] is not None:  # a seat with no decisions has none
                    found.append(
                        AccuracyRow(r.game_id, r.review["game"], r.seat, seat["accuracy"], r.finished_at)
                    )
            return found

        return await self._read(run)

    async def answer(self, user_id: int, trainer: str, right: bool) -> tuple[int, int]:
        key = (s.streaks.c.user_id == user_id) & (s.streaks.c.trainer == trainer)

        def run() -> tuple[int, int]:
            with self.engine.begin() as c:
                row = c.execute(sa.select(s.streaks).where(key).with_for_update()).one_or_none()
                current = (row.current + 1 if row else 1) if right else 0
                best = max(current, row.best if row else 0)
                if row is None:
                    c.execute(
                        s.streaks.insert().values(
                            user_id=user_id, trainer=trainer, current=current, best=best
                        )
                    )
                else:
                    c.execute(s.streaks.update().where(key).values(current=current, best=best))
            return current, best

        return await self._run(run)

    async def add_chat(self, table_id: str, user_id: int, text: str, at: float) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                c.execute(s.chat.insert().values(table_id=table_id, user_id=user_id, text=text, at=at))

        await self._run(run)

    async def chat(self, table_id: str, limit: int = 50) -> list[tuple[int, str, float]]:
        def run() -> list[tuple[int, str, float]]:
            with self.reader.connect() as c:
                rows = c.execute(
                    sa.select(s.chat)
                    .where(s.chat.c.table_id == table_id)
                    .order_by(s.chat.c.id.desc())
                    .limit(limit)
                ).all()
            return [(r.user_id, r.text, r.at) for r in reversed(rows)]

        return await self._read(run)


def _settle(
    future: asyncio.Future[None],
    game_id: int,
    epoch: int | None,
    stale: Stale,
    error: Exception | None = None,
) -> None:
    """Tell a move's waiter how its write went: ``error``, refused as stale, or stored (unless it
    stopped waiting: cancelled)."""
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    elif epoch is not None and (game_id, epoch) in stale:
        future.set_exception(StaleOwnerError(f"game {game_id}: its table was taken over by another process"))
    else:
        future.set_result(None)


INSERT_MOVES_POSTGRESQL = """
WITH batch AS (
  SELECT * FROM json_to_recordset(%s::json)
    AS b(game_id int, ply int, seat int, "text" text, "by" text, at float8, epoch int)
), fence AS (
  SELECT b.game_id AS id, f.owner_epoch FROM (SELECT DISTINCT game_id FROM batch WHERE epoch IS NOT NULL) b
  CROSS JOIN LATERAL (
    SELECT t.owner_epoch FROM games g JOIN tables t ON t.id = g.table_id WHERE g.id = b.game_id FOR SHARE OF t
  ) f
), written AS (
  INSERT INTO moves (game_id, ply, seat, "text", "by", at)
  SELECT b.game_id, b.ply, b.seat, b.text, b.by, b.at FROM batch b LEFT JOIN fence f ON f.id = b.game_id
  WHERE b.epoch IS NULL OR f.owner_epoch = b.epoch
  RETURNING game_id
)
SELECT DISTINCT b.game_id, b.epoch FROM batch b LEFT JOIN fence f ON f.id = b.game_id
WHERE b.epoch IS NOT NULL AND f.owner_epoch IS DISTINCT FROM b.epoch
"""
"""A group of moves in one statement (one round trip, its own transaction in autocommit; the moves are one
JSON parameter, which costs psycopg far less to send than an array per column): the epochs of the
fenced games' tables are looked up game by game (a lateral join: each by its key, whatever the
planner guesses of the JSON's rows and the tables' sizes; joined whole, it read every game and table
at each commit) and read FOR SHARE, which holds off a takeover's claim until this commits (a
claim that came first is seen), only moves with their table's current epoch are written, and the
games and epochs of the others are returned."""


def moves_json(rows: list[tuple[int, MoveRow, int | None]]) -> str:
    """A group of moves as the JSON records ``INSERT_MOVES_POSTGRESQL`` reads."""
    return json.dumps(
        [
            {"game_id": g, "ply": m.ply, "seat": m.seat, "text": m.text, "by": m.by, "at": m.at, "epoch": e}
            for g, m, e in rows
        ]
    )


def _insert_moves_sqlite(conn: Any, rows: list[tuple[int, MoveRow, int | None]]) -> Stale:
    """SQLite has one writer at a time, so reading the epochs in the writing transaction fences."""
    cursor = conn.cursor()
    try:
        stale: Stale = set()
        fenced = {(g, e) for g, _, e in rows if e is not None}
        if fenced:
            cursor.execute("BEGIN IMMEDIATE")
            current = dict(
                cursor.execute(
                    "SELECT g.id, t.owner_epoch FROM games g JOIN tables t ON t.id = g.table_id "
                    "WHERE g.id IN (SELECT value FROM json_each(?))",
                    (json.dumps([g for g, _ in fenced]),),
                ).fetchall()
            )
            stale = {(g, e) for g, e in fenced if current.get(g) != e}
        cursor.executemany(
            'INSERT INTO moves (game_id, ply, seat, "text", "by", at) VALUES (?, ?, ?, ?, ?, ?)',
            [(g, m.ply, m.seat, m.text, m.by, m.at) for g, m, e in rows if (g, e) not in stale],
        )
        conn.commit()
        return stale
    except BaseException:
        conn.rollback()
        raise
    finally:
        cursor.close()


def _challenge(r: Any) -> ChallengeRow:
    return ChallengeRow(r.id, r.by_user, r.to_user, dict(r.request), r.made_at, r.status, r.table_id)


class _SeekGoneError(Exception):
    """A seek to be taken with others is not there: the whole take is undone."""

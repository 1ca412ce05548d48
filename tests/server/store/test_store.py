"""The store on SQLite and on the PostgreSQL server (a fresh database per test): migrations
build exactly the declared schema, names are never shared, settings are kept per account, moves
are appended in order under concurrency, a bad move fails only its own writer; ratings treat
partners as one team."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psycopg
import psycopg.sql
import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext

from muggins.server.accounts.ratings import new_ratings
from muggins.server.store import (
    DuplicateLoginError,
    MoveRow,
    Rating,
    SqlStore,
    StaleOwnerError,
    TableRow,
    TooManyTablesError,
    User,
    migrate,
)
from muggins.server.store import sql as sql_store
from muggins.server.store.schema import metadata
from muggins.server.store.schema import ratings as ratings_table


async def _games_started(store: SqlStore, count: int) -> list[int]:
    """Start the store, and one game at each of ``count`` new tables; their game ids."""
    await store.start()
    user = await store.create_user("ann", "guest")
    game_ids = []
    for t in range(count):
        table_id = f"t{t}{os.getpid()}"
        await store.create_table(
            TableRow(table_id, "cribbage", 2, {}, 20, 60, 30, True, False, "waiting", user.id, 0.0, {})
        )
        game_ids.append(await store.start_game(table_id, 1, {"version": 1}, [user.id, user.id]))
    return game_ids


def test_migrations_build_the_declared_schema(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        with store.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), metadata)
        await store.close()
        assert diff == []

    asyncio.run(run())


def test_concurrent_moves_are_stored_in_order_and_a_bad_one_fails_alone(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        game_ids = await _games_started(store, 4)

        async def play(game_id: int) -> None:
            for ply in range(25):
                await store.append_move(game_id, MoveRow(ply, ply % 2, f"play {ply}", "player", float(ply)))

        await asyncio.gather(*(play(g) for g in game_ids))
        results = await asyncio.gather(
            store.append_move(game_ids[0], MoveRow(3, 0, "duplicate", "player", 0.0)),
            store.append_move(game_ids[1], MoveRow(25, 1, "fine", "player", 0.0)),
            return_exceptions=True,
        )
        assert isinstance(results[0], sa.exc.IntegrityError) and results[1] is None
        for n, game_id in enumerate(game_ids):
            stored = await store.game(game_id)
            assert stored is not None
            expected = [f"play {p}" for p in range(25)] + (["fine"] if n == 1 else [])
            assert [m.text for m in stored.moves] == expected
            assert [m.ply for m in stored.moves] == list(range(len(expected)))
        await store.close()

    asyncio.run(run())


@pytest.mark.parametrize("url", ["postgresql"], indirect=True)
def test_moves_within_the_commit_window_share_one_commit_on_postgresql(url: str) -> None:
    """Moves of different tables sent within the window are one transaction (one xmin); a move sent
    after the group was written starts a new one. Each caller still returns only once committed."""

    async def run() -> None:
        store = SqlStore(url, commit_window=0.2)
        game_ids = await _games_started(store, 6)

        async def late(game_id: int) -> None:
            await asyncio.sleep(0.05)  # well inside the window opened by the first move
            await store.append_move(game_id, MoveRow(0, 0, "go", "player", 0.0))

        started = asyncio.get_running_loop().time()
        first = asyncio.gather(
            store.append_move(game_ids[0], MoveRow(0, 0, "go", "player", 0.0)),
            *(late(g) for g in game_ids[1:5]),
        )
        await first
        assert asyncio.get_running_loop().time() - started >= 0.2
        await store.append_move(game_ids[5], MoveRow(0, 0, "go", "player", 0.0))
        with psycopg.connect(url, autocommit=True) as conn:
            xmin: dict[int, str] = dict(conn.execute("SELECT game_id, xmin::text FROM moves").fetchall())
        assert len({xmin[g] for g in game_ids[:5]}) == 1
        assert xmin[game_ids[5]] != xmin[game_ids[0]]
        await store.close()

    asyncio.run(run())


@pytest.mark.parametrize("url", ["postgresql"], indirect=True)
@pytest.mark.parametrize("statistics", [False, True])
def test_writing_moves_looks_up_only_their_games_however_many_there_are(url: str, statistics: bool) -> None:
    """The statement that writes a group of moves reads the fence of their games by key, in the plan
    it runs by once prepared (a generic one), with or without statistics on the tables: a scan of
    every game and table costs each commit more as the store's history grows (it did: 0.45 ms of
    PostgreSQL's CPU a statement with 1,000 games, against 0.20 ms by key)."""

    async def run() -> None:
        store = SqlStore(url)
        await _games_started(store, 1)
        await store.close()

    asyncio.run(run())
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO tables (id, game, players, options, turn_time, intermission, hints,"
            " private, status, created_at) SELECT 'x' || n, 'cribbage', 2, '{}', 20, 30, true,"
            " false, 'finished', 0 FROM generate_series(1, 5000) n"
        )
        conn.execute(
            "INSERT INTO games (table_id, number, header, seats, status, started_at)"
            " SELECT 'x' || n, 1, '{}', '[]', 'finished', 0 FROM generate_series(1, 5000) n"
        )
        if statistics:
            conn.execute("ANALYZE")
        conn.execute("SET plan_cache_mode = force_generic_plan")
        conn.execute("PREPARE write_moves(json) AS " + sql_store.INSERT_MOVES_POSTGRESQL.replace("%s", "$1"))
        rows: list[tuple[int, MoveRow, int | None]] = [(1, MoveRow(0, 0, "go", "player", 0.0), 0)]
        moves = psycopg.sql.Literal(sql_store.moves_json(rows))  # EXECUTE takes no bound parameters
        explained = conn.execute(
            psycopg.sql.SQL("EXPLAIN (FORMAT JSON) EXECUTE write_moves({})").format(moves)
        )
        found = explained.fetchone()
    assert found is not None
    scanned = set()

    def walk(node: dict[str, Any]) -> None:
        if node["Node Type"] == "Seq Scan":
            scanned.add(node["Relation Name"])
        for child in node.get("Plans", []):
            walk(child)

    walk(found[0][0]["Plan"])
    assert not scanned & {"games", "tables"}, f"every row of {sorted(scanned)} is read"


@pytest.mark.parametrize("url", ["postgresql"], indirect=True)
def test_a_move_waiting_on_a_claim_in_progress_is_refused_once_it_commits(url: str) -> None:
    """A move written while a takeover's claim of its table is under way waits for the claim, then
    sees the new epoch and is refused: the fence reads the epoch the claim committed, not the one
    the statement started with."""

    async def run() -> None:
        store = SqlStore(url)
        (game,) = await _games_started(store, 1)
        with psycopg.connect(url) as claim:
            claim.execute(
                "UPDATE tables SET owner_epoch = owner_epoch + 1 WHERE id = %s", (f"t0{os.getpid()}",)
            )
            write = asyncio.ensure_future(
                store.append_move(game, MoveRow(0, 0, "late", "player", 0.0), epoch=0)
            )
            await asyncio.sleep(0.5)
            assert not write.done()  # held off by the claim's lock on the table's row
            claim.commit()
        with pytest.raises(StaleOwnerError):
            await write
        stored = await store.game(game)
        assert stored is not None and stored.moves == []
        await store.close()

    asyncio.run(run())


@pytest.mark.parametrize("url", ["postgresql"], indirect=True)
def test_a_group_opens_only_once_the_last_ones_window_has_closed(url: str) -> None:
    """A move that comes while a group's window is open joins it rather than opening a second
    window, which would close moments after the first and commit only what came in between: the
    moves after the first group's window share the next group."""

    async def run() -> None:
        store = SqlStore(url, commit_window=0.2)
        game_ids = await _games_started(store, 4)

        async def move(game_id: int, at: float) -> None:
            await asyncio.sleep(at)
            await store.append_move(game_id, MoveRow(0, 0, "go", "player", 0.0))

        await asyncio.gather(*(move(g, at) for g, at in zip(game_ids, (0.0, 0.05, 0.22, 0.3), strict=True)))
        with psycopg.connect(url, autocommit=True) as conn:
            xmin: dict[int, str] = dict(conn.execute("SELECT game_id, xmin::text FROM moves").fetchall())
        first, second = ({xmin[g] for g in pair} for pair in (game_ids[:2], game_ids[2:]))
        assert len(first) == 1 and len(second) == 1 and first != second
        await store.close()

    asyncio.run(run())


def test_a_mover_that_stops_waiting_strands_none_of_the_others_in_its_group(url: str) -> None:
    """A move's waiter cancelled while its group is being written (its request or table went away):
    the group's other moves are still answered, and the cancelled one is stored with them. Telling
    the cancelled waiter raised, and left every later move of its group waiting for good (a cluster
    run found games stuck for the rest of the run)."""

    async def run() -> None:
        store = SqlStore(url, commit_window=0.05)
        game_ids = await _games_started(store, 3)
        waits = [
            asyncio.create_task(store.append_move(g, MoveRow(0, 0, "go", "player", 0.0))) for g in game_ids
        ]
        await asyncio.sleep(0)  # each has joined the group; its writer has not begun
        waits[0].cancel()
        await asyncio.wait_for(asyncio.gather(*waits[1:]), 10)
        assert waits[0].cancelled()
        for game_id in game_ids:
            found = await store.game(game_id)
            assert found is not None and [m.text for m in found.moves] == ["go"]
        await asyncio.wait_for(store.append_move(game_ids[0], MoveRow(1, 1, "go", "player", 0.0)), 10)
        await store.close()

    asyncio.run(run())


def test_a_group_with_a_games_moves_from_its_old_and_new_owner_refuses_only_the_old(url: str) -> None:
    """A takeover fences by epoch: in one group, the old owner's move is refused (and says so) and the
    new owner's move of the same game is written and acknowledged."""

    async def run() -> None:
        store = SqlStore(url, commit_window=0.05)
        (game,) = await _games_started(store, 1)
        await store.append_move(game, MoveRow(0, 0, "old", "player", 0.0), epoch=0)
        epoch = await store.claim_table(f"t0{os.getpid()}")
        assert epoch == 1
        old, new = await asyncio.gather(
            store.append_move(game, MoveRow(1, 0, "old again", "player", 0.0), epoch=0),
            store.append_move(game, MoveRow(1, 1, "new", "player", 0.0), epoch=1),
            return_exceptions=True,
        )
        assert isinstance(old, StaleOwnerError) and new is None
        stored = await store.game(game)
        assert stored is not None
        assert [(m.ply, m.text) for m in stored.moves] == [(0, "old"), (1, "new")]
        await store.close()

    asyncio.run(run())


def test_partners_are_rated_as_one_team_and_winners_gain() -> None:
    # Seats 0 and 2 beat seats 1 and 3 in a partnership game; users 10..13 sit in seats 0..3.
    rated = {
        r.user_id: r
        for r in new_ratings("cribbage", [10, 11, 12, 13], [1, 2, 1, 2], [], sides=[(0, 2), (1, 3)])
    }
    assert rated[10].mu == rated[12].mu > 25 > rated[11].mu == rated[13].mu
    assert all(r.games == 1 and r.seats == 4 for r in rated.values())
    # An established player gains less from the same win than a newcomer (smaller sigma).
    old = [Rating(10, "cribbage", 4, 30.0, 2.0, 40)]
    again = {
        r.user_id: r
        for r in new_ratings("cribbage", [10, 11, 12, 13], [1, 2, 1, 2], old, sides=[(0, 2), (1, 3)])
    }
    assert 0 < again[10].mu - 30.0 < rated[12].mu - 25.0
    assert again[10].games == 41


def test_a_players_seated_tables_are_the_unfinished_ones_they_sit_at_newest_first(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        ann = await store.create_user("ann", "guest")
        bob = await store.create_user("bob", "guest")
        bot = await store.bot_user("cribbage", "random")
        pid = os.getpid()
        # (table, status, seats): ann sits at t0-t3; bob alone at t4; ann's own bot at t5
        layout: list[tuple[str, str, dict[int, tuple[int, str | None]]]] = [
            ("t0", "waiting", {0: (ann.id, None)}),
            ("t1", "playing", {0: (ann.id, None), 1: (bob.id, None)}),
            ("t2", "finished", {0: (ann.id, None), 1: (bob.id, None)}),
            ("t3", "playing", {1: (ann.id, None), 0: (bot.id, "random")}),
            ("t4", "playing", {0: (bob.id, None)}),
            ("t5", "playing", {0: (bot.id, "random")}),
        ]
        for at, (name, status, seats) in enumerate(layout):
            row = TableRow(f"{name}{pid}", "cribbage", 2, {}, 20, 60, 30, True, True, status, ann.id, at, {})
            row.seats.update(seats)
            await store.create_table(row)
        seated = await store.seated(ann.id, limit=10)
        assert [t.id for t in seated] == [f"t3{pid}", f"t1{pid}", f"t0{pid}"]
        assert seated[0].seats == {1: (ann.id, None), 0: (bot.id, "random")}
        assert [t.id for t in await store.seated(ann.id, limit=2)] == [f"t3{pid}", f"t1{pid}"]
        assert await store.seated(bot.id, limit=10) == []  # a bot's seats are not a player's games
        await store.close()

    asyncio.run(run())


def test_the_leaderboard_ranks_settled_ratings_first_then_by_skill(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        ann = await store.create_user("ann", "guest")
        bob = await store.create_user("bob", "member")
        cal = await store.create_user("cal", "guest")
        # (user, game, seats, mu, sigma, games): bob's mu is highest, but only ann's is settled
        rows = [
            (ann, "cribbage", 2, 30.0, 2.0, 40),
            (bob, "cribbage", 2, 33.0, 4.0, 5),
            (cal, "cribbage", 2, 25.0, 8.0, 1),
            (cal, "cribbage", 3, 40.0, 1.0, 9),  # another seat count
            (bob, "skalborg", 2, 50.0, 1.0, 9),  # another game
        ]
        with store.engine.begin() as c:
            for user, game, seats, mu, sigma, games in rows:
                c.execute(
                    ratings_table.insert().values(
                        user_id=user.id, game=game, seats=seats, mu=mu, sigma=sigma, games=games
                    )
                )
        board = await store.leaderboard("cribbage", 2, limit=10, settled_after=10)
        assert [(u.name, r.games) for u, r in board] == [("ann", 40), ("bob", 5), ("cal", 1)]
        by_skill = await store.leaderboard("cribbage", 2, limit=10)  # all settled: bob's mu is best
        assert [u.name for u, _ in by_skill] == ["bob", "ann", "cal"]
        assert [u.name for u, _ in await store.leaderboard("cribbage", 2, limit=2, settled_after=10)] == [
            "ann",
            "bob",
        ]
        assert [u.name for u, _ in await store.leaderboard("cribbage", 3, limit=10)] == ["cal"]
        assert await store.leaderboard("cribist", 4, limit=10) == []
        await store.close()

    asyncio.run(run())


def test_names_are_never_shared_and_a_guest_can_become_the_member(url: str) -> None:
    """Issue 17: two guests never share a name, whatever its case ("Alice 2" for the second);
    a member cannot take a guest's name, but that guest can register under it and stays the same
    player. Bots keep their shared names (one per game)."""

    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        alice = await store.create_guest("Alice")
        assert alice.name == "Alice"
        assert (await store.create_guest("alice")).name == "alice 2"
        assert (await store.create_guest("ALICE")).name == "ALICE 3"
        long = "x" * 32
        assert (await store.create_guest(long)).name == long
        assert (await store.create_guest(long)).name == "x" * 30 + " 2"  # still 32 characters
        with pytest.raises(DuplicateLoginError):
            await store.create_user("ALICE", "member", login="alice", password_hash="h")
        member = await store.make_member(alice.id, "Alice", "alice", "h")
        assert member == User(alice.id, "Alice", "member") == await store.user(alice.id)
        assert await store.login("alice") == (member, "h")
        with pytest.raises(DuplicateLoginError):  # only a guest becomes a member
            await store.make_member(alice.id, "Alicia", "alicia", "h")
        assert (await store.bot_user("cribbage", "expert")).name == (
            await store.bot_user("skalborg", "expert")
        ).name
        await store.close()

    asyncio.run(run())


def test_settings_are_kept_per_account(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        ann, bob = await store.create_guest("ann"), await store.create_guest("bob")
        assert await store.settings(ann.id) == {}
        await store.set_settings(ann.id, {"cardSize": "large", "sound": "on"})
        await store.set_settings(ann.id, {"cardSize": "small"})
        assert await store.settings(ann.id) == {"cardSize": "small"}
        assert await store.settings(bob.id) == {}
        await store.close()

    asyncio.run(run())


@contextlib.contextmanager
def migrated(url: str, revision: str) -> Iterator[tuple[sa.Connection, Config]]:
    """A connection to the database at ``url`` migrated to ``revision`` (to put rows of that time
    in), in one transaction, and the migrations' configuration to take it further."""
    engine = sa.create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(migrate.MIGRATIONS))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            yield connection, config
    finally:
        engine.dispose()


def test_the_name_migration_keys_each_name_once_oldest_first(tmp_path: Path) -> None:
    """Revision 0005 on a database holding a name twice: the oldest holder keeps it; bots get no key."""
    with migrated(f"sqlite:///{tmp_path / 'old.db'}", "0004") as (connection, config):
        for name, kind in [("Ann", "guest"), ("ann", "guest"), ("Expert bot", "bot"), ("Expert bot", "bot")]:
            connection.execute(
                sa.text("INSERT INTO users (name, kind, created_at) VALUES (:n, :k, 0)"),
                {"n": name, "k": kind},
            )
        command.upgrade(config, "head")
        keys = connection.execute(sa.text("SELECT name, name_key FROM users ORDER BY id")).all()
    assert [tuple(row) for row in keys] == [
        ("Ann", "ann"),
        ("ann", None),
        ("Expert bot", None),
        ("Expert bot", None),
    ]


def test_the_lookalike_migration_rekeys_each_name_oldest_first(tmp_path: Path) -> None:
    """Revision 0007 on names that were different keys before: "pop" and a Cyrillic "рор" are one
    name now, kept by its oldest holder; a name nobody else resembles keeps its (new) key."""
    with migrated(f"sqlite:///{tmp_path / 'old.db'}", "0006") as (connection, config):
        for name in ("\u0440\u043e\u0440", "Pop", "Vern", "Vem", "Zo\u00eb"):
            connection.execute(
                sa.text("INSERT INTO users (name, kind, created_at, name_key) VALUES (:n, 'guest', 0, :k)"),
                {"n": name, "k": name.lower()},
            )
        command.upgrade(config, "head")
        keys = connection.execute(sa.text("SELECT name, name_key FROM users ORDER BY id")).all()
    assert [tuple(row) for row in keys] == [
        ("\u0440\u043e\u0440", "pop"),
        ("Pop", None),
        ("Vern", "vern"),
        ("Vem", None),
        ("Zo\u00eb", "zoe\u0308"),
    ]


def test_the_pairings_migration_keeps_every_two_seat_pairing_and_its_points(url: str) -> None:
    """Revision 0016 on stored Swiss rounds: a game scored, a game going and a bye become their
    players by seat and their points as lists, and downgrading gives the two-seat columns back."""
    with migrated(url, "0015") as (connection, config):
        for name in ("ann", "bea", "cal", "dee", "eve"):
            connection.execute(
                sa.text("INSERT INTO users (name, kind, created_at) VALUES (:n, 'member', 0)"), {"n": name}
            )
        connection.execute(
            sa.text(
                "INSERT INTO tournaments (id, name, kind, request, rounds, starts_at, created_by, created_at,"
                " status, round, runner, runner_seen, minutes, streaks)"
                " VALUES ('t', 'T', 'swiss', '{}', 2, 0, 1, 0, 'running', 2, '', 0, 0, false)"
            )
        )
        rows = [(1, 1, 2, 1.0, 0.0), (1, 3, 4, 0.5, 0.5), (1, 5, None, 1.0, None), (2, 1, 3, None, None)]
        for number, first, second, first_points, second_points in rows:
            connection.execute(
                sa.text(
                    "INSERT INTO tournament_pairings (tournament_id, round, first, second, first_points,"
                    " second_points) VALUES ('t', :r, :f, :s, :fp, :sp)"
                ),
                {"r": number, "f": first, "s": second, "fp": first_points, "sp": second_points},
            )
        command.upgrade(config, "head")
        pairings = sa.table(
            "tournament_pairings",
            sa.column("round"),
            sa.column("first"),
            sa.column("seats", sa.JSON),
            sa.column("points", sa.JSON),
        )
        upgraded = connection.execute(sa.select(pairings).order_by(pairings.c.round, pairings.c.first)).all()
        command.downgrade(config, "0015")
        back = connection.execute(
            sa.text(
                "SELECT round, first, second, first_points, second_points FROM tournament_pairings"
                " ORDER BY round, first"
            )
        ).all()
    assert [tuple(row) for row in upgraded] == [
        (1, 1, [1, 2], [1.0, 0.0]),
        (1, 3, [3, 4], [0.5, 0.5]),
        (1, 5, [5], [1.0]),
        (2, 1, [1, 3], None),
    ]
    assert [tuple(row) for row in back] == rows


@pytest.mark.parametrize("url", ["postgresql"], indirect=True)
def test_processes_started_together_migrate_one_after_another(url: str) -> None:
    """Issue 33, item 8: two cluster processes started at once on a fresh database both came to
    create the schema, and one died on a unique violation of ``alembic_version``."""
    engines = [sa.create_engine(url) for _ in range(4)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for done in [pool.submit(migrate.upgrade, engine) for engine in engines]:
            done.result()  # each returns, none raises
    with engines[0].connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    for engine in engines:
        engine.dispose()


def test_users_and_epochs_asked_together_are_read_in_one_query(url: str) -> None:
    """A crashed process's players all come back at once, each token checked against its user's
    epoch: the asks made while a read is under way share the next query, and each gets its own
    answer (None for an id nobody holds, or out of range)."""

    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        ann, bob = await store.create_guest("ann"), await store.create_guest("bob")
        await store.revoke_tokens(bob.id)
        queries: list[list[int]] = []
        read = store._users_and_epochs

        def counted(user_ids: list[int]) -> dict[int, tuple[User, int]]:
            queries.append(sorted(user_ids))
            return read(user_ids)

        store._users_and_epochs = counted  # type: ignore[method-assign]
        asked = [ann.id, bob.id, ann.id, 999_999, 2**40, *[bob.id] * 20]
        answers = await asyncio.gather(*(store.user_and_epoch(i) for i in asked))
        assert answers[:5] == [(ann, 0), (bob, 1), (ann, 0), None, None]
        assert answers[5:] == [(bob, 1)] * 20
        assert queries == [sorted({ann.id, bob.id, 999_999})]  # 2**40 is no id: never asked
        assert await store.user_and_epoch(ann.id) == (ann, 0)  # alone, later: a query of its own
        assert len(queries) == 2
        await store.close()

    asyncio.run(run())


def test_an_id_with_a_nul_names_nothing(url: str) -> None:
    """PostgreSQL refuses NUL in text: a client's table id with one is no table, not a server error
    (found by the OpenAPI fuzz test: GET /api/history?table=...%00...)."""

    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        assert await store.table("a\x00b") is None
        assert await store.finished_games(table_id="a\x00b") == []
        await store.close()

    asyncio.run(run())


def test_claiming_many_tables_reads_what_claiming_each_would(url: str) -> None:
    """``claim_tables`` (a takeover's few queries) gives each table the epoch ``claim_table`` would,
    fences out the old owner, and reads the same current game, moves, last chat lines and users."""

    async def run() -> None:
        store = SqlStore(url)
        try:
            first, second, _ = await _games_started(store, 3)
            bob = await store.create_user("bob", "guest")
            tables = [f"t{t}{os.getpid()}" for t in range(3)]
            await store.set_seat(tables[0], 1, bob.id, None)
            later = await store.start_game(tables[0], 2, {"version": 1}, [1, bob.id])  # the current game
            for ply in range(4):
                await store.append_move(later, MoveRow(ply, ply % 2, f"play {ply}", "player", float(ply)))
            await store.append_move(second, MoveRow(0, 0, "go", "player", 0.0))
            for n in range(3):
                await store.add_chat(tables[0], bob.id, f"line {n}", float(n))
            bare = TableRow("bare", "cribbage", 2, {}, 20, 60, 30, True, False, "waiting", None, 0.0)
            await store.create_table(bare)
            await store.claim_table(tables[1])  # its epoch is 1 before the claim below

            claimed = {c.row.id: c for c in await store.claim_tables([*tables, "bare", "nowhere"], 2)}
            assert sorted(claimed) == sorted([*tables, "bare"])
            assert [claimed[t].epoch for t in tables] == [1, 2, 1]
            with pytest.raises(StaleOwnerError):
                await store.append_move(first, MoveRow(0, 0, "stale", "player", 0.0), epoch=0)
            store.users.clear()  # the users come from the claim's own reads
            for t in [*tables, "bare"]:
                each, expected = claimed[t], await store.current_game(t)
                assert (each.game is None) == (expected is None)
                if each.game is not None and expected is not None:
                    assert (each.game.id, each.game.moves) == (expected.id, expected.moves)
                assert each.chat == await store.chat(t, limit=2)
                assert each.row == await store.table(t)
            current = claimed[tables[0]].game
            assert current is not None and current.id == later
            assert [text for _, text, _ in claimed[tables[0]].chat] == ["line 1", "line 2"]
            assert claimed[tables[0]].users[bob.id] == bob
            assert await store.claim_tables(["nowhere"], 2) == []
        finally:
            await store.close()

    asyncio.run(run())


@pytest.mark.parametrize("url", ["postgresql"], indirect=True)
def test_a_takeovers_claims_do_not_wait_behind_the_stores_other_work(url: str) -> None:
    """After a crash a whole process's players reconnect at once, and each hello reads the store:
    with every store thread busy for a second, tables are still claimed and read at once."""

    async def run() -> None:
        store = SqlStore(url)
        try:
            await _games_started(store, 2)
            tables = [f"t{t}{os.getpid()}" for t in range(2)]
            busy = [asyncio.ensure_future(store._run(time.sleep, 1.0)) for _ in range(16)]
            await asyncio.sleep(0.05)  # every thread is sleeping, and as many calls wait for one
            start = time.monotonic()
            claimed = await store.claim_tables(tables, 2)
            single = await store.claim_table(tables[0])
            took = time.monotonic() - start
            assert not any(call.done() for call in busy)
            assert sorted(c.row.id for c in claimed) == sorted(tables) and single == 2
            assert took < 0.5, f"the claims waited {took:.2f} s behind the other work"
            await asyncio.gather(*busy)
        finally:
            await store.close()

    asyncio.run(run())


def test_concurrent_table_creations_keep_to_the_quota(url: str) -> None:
    """Issue 57, item 6: 40 creations at once by one guest made 35 tables against a quota of 10;
    the count and the insert are one step in the store, on either engine."""

    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        ann = await store.create_user("ann", "guest")
        rows = [
            TableRow(f"q{n}", "cribbage", 2, {}, 20, 60, 30, True, False, "waiting", ann.id, 0.0, {})
            for n in range(40)
        ]
        creations = (store.create_table(row, at_most=10) for row in rows)
        made = await asyncio.gather(*creations, return_exceptions=True)
        assert made.count(None) == 10
        refused = [r for r in made if r is not None]
        assert all(isinstance(r, TooManyTablesError) for r in refused), refused
        assert "10 tables waiting or playing" in str(refused[0])
        assert len(await store.tables(("waiting", "playing"))) == 10
        await store.close()

    asyncio.run(run())

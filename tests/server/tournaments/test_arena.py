"""Arena tournaments (docs/server.md, "Tournaments"): a win 2, a tie 1, doubled after two wins in
a row when streaks are on; free players online are paired with the nearest in the standings, not
their last opponent while another is free; players may enter late; when the time is up no game
begins, those going are played out, and then it ends."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from muggins.server import messages
from muggins.server.bus import player_channel
from muggins.server.store import User
from muggins.server.tournaments import Tournaments
from muggins.server.tournaments.arena import Free, arena_pairs, arena_standings
from muggins.server.tournaments.swiss import Result
from tests.server.manual_clock import ManualClock
from tests.server.people import members
from tests.server.tables.test_table_clock import tables_on


def test_a_streak_doubles_wins_after_two_in_a_row() -> None:
    ratings = {1: 1500, 2: 1500}
    won = [Result(n, (1, 2), (1.0, 0.0)) for n in range(1, 5)]  # 1 wins four in a row
    tie = Result(5, (1, 2), (0.5, 0.5))
    lost = Result(6, (2, 1), (1.0, 0.0))
    again = Result(7, (1, 2), (1.0, 0.0))
    plain = {s.user_id: s for s in arena_standings(ratings, [*won, tie, lost, again], streaks=False)}
    assert plain[1].points == 4 * 2 + 1 + 0 + 2 and plain[2].points == 1 + 2
    fire = {s.user_id: s for s in arena_standings(ratings, [*won, tie, lost, again], streaks=True)}
    # 2, 2, then 4, 4 on the streak; the tie at double (2) ends it; a loss; a win starts again at 2
    assert fire[1].points == 2 + 2 + 4 + 4 + 2 + 0 + 2
    assert fire[2].points == 1 + 2  # no streak: a tie, then one win
    assert fire[1].place == 1 and fire[1].wins == 5 and fire[1].games == 7


def test_free_players_meet_the_nearest_but_not_their_last_opponent() -> None:
    free = [
        Free(1, 6, 1500, last=frozenset({2})),
        Free(2, 6, 1500, last=frozenset({1})),
        Free(3, 4, 1500, last=frozenset({4})),
        Free(4, 0, 1500, last=frozenset({3})),
    ]
    assert {frozenset(t) for t in arena_pairs(free)} == {frozenset({1, 3}), frozenset({2, 4})}
    assert arena_pairs([Free(1, 0, 1500, last=frozenset({2})), Free(2, 0, 1500, last=frozenset({1}))]) in (
        [(1, 2)],
        [(2, 1)],
    )  # none else free
    assert arena_pairs([Free(1, 0, 1500, firsts=3), Free(2, 0, 1400, firsts=1)]) == [(2, 1)]  # seats even out
    assert arena_pairs([Free(1, 0, 1500)]) == []


def test_four_seat_tables_are_cut_from_the_top_avoiding_last_tables() -> None:
    last = frozenset({1, 2, 3, 4})
    free = [Free(uid, 10 - uid, 1500, last=last - {uid} if uid <= 4 else frozenset()) for uid in range(1, 11)]
    tables = arena_pairs(free, seats=4)
    assert [set(table) for table in tables] == [{1, 5, 6, 7}, {2, 8, 9, 10}]  # 3 and 4 wait for the next look
    # with too few others free, a table takes players from one last game again
    assert {frozenset(t) for t in arena_pairs(free[:9], seats=4)} == {
        frozenset({1, 5, 6, 7}),
        frozenset({2, 3, 8, 9}),
    }
    scored = Result(1, (1, 2, 3, 4), (1.0, 2 / 3, 1 / 3, 0.0))
    placed = {
        s.user_id: s for s in arena_standings(dict.fromkeys((1, 2, 3, 4), 1500), [scored], streaks=True)
    }
    assert [placed[uid].points for uid in (1, 2, 3, 4)] == [2.0, 4 / 3, 2 / 3, 0.0] and placed[1].wins == 1


def test_an_arena_pairs_the_free_players_until_its_time_is_up(tmp_path: Path) -> None:
    async def run() -> None:
        clock = ManualClock()
        async with tables_on(tmp_path / "m.db", clock) as tables:
            arena = Tournaments(tables)
            people = await members(tables.store, *"abcde")
            told: dict[int, list[str]] = {u.id: [] for u in people}
            for user in people[:4]:  # online: their own channel followed; "e" comes late
                await tables.bus.subscribe(player_channel(user.id), told[user.id].append)
            asked = messages.Seek(game="cribbage", rated=False)
            info = await arena.create(
                people[0], name="Blitz", asked=asked, starts_in=10, minutes=5, streaks=True
            )
            for user in people[:4]:
                await arena.enter(user, info.id)
            await clock.advance(10)
            await arena.advance()  # begun, and every free player paired at once
            tables_of = await paired_tables(arena, info.id)
            assert len(tables_of) == 2
            late = people[4]
            await tables.bus.subscribe(player_channel(late.id), told[late.id].append)
            await arena.enter(late, info.id)  # an arena takes players until its end
            first_opponent = dict(tables_of.values()) | {b: a for a, b in tables_of.values()}
            await resign_all(tables, people, tables_of)  # the second seat resigns each
            await arena.advance()  # scored, and the five free players paired again: two tables
            second = await paired_tables(arena, info.id, after=set(tables_of))
            assert len(second) == 2
            for a, b in second.values():
                assert first_opponent.get(a) != b  # not their last opponent, with others free
            by_id = {u.id: u for u in people}
            for table_id, seated in second.items():  # at their tables: no grace period runs out
                for uid in seated:
                    await (await tables.get(table_id)).attach(by_id[uid])
            await clock.advance(300)  # time is up while those two games go on
            await arena.advance()
            assert (await arena.info(info.id)).status == "running"
            await resign_all(tables, people, second)
            await arena.advance()
            final = await arena.info(info.id)
            assert final.status == "finished" and final.kind == "arena" and final.minutes == 5
            assert sum(s.points for s in final.standings) == 4 * 2  # four games, a win each, no streak yet
            assert sum(s.games for s in final.standings) == 8
            assert len(await paired_tables(arena, info.id)) == 4  # nothing begun after the time was up
            played = {uid for pair in (await paired_tables(arena, info.id)).values() for uid in pair}
            assert len(played) >= 4 and all(any('"paired"' in text for text in told[uid]) for uid in played)

    asyncio.run(run())


async def paired_tables(
    arena: Tournaments, tid: str, after: set[str] | None = None
) -> dict[str, tuple[int, int]]:
    """Every arena game's table so far (not those in ``after``): its two players, first seat first."""
    found = {}
    for p in await arena.store.pairings(tid):
        if p.table_id is not None and not p.bye and p.table_id not in (after or set()):
            found[p.table_id] = (p.seats[0], p.seats[1])
    return found


async def resign_all(tables: object, people: list[User], games: dict[str, tuple[int, int]]) -> None:
    """At each table the second seat resigns."""
    by_id = {u.id: u for u in people}
    for table_id, (_, second) in games.items():
        table = await tables.get(table_id)  # type: ignore[attr-defined]
        state = json.loads((await table.state(by_id[second])).text)
        await table.move(by_id[second], "resign", state["view"]["state_id"])

"""The Swiss system (docs/server.md, "Tournaments"): each round seats everyone once (a bye only
for an odd number, to the lowest placed without one), nobody meets again while a round can avoid
it, points are as close as any pairing without repeats allows (checked against every pairing,
where there are few), the first seat alternates, and standings add up."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.server.tournaments import swiss
from muggins.server.tournaments.swiss import (
    BYE_POINTS,
    Player,
    Result,
    pair_round,
    place_points,
    players_for_next_round,
    standings,
)


def perfect_pairings(ids: list[int]) -> list[list[tuple[int, int]]]:
    """Every way to pair ``ids`` (an even number of them)."""
    if not ids:
        return [[]]
    first, rest = ids[0], ids[1:]
    found = []
    for k, other in enumerate(rest):
        for tail in perfect_pairings(rest[:k] + rest[k + 1 :]):
            found.append([(first, other), *tail])
    return found


def play(
    n: int, rounds: int, seed: int, seats: int = 2
) -> tuple[list[Result], list[tuple[int, int]], list[list[Player]]]:
    """A tournament of ``n`` at tables of ``seats`` played out with each game's places drawn at
    random (ties too), checking each round: its results, byes, and each round's players."""
    rng = random.Random(seed)
    ratings = {uid: rng.randint(1200, 1800) for uid in range(1, n + 1)}
    results: list[Result] = []
    byes: list[tuple[int, int]] = []
    seen: list[list[Player]] = []
    for number in range(1, rounds + 1):
        players = players_for_next_round(standings(ratings, results, byes), set(ratings))
        seen.append(players)
        pairing = pair_round(players, seats)
        by_id = {p.user_id: p for p in players}
        assert all(len(table) == seats for table in pairing.tables)
        placed = [uid for table in pairing.tables for uid in table] + pairing.byes
        assert sorted(placed) == sorted(ratings)  # everyone once
        assert len(pairing.byes) == n % seats  # byes only for the players left over
        fewest = min(p.byes for p in players)
        if pairing.byes and sum(p.byes == fewest for p in players) >= len(pairing.byes):
            candidates = [p.user_id for p in swiss.placed(players) if p.byes == fewest]
            assert set(pairing.byes) == set(candidates[-len(pairing.byes) :])  # the lowest placed of them
        if seats == 2:  # no repeat while some pairing of this round avoids one
            met = {p.user_id: p.met for p in players}
            repeats = [t for t in pairing.tables if t[1] in met[t[0]]]
            if repeats and len(placed) <= 10:
                ids = [uid for table in pairing.tables for uid in table]
                assert not any(
                    all(b not in met[a] for a, b in option) for option in perfect_pairings(sorted(ids))
                ), f"round {number} repeats {repeats} though it need not"
        for table in pairing.tables:  # the first seat to whoever took it least often
            assert by_id[table[0]].firsts == min(by_id[uid].firsts for uid in table)
            drawn = [rng.randint(1, seats) for _ in table]
            results.append(Result(number, table, place_points(ranks_of(drawn))))
        byes += [(number, uid) for uid in pairing.byes]
    return results, byes, seen


def ranks_of(drawn: list[int]) -> list[int]:
    """Competition ranks (1 for the best, ties shared, the next skipping) from drawn values."""
    return [1 + sum(other < mine for other in drawn) for mine in drawn]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10), st.integers(0, 10_000))
def test_rounds_seat_everyone_once_without_needless_repeats(n: int, seed: int) -> None:
    play(n, rounds=min(n + 1, 7), seed=seed)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4).map(lambda half: 2 * half), st.integers(0, 10_000))
def test_points_are_as_close_as_any_pairing_without_repeats_allows(n: int, seed: int) -> None:
    _, _, rounds = play(n, rounds=3, seed=seed)
    for players in rounds:
        by_id = {p.user_id: p for p in players}
        pairing = pair_round(players)

        def gap(option: Sequence[tuple[int, ...]]) -> tuple[int, int]:
            repeats = sum(b in by_id[a].met for a, b in option)
            return repeats, sum(int(2 * abs(by_id[a].points - by_id[b].points)) ** 2 for a, b in option)

        best = min(gap(option) for option in perfect_pairings(sorted(by_id)))
        assert gap(pairing.tables) == best


def test_a_big_swiss_repeats_nobody_and_balances_the_first_seat() -> None:
    results, byes, _ = play(256, rounds=8, seed=7)
    assert len({frozenset(r.players) for r in results}) == len(results)
    firsts = Counter(r.players[0] for r in results)
    seconds = Counter(r.players[1] for r in results)
    assert max(abs(firsts[uid] - seconds[uid]) for uid in range(1, 257)) <= 2
    assert byes == []


def test_standings_add_up_with_buchholz() -> None:
    ratings = {1: 1500, 2: 1600, 3: 1400}
    results = [Result(1, (1, 2), (1.0, 0.0)), Result(2, (3, 1), (0.0, 1.0)), Result(3, (2, 3), (0.5, 0.5))]
    byes = [(1, 3), (2, 2), (3, 1)]
    table = {s.user_id: s for s in standings(ratings, results, byes)}
    assert table[1].points == 2 + BYE_POINTS and table[1].wins == 2 and table[1].place == 1
    assert (table[2].points, table[3].points) == (0.5 + BYE_POINTS, 0.5 + BYE_POINTS)
    assert table[2].buchholz == table[1].points + table[3].points
    assert table[3].buchholz == table[1].points + table[2].points
    assert [s.user_id for s in standings(ratings, results, byes)] == [1, 2, 3]  # equal on all but rating


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 5), st.integers(3, 30), st.integers(0, 10_000))
def test_tables_of_more_seats_seat_everyone_once_with_byes_for_the_rest(
    seats: int, n: int, seed: int
) -> None:
    if n < seats:
        return
    _, byes, _ = play(n, rounds=4, seed=seed, seats=seats)
    counts = Counter(uid for _, uid in byes)
    assert max(counts.values(), default=0) - min((counts[uid] for uid in range(1, n + 1)), default=0) <= 1


def test_a_big_field_at_four_seat_tables_meets_nobody_twice() -> None:
    for n in (64, 256):
        results, _, _ = play(n, rounds=5, seed=1, seats=4)
        meetings = Counter(
            frozenset((a, b)) for r in results for i, a in enumerate(r.players) for b in r.players[i + 1 :]
        )
        assert max(meetings.values()) == 1, n


def test_place_points_share_a_table_and_follow_the_places() -> None:
    assert place_points([1, 2]) == (1.0, 0.0) and place_points([1, 1]) == (0.5, 0.5)
    assert place_points([2, 1, 4, 3]) == (2 / 3, 1.0, 0.0, 1 / 3)
    for seats in (2, 3, 4, 5):
        for drawn in itertools.product(range(seats), repeat=seats):
            ranks = ranks_of(list(drawn))
            points = place_points(ranks)
            assert abs(sum(points) - seats / 2) < 1e-9  # every table gives out the same
            for a, b in itertools.permutations(range(seats), 2):
                assert (ranks[a] < ranks[b]) == (points[a] > points[b])
                assert (ranks[a] == ranks[b]) == (points[a] == points[b])


def test_standings_of_four_seat_games_count_every_opponent() -> None:
    ratings = dict.fromkeys(range(1, 6), 1500)
    results = [
        Result(1, (1, 2, 3, 4), place_points([1, 2, 3, 4])),
        Result(2, (5, 4, 3, 2), place_points([1, 1, 3, 4])),
    ]
    table = {s.user_id: s for s in standings(ratings, results, [(1, 5), (2, 1)])}
    assert table[1].points == 1 + BYE_POINTS and table[1].wins == 1
    assert table[5].wins == 0 and table[4].wins == 0  # first place shared is no win
    assert table[2].opponents == [1, 3, 4, 5, 4, 3]
    assert table[3].buchholz == sum(table[o].points for o in (1, 2, 4, 5, 4, 2))

"""The Swiss system (docs/server.md, "Tournaments"): each round seats everyone once (a bye only
for an odd number, to the lowest placed without one), nobody meets again while a round can avoid
it, points are as close as any pairing without repeats allows (checked against every pairing,
where there are few), the first seat alternates, and standings add up."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.server.tournaments.swiss import (
    BYE_POINTS,
    Player,
    Result,
    pair_round,
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


def play(n: int, rounds: int, seed: int) -> tuple[list[Result], list[tuple[int, int]], list[list[Player]]]:
    """A tournament of ``n`` played out with random winners: its results, byes, and each round's players."""
    rng = random.Random(seed)
    ratings = {uid: rng.randint(1200, 1800) for uid in range(1, n + 1)}
    results: list[Result] = []
    byes: list[tuple[int, int]] = []
    seen: list[list[Player]] = []
    for number in range(1, rounds + 1):
        players = players_for_next_round(standings(ratings, results, byes), set(ratings))
        seen.append(players)
        pairing = pair_round(players)
        placed = [uid for table in pairing.tables for uid in table] + ([pairing.bye] if pairing.bye else [])
        assert sorted(placed) == sorted(ratings)  # everyone once
        assert (pairing.bye is not None) == (n % 2 == 1)
        if pairing.bye is not None:
            fewest = min(p.byes for p in players)
            without = [p for p in players if p.byes == fewest]
            lowest = min(without, key=lambda p: (p.points, p.rating, -p.user_id))
            assert pairing.bye == lowest.user_id
            byes.append((number, pairing.bye))
        # no repeat while some pairing of this round avoids one
        met = {p.user_id: p.met for p in players}
        repeats = [t for t in pairing.tables if t[1] in met[t[0]]]
        if repeats and len(placed) <= 10:
            ids = [uid for table in pairing.tables for uid in table]
            assert not any(
                all(b not in met[a] for a, b in option) for option in perfect_pairings(sorted(ids))
            ), f"round {number} repeats {repeats} though it need not"
        for first, second in pairing.tables:
            win = rng.random() < 0.5
            results.append(Result(number, (first, second), (1.0, 0.0) if win else (0.0, 1.0)))
    return results, byes, seen


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

        def gap(option: list[tuple[int, int]]) -> tuple[int, int]:
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

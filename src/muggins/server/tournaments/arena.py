"""The arena, apart from where a tournament is kept: for as long as it lasts, players who are free
and online are seated with the nearest in the standings (not those they just played, while
others are free); a game scores twice its place points (two seats: a win 2, a tie 1), and with
streaks on, after two wins in a row each further game scores double until one is not won
(docs/server.md, "Tournaments")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from muggins.server.tournaments.swiss import Result, Standing, won

PER_PLACE_POINT = 2
"""An arena game scores this many times its place points: two seats, a win 2 and a tie 1."""


@dataclass(frozen=True, slots=True)
class Free:
    """A player free to be paired now: their points, rating, last opponents and first seats so far."""

    user_id: int
    points: float
    rating: int
    last: frozenset[int] = frozenset()
    firsts: int = 0


def arena_standings(ratings: dict[int, int], results: Sequence[Result], streaks: bool) -> list[Standing]:
    """Every entrant's standing from their finished games, in the order they were paired: points,
    then wins, then rating."""
    table = {uid: Standing(uid, rating) for uid, rating in ratings.items()}
    run = dict.fromkeys(ratings, 0)
    """Wins in a row so far, per player."""
    for result in sorted(results, key=lambda r: r.round):
        for me, uid in enumerate(result.players):
            winning = won(result, me)
            standing = table[uid]
            standing.points += PER_PLACE_POINT * result.points[me] * (2 if streaks and run[uid] >= 2 else 1)
            standing.games += 1
            standing.wins += winning
            standing.opponents += [other for other in result.players if other != uid]
            standing.firsts += me == 0
            run[uid] = run[uid] + 1 if winning else 0
    ordered = sorted(table.values(), key=lambda s: (-s.points, -s.wins, -s.rating, s.user_id))
    for place, standing in enumerate(ordered, start=1):
        standing.place = place
    return ordered


def arena_pairs(free: Sequence[Free], seats: int = 2) -> list[tuple[int, ...]]:
    """Tables (players by seat) of ``seats`` for the free players: from the top of the standings
    down, each table's first player with the next free players who were in none of their table's
    last games (the next ones anyway when too few others are free); the first seat to whoever
    took it least often. Players left over wait for the next look."""
    left = sorted(free, key=lambda f: (-f.points, -f.rating, f.user_id))
    tables = []
    while len(left) >= seats:
        table = [left.pop(0)]
        while len(table) < seats:
            fresh = (
                f for f in left if all(f.user_id not in t.last and t.user_id not in f.last for t in table)
            )
            joining = next(fresh, left[0])
            left.remove(joining)
            table.append(joining)
        table.sort(key=lambda f: f.firsts)
        tables.append(tuple(f.user_id for f in table))
    return tables

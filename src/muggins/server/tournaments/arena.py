"""The arena, apart from where a tournament is kept: for as long as it lasts, players who are free
and online are paired with the nearest in the standings (not the one they just played, while
another is free); a win scores 2, a tie 1, and with streaks on, after two wins in a row each
further win or tie scores double until a game is not won (docs/server.md, "Tournaments")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from muggins.server.tournaments.swiss import Result, Standing

WIN, TIE = 2, 1
"""An arena game's points (before a streak doubles them)."""


@dataclass(frozen=True, slots=True)
class Free:
    """A player free to be paired now: their points, rating, last opponent and first seats so far."""

    user_id: int
    points: float
    rating: int
    last: int | None = None
    firsts: int = 0


def arena_standings(ratings: dict[int, int], results: Sequence[Result], streaks: bool) -> list[Standing]:
    """Every entrant's standing from their finished games, in the order they were paired: points,
    then wins, then rating."""
    table = {uid: Standing(uid, rating) for uid, rating in ratings.items()}
    run = dict.fromkeys(ratings, 0)
    """Wins in a row so far, per player."""
    for result in sorted(results, key=lambda r: r.round):
        for me, uid in enumerate(result.players):
            mine, theirs = result.points[me], result.points[1 - me]
            won, tied = mine > theirs, mine == theirs
            score = WIN if won else TIE if tied else 0
            standing = table[uid]
            standing.points += score * (2 if streaks and run[uid] >= 2 else 1)
            standing.games += 1
            standing.wins += won
            standing.opponents.append(result.players[1 - me])
            standing.firsts += me == 0
            run[uid] = run[uid] + 1 if won else 0
    ordered = sorted(table.values(), key=lambda s: (-s.points, -s.wins, -s.rating, s.user_id))
    for place, standing in enumerate(ordered, start=1):
        standing.place = place
    return ordered


def arena_pairs(free: Sequence[Free]) -> list[tuple[int, int]]:
    """Tables (first seat, second seat) for the free players: each, from the top of the standings
    down, with the next free player who was not their last opponent (their last one if nobody else
    is free); the first seat to whichever of the two took it less often."""
    left = sorted(free, key=lambda f: (-f.points, -f.rating, f.user_id))
    tables = []
    while len(left) >= 2:
        top = left.pop(0)
        partner = next((f for f in left if f.user_id != top.last and f.last != top.user_id), left[0])
        left.remove(partner)
        first, second = (top, partner) if top.firsts <= partner.firsts else (partner, top)
        tables.append((first.user_id, second.user_id))
    return tables

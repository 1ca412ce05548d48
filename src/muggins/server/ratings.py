"""Ratings with openskill's Plackett-Luce model: per game and seat count, partners rated as a team."""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from muggins.server.store import Rating

_model = PlackettLuce()


def new_ratings(
    game: str,
    seat_users: Sequence[int],
    ranks: Sequence[int],
    old: Sequence[Rating],
    sides: Sequence[Sequence[int]] | None = None,
) -> list[Rating]:
    """Every player's rating after a game where seat ``i`` was held by user ``seat_users[i]`` and
    finished ``ranks[i]``. ``sides`` (lists of seats playing as partners; default: each seat alone)
    are rated as teams; equal ranks of different sides are ties."""
    seats = len(seat_users)
    by_user = {r.user_id: r for r in old if r.game == game and r.seats == seats}
    teams = [list(side) for side in sides] if sides else [[seat] for seat in range(seats)]
    if len(teams) < 2:
        return []
    current = [
        [
            _model.rating(mu=by_user[u].mu, sigma=by_user[u].sigma) if u in by_user else _model.rating()
            for u in (seat_users[seat] for seat in team)
        ]
        for team in teams
    ]
    rated = _model.rate(current, ranks=[float(ranks[team[0]]) for team in teams])
    out: dict[int, Rating] = {}
    for team, new in zip(teams, rated, strict=True):
        for seat, r in zip(team, new, strict=True):
            uid = seat_users[seat]
            played = by_user[uid].games if uid in by_user else 0
            out.setdefault(uid, Rating(uid, game, seats, r.mu, r.sigma, played + 1))
    return list(out.values())


def display(rating: Rating) -> float:
    """The conservative rating players see: mu - 3 sigma (a newcomer starts at 0)."""
    return round(rating.mu - 3 * rating.sigma, 2)

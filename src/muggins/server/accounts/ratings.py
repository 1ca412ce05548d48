"""Ratings with openskill's Plackett-Luce model: per game and seat count, partners rated as a team.

Players see the model's skill (mu) on the scale chess players know: 1500 for a newcomer, and 400
points between two settled players where the higher wins ten games of eleven; a "?" marks a rating
of fewer than :data:`SETTLED_AFTER` games (docs/server.md, "Ratings")."""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

from openskill.models import PlackettLuce

from muggins.server.store import Rating

_model = PlackettLuce()

CENTRE = 1500
"""A newcomer's rating as players see it."""

POINTS_PER_MU = 400 / (NormalDist().inv_cdf(10 / 11) * _model.beta * math.sqrt(2))
"""Shown points per unit of mu. The model predicts that of two settled players (sigma near 0) a
skill gap d wins with probability Phi(d / (beta * sqrt(2))); Elo's 400 points mean 10 wins in 11,
so 400 points are the gap the model gives those odds: about 51 points a unit of mu."""

SETTLED_AFTER = 10
"""Rated games after which a rating is no longer provisional (shown without its "?")."""


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


def display(rating: Rating) -> int:
    """The rating players see: mu on the 1500-centred scale (a newcomer shows 1500)."""
    return round(CENTRE + (rating.mu - _model.mu) * POINTS_PER_MU)


def provisional(rating: Rating) -> bool:
    """Too few games for the rating to mean much yet: shown with a "?" and listed after the settled."""
    return rating.games < SETTLED_AFTER

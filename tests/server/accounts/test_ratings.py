"""Ratings as players read them: 1500 for a newcomer, 400 points meaning ten wins in eleven between
settled players (checked against the model's own predicted odds), "?" for the first games."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from muggins.server.accounts.ratings import CENTRE, SETTLED_AFTER, display, new_ratings, provisional
from muggins.server.store import Rating


def test_a_newcomer_shows_1500_and_is_provisional() -> None:
    model = PlackettLuce()
    fresh = Rating(1, "cribbage", 2, model.mu, model.sigma, 0)
    assert display(fresh) == CENTRE == 1500
    assert provisional(fresh)
    assert not provisional(Rating(1, "cribbage", 2, model.mu, 1.0, SETTLED_AFTER))


@pytest.mark.parametrize("gap", [100, 200, 400, 800])
def test_a_gap_in_shown_points_means_the_elo_odds_the_model_predicts(gap: int) -> None:
    model = PlackettLuce()
    low = Rating(1, "cribbage", 2, model.mu, 0.01, 50)
    mu = model.mu
    while display(Rating(2, "cribbage", 2, mu, 0.01, 50)) < CENTRE + gap:  # the settled player `gap` above
        mu += 0.001
    high = Rating(2, "cribbage", 2, mu, 0.01, 50)
    odds = model.predict_win([[model.rating(mu=high.mu, sigma=0.01)], [model.rating(mu=low.mu, sigma=0.01)]])
    elo = 1 / (1 + 10 ** (-gap / 400))
    # exact where the scale is pinned (400 points: ten wins in eleven); the model's normal curve
    # and Elo's logistic one differ by under 1.5 points in a hundred elsewhere
    assert odds[0] == pytest.approx(elo, abs=0.002 if gap == 400 else 0.015), (gap, odds, elo)


def test_winning_raises_the_shown_rating_and_losing_lowers_it() -> None:
    winner, loser = sorted(new_ratings("cribbage", [7, 8], [1, 2], []), key=lambda r: r.user_id)
    assert display(winner) > CENTRE > display(loser)
    assert winner.games == loser.games == 1 and provisional(winner)

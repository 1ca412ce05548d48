"""Reviewing Cribbage Squares: each placement valued by the points it is expected to add to its row
and column (the measure the hints and the ``expected`` bot use), so that bot's grid reviews as
perfect and a placement on a worse cell loses exactly the difference."""

from __future__ import annotations

import pytest

from muggins import new_game
from muggins.analysis.review import label, review
from muggins.bots.registry import make_bot
from muggins.games.base import Game
from muggins.scoring.squares.grid import cell_name
from muggins.strategy.squares.placement import placement_gains


def played(game: Game, bots: list[str]) -> Game:
    players = [make_bot("squares", name, seed=seat) for seat, name in enumerate(bots)]
    while not game.is_over:
        for seat in sorted(game.to_move):
            if seat in game.to_move and not game.is_over:
                game.apply(seat, players[seat].choose(game.view(seat)))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_expected_bots_grid_reviews_as_perfect_and_a_random_one_does_not(seed: int) -> None:
    done = review(played(new_game("squares", players=2, seed=seed), ["expected", "random"]).record())
    assert done.kinds == ("place",)
    bot, chance = done.seat(0), done.seat(1)
    assert bot.accuracy == 100.0 and bot.lost == {"place": 0.0} and len(bot.decisions) >= 12
    assert chance.accuracy is not None and chance.accuracy < 80 and chance.lost["place"] > 5


def test_a_placement_on_a_worse_cell_loses_the_difference_in_expected_points() -> None:
    game = new_game("squares", players=1, seed=9)
    erred: tuple[int, dict[int, float], int] | None = None  # (move, gains, cell)
    while not game.is_over:
        gains = placement_gains(game.view(0))
        if erred is None and len(set(gains.values())) > 1:  # the first card that can go wrong
            worst = min(gains, key=gains.__getitem__)
            erred = (game.state_id, gains, worst)
            game.apply(0, f"place {cell_name(worst)}")
        else:
            game.apply(0, game.legal_moves(0)[0])
    assert erred is not None
    move, gains, worst = erred
    found = [d for d in review(game.record()).seat(0).decisions if d.move == move]
    assert len(found) == 1
    mistake, best = found[0], max(gains.values())
    assert (mistake.kind, mistake.chose) == ("place", f"place {cell_name(worst)}")
    assert mistake.values[mistake.best] == best and len(mistake.values) == len(gains)
    assert mistake.loss == pytest.approx(best - gains[worst]) and mistake.loss > 0
    assert mistake.label == label(best - gains[worst])

"""Cross Cribbage's hints and review: each card laid or thrown valued by what it gains the player's
side now (the measure the ``greedy`` bot uses), so that bot reviews as perfect, a worse cell loses
exactly the difference, and the hint names the gain."""

from __future__ import annotations

import pytest

from muggins import new_game
from muggins.analysis.hints import hint
from muggins.analysis.review import review
from muggins.bots.registry import make_bot
from muggins.games.base import Game
from muggins.strategy.cross.placement import move_gains


def played(game: Game, bots: list[str]) -> Game:
    players = [make_bot("cross", name, seed=seat) for seat, name in enumerate(bots)]
    while not game.is_over:
        seat = min(game.to_move)
        game.apply(seat, players[seat].choose(game.view(seat)))
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_the_greedy_bot_reviews_as_perfect_and_a_random_one_does_not(seed: int) -> None:
    done = review(played(new_game("cross", players=2, seed=seed, target=11), ["greedy", "random"]).record())
    assert done.kinds == ("place",)
    bot, chance = done.seat(0), done.seat(1)
    assert bot.accuracy == 100.0 and bot.lost == {"place": 0.0} and len(bot.decisions) >= 10
    assert chance.accuracy is not None and chance.accuracy < 80 and chance.lost["place"] > 5


def test_a_card_laid_on_a_worse_cell_loses_the_difference() -> None:
    game = new_game("cross", players=2, seed=4, target=11)
    erred = None
    while not game.is_over:
        seat = min(game.to_move)
        gains = move_gains(game.view(seat)) if game.view(seat)["phase"] == "lay" else {}
        if erred is None and len(set(gains.values())) > 1:
            worst = min(gains, key=gains.__getitem__)
            erred = (seat, game.state_id, gains, worst)
            game.apply(seat, worst)
        else:
            game.apply(seat, game.legal_moves(seat)[0])
    assert erred is not None
    seat, move, gains, worst = erred
    found = [d for d in review(game.record()).seat(seat).decisions if d.move == move]
    assert len(found) == 1 and found[0].chose == worst
    assert found[0].loss == pytest.approx(max(gains.values()) - gains[worst]) and found[0].loss > 0


def test_the_hint_is_the_best_move_with_its_gain() -> None:
    game = new_game("cross", players=3, seed=6)
    view = game.view(min(game.to_move))
    advice = hint("cross", view)
    gains = move_gains(view)
    assert advice.move == max(gains, key=gains.__getitem__)
    assert f"{gains[advice.move]:+.1f}" in advice.reason and len(advice.details) == 4

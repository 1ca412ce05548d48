"""The Cribbage Squares bot: it places legally from its own view, and placing by expected score
beats placing at random on the same deals."""

from __future__ import annotations

from muggins import new_game
from muggins.bots.levels import LEVEL_NAMES
from muggins.bots.registry import bot_names, make_bot
from muggins.bots.squares.roster import BOTS
from muggins.cards import parse_cards
from muggins.scoring.combos import fifteens, pairs, runs
from muggins.strategy.squares.placement import rank_points


def grid_total(bot: str, seed: int) -> int:
    game = new_game("squares", players=1, seed=seed)
    player = make_bot("squares", bot, seed=seed)
    while not game.is_over:
        game.apply(0, player.choose(game.view(0)))
    return game.scores[0]


def test_the_squares_bots_are_listed() -> None:
    assert bot_names("squares") == ["random", *BOTS] and set(BOTS) == {"expected"} | LEVEL_NAMES


def test_placing_by_expected_score_beats_placing_at_random() -> None:
    deals = range(40)
    expected = sum(grid_total("expected", seed) for seed in deals) / len(deals)
    chance = sum(grid_total("random", seed) for seed in deals) / len(deals)
    assert expected > chance + 8, (expected, chance)


def test_rank_points_are_the_combinations_of_the_cards() -> None:
    cards = parse_cards("5H 5D 6S 4C JH")
    counted = sum(item.points for found in (fifteens(cards), pairs(cards), runs(cards)) for item in found)
    assert rank_points(tuple(sorted(card.rank for card in cards))) == counted


def test_the_bot_places_the_turned_card_in_a_race_from_its_own_view() -> None:
    game = new_game("squares", players=2, seed=4)
    bots = [make_bot("squares", "expected", seed=seat) for seat in range(2)]
    while not game.is_over:
        for seat in sorted(game.to_move):
            move = bots[seat].choose(game.view(seat))
            assert str(move) in game.view(seat)["legal_moves"]
            game.apply(seat, move)
    assert game.result is not None

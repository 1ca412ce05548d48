"""A player's cribbage statistics agree with the games they come from: every point the player's
side scored is in pegging, hand or crib, over the deals, hands and cribs they had; wins and the
first-dealer split add up."""

from __future__ import annotations

import random
from typing import Any

from muggins.analysis.cribbage.stats import cribbage_stats
from muggins.games.cribbage.events import NewHand
from muggins.games.registry import new_game


def played(seed: int, **options: Any) -> dict[str, Any]:
    """A whole random game's record."""
    game = new_game("cribbage", seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        seat = min(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    return game.record()


def test_two_player_figures_add_up_to_the_scores() -> None:
    records = [played(seed, players=2, target=61) for seed in range(12)]
    for seat in (0, 1):
        stats = cribbage_stats((record, seat) for record in records)
        assert stats.games == 12
        games = [new_game("cribbage", seed=r["seed"], **r["options"], players=2) for r in records]
        for game, record in zip(games, records, strict=True):
            for who, move in record["moves"]:
                game.apply(who, move)
        deals = sum(sum(1 for e in g.events if e.type == "new_hand") for g in games)
        cribs = sum(isinstance(e, NewHand) and e.dealer == seat for g in games for e in g.events)
        assert stats.pegging.hands == stats.hand.hands == deals and stats.crib.hands == cribs
        scored = sum(g.result.scores[seat] for g in games if g.result)
        assert stats.pegging.points + stats.hand.points + stats.crib.points == scored
        assert stats.wins == sum(1 for g in games if g.result and g.result.ranks[seat] == 1)
        assert stats.first_dealer[0] + stats.first_pone[0] == 12
        assert stats.first_dealer[1] + stats.first_pone[1] == stats.wins
        figures = stats.to_dict()
        assert figures["win_rate"] == round(stats.wins / 12, 3)
        assert figures["hand_per_hand"] == round(stats.hand.points / deals, 2)


def test_partners_count_each_hand_and_the_sides_points() -> None:
    record = played(7, players=4, partnerships=True, target=61)
    stats = cribbage_stats([(record, 1)])
    game = new_game("cribbage", seed=7, players=4, partnerships=True, target=61)
    for who, move in record["moves"]:
        game.apply(who, move)
    deals = sum(1 for e in game.events if e.type == "new_hand")
    assert stats.hand.hands == 2 * deals  # both partners' hands
    assert game.result is not None
    assert stats.pegging.points + stats.hand.points + stats.crib.points == game.result.scores[1]
    assert stats.first_dealer == [0, 0] and stats.first_pone == [0, 0]  # two-player games only

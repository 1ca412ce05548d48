"""A game's ledger (``games.result.ledger``, compiled: each deal's dealer, whether a game was won in
it, and the points each seat scored in it by reason) against the events read plainly, one by one,
in random games of every registered game at every seat count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from muggins.games.registry import game_class, game_names, new_game
from muggins.games.result import DealPoints, ledger
from muggins.games.rollout import play_out

CASES = [
    (name, players)
    for name in game_names()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]


def read_plainly(events: list[Any]) -> list[DealPoints]:
    """The deals as a person would read them off the events: a new hand opens a deal, points
    scored go to the deal open, a game won marks the deal open; points before any deal are not
    a deal's."""
    deals: list[tuple[int | None, bool, dict[tuple[int, str], int]]] = []
    for event in events:
        if event.type == "new_hand":
            deals.append((getattr(event, "dealer", None), False, {}))
        elif event.type == "scored" and deals:
            points = deals[-1][2]
            points[event.player, event.reason] = points.get((event.player, event.reason), 0) + event.points
        elif event.type == "game_won" and deals:
            deals[-1] = (deals[-1][0], True, deals[-1][2])
    return [DealPoints(dealer, won, points) for dealer, won, points in deals]


@pytest.mark.parametrize(("name", "players"), CASES, ids=str)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_ledger_reads_the_events_as_a_person_would(name: str, players: int, seed: int) -> None:
    game = new_game(name, players=players, seed=seed)
    play_out(game, random.Random(seed))
    expected = read_plainly(list(game.events))
    assert ledger(game.events) == expected


def test_a_game_of_no_deals_has_an_empty_ledger() -> None:
    assert ledger([]) == []


def test_a_cribbage_game_s_ledger_has_its_deals_and_points() -> None:
    """Not an empty comparison: a two-player game to 121 takes several deals, each scoring, the
    dealers alternating, the game won in the last."""
    game = new_game("cribbage", players=2, seed=4)
    play_out(game, random.Random(4))
    deals = ledger(game.events)
    assert len(deals) >= 5 and all(deal.scored for deal in deals)
    assert [deal.dealer for deal in deals[:2]] in ([0, 1], [1, 0])
    assert [deal.won for deal in deals] == [False] * (len(deals) - 1) + [True]

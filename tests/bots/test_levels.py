"""Bot levels (issue 61, item 3; docs/bots.md, "Levels"): each rung of every game's ladder blunders
at its stated rate and only where it says, counts by hand with its stated slips (never claiming a
point that is not there), plays whole games of every game, and the bots are listed weakest first
by their shipped ratings, the expert last and unchanged."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from muggins.bots.base import View
from muggins.bots.levels import LADDER, LEVEL_NAMES, Blundering
from muggins.bots.ratings import bot_ratings
from muggins.bots.registry import bot_names, make_bot
from muggins.games.cribbage.events import ShowJudged
from muggins.games.moves import Go, Move
from muggins.games.registry import game_names, new_game


class Steady:
    """A base bot that always answers ``go`` (not among the views' listed moves below)."""

    def choose(self, view: View) -> Move:
        return Go()


def draws(bot: Blundering, view: dict[str, Any], times: int) -> Counter[str]:
    return Counter(str(bot.choose(view)) for _ in range(times))


@pytest.mark.parametrize("rate", [level.blunders for level in LADDER])
def test_a_level_blunders_at_its_rate_and_only_where_it_may(rate: float) -> None:
    view = {"legal_moves": ["play AS", "play 2S", "play 3S"], "phase": "play"}
    bot = Blundering(Steady(), rate, seed=7, phases=("play",))
    made = draws(bot, view, 20_000)
    share = 1 - made["go"] / 20_000
    assert abs(share - rate) < 0.015  # four standard errors at most
    assert {move for move in made if move != "go"} == set(view["legal_moves"])  # each legal move drawn
    assert draws(bot, {**view, "phase": "show"}, 500) == {"go": 500}  # a count by hand: never
    assert draws(bot, {**view, "legal_moves": ["play AS"]}, 500) == {"go": 500}  # no choice: never
    anywhere = Blundering(Steady(), rate, seed=7)
    assert draws(anywhere, {**view, "phase": "bet"}, 2000)["go"] < 2000


def test_the_novice_counts_short_and_never_claims_what_is_not_there() -> None:
    """Cribbage counted by hand: the beginner's claims fall short of its shows now and then (its
    slips), the expert's never; no claim is ever more than the show."""
    short = Counter[str]()
    for name in ("beginner", "expert"):
        for seed in range(12):
            game = new_game("cribbage", players=2, seed=seed, counting="manual")
            bots = [make_bot("cribbage", name, seed), make_bot("cribbage", "greedy", seed)]
            while not game.is_over:
                seat = min(game.to_move)
                game.apply(seat, bots[seat].choose(game.view(seat)))
            for event in game.events:
                if isinstance(event, ShowJudged) and event.player == 0:
                    assert event.claimed <= event.score.total
                    short[name] += event.claimed < event.score.total
    assert short["expert"] == 0 and short["beginner"] > 0


@pytest.mark.parametrize("name", game_names())
def test_every_level_plays_a_whole_game_against_the_expert(name: str) -> None:
    strongest = bot_names(name)[-1]
    players = {"cribist": 4}.get(name, 2)
    options: dict[str, Any] = {"cribist": {"deals": 1}}.get(name, {})
    for level in LADDER:
        game = new_game(name, players=players, seed=3, **options)
        bots = [make_bot(name, level.name if seat % 2 == 0 else strongest, seat) for seat in range(players)]
        for _ in range(5000):
            if game.is_over:
                break
            seat = min(game.to_move)
            game.apply(seat, bots[seat].choose(game.view(seat)))  # an illegal move raises here
        assert game.is_over


@pytest.mark.parametrize("name", game_names())
def test_the_bots_are_listed_weakest_first_by_their_ratings(name: str) -> None:
    names = bot_names(name)
    assert names[0] == "random" and set(names) >= LEVEL_NAMES
    assert names[-1] not in LEVEL_NAMES  # the top level is the expert itself, unchanged
    ratings = bot_ratings(name)
    if not ratings:
        pytest.skip(f"{name}'s bots are not measured yet (bench/levels.py --game {name} --write)")
    assert set(ratings) == set(names)
    rest = names[1:]  # random is listed first in every game, the baseline
    assert [ratings[n].rating for n in rest] == sorted(ratings[n].rating for n in rest)
    assert all(ratings["random"].low <= ratings[n].high for n in rest)  # and never clearly stronger
    assert all(r.low <= r.rating <= r.high for r in ratings.values())
    assert ratings[names[1]].high < ratings[names[-1]].low  # the ladder spans real strength


def test_a_level_is_seeded() -> None:
    view = {"legal_moves": ["play AS", "play 2S", "play 3S"], "phase": "play"}
    one, two = (Blundering(Steady(), 0.5, seed=3, phases=None) for _ in range(2))
    assert [str(one.choose(view)) for _ in range(50)] == [str(two.choose(view)) for _ in range(50)]
    assert random.Random(3).random() != Blundering(Steady(), 0.5, seed=3).rng.random()  # its own stream

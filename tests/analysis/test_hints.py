"""Hints with their figures: in cribbage's play, the chosen card's points now and the expected reply
with each legal card's figures; a discard lists the best splits; Skalborg's throw weighs every
throw, its bets set the showdown share against the pot odds; Cribist plays each card out."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from muggins.analysis.hints import hint
from muggins.cards import parse_card
from muggins.games.registry import new_game
from muggins.scoring.cribbage.pegging import score_play

LINE = re.compile(r"^(\S+): pegs (\d+), reply (\d+\.\d\d), net ([+-]\d+\.\d\d)$")


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (4, {"partnerships": True})])
def test_pegging_hints_give_each_legal_cards_risk(players: int, options: dict[str, Any]) -> None:
    game = new_game("cribbage", players=players, seed=players, **options)
    rng = random.Random(players)
    checked = 0
    while checked < 6 and not game.is_over:
        seat = min(game.to_move)
        legal = [str(m) for m in game.legal_moves(seat)]
        plays = [m for m in legal if m.startswith("play ")]
        if game.view(seat)["phase"] == "play" and len(plays) >= 2:
            view = game.view(seat)
            advice = hint("cribbage", view)
            assert advice.move in plays
            card = advice.move.split()[1]
            pile = [parse_card(c) for _, c in view["pile"]]
            pegs = score_play([*pile, parse_card(card)]).total
            assert advice.reason.startswith(f"{card} pegs {pegs}")
            assert "the best other play" in advice.reason or "no card of another rank" in advice.reason
            rows = [LINE.match(line) for line in advice.details]
            assert all(rows), advice.details
            assert sorted(m.group(1) for m in rows if m) == sorted(p.split()[1] for p in plays)
            for m in rows:
                assert m is not None
                laid = score_play([*pile, parse_card(m.group(1))]).total
                assert int(m.group(2)) == laid
                reply, net = float(m.group(3)), float(m.group(4))
                assert reply >= 0 and (abs(net - (laid - reply)) < 0.011 or abs(net - (laid + reply)) < 0.011)
            nets = [float(m.group(4)) for m in rows if m]
            assert nets == sorted(nets, reverse=True)
            checked += 1
        game.apply(seat, rng.choice(legal))
    assert checked == 6


def test_discard_hint_lists_the_best_splits() -> None:
    game = new_game("cribbage", players=2, seed=5)
    advice = hint("cribbage", game.view(0))
    assert advice.move.startswith("discard ")
    assert "averages" in advice.reason
    assert len(advice.details) == 6 and all(line.startswith("keep ") for line in advice.details)
    nets = [float(line.rsplit("net ", 1)[1]) for line in advice.details]
    assert nets == sorted(nets, reverse=True)


@pytest.mark.parametrize(
    ("offset", "whose", "sign"),
    [(0, "your crib", 1), (1, "the dealer's crib", -1), (2, "your partner's crib", 1)],
)
def test_a_discard_hint_counts_the_crib_for_the_side_that_owns_it(offset: int, whose: str, sign: int) -> None:
    """Four players in partnerships: the dealer and their partner (two seats on) gain the crib, the
    others lose it; the net is the hand plus or minus the crib accordingly."""
    game = new_game("cribbage", players=4, partnerships=True, seed=11, first_dealer=0)
    advice = hint("cribbage", game.view(offset))
    assert whose in advice.reason
    found = re.search(
        r"averages (\d+\.\d) points in hand; the throw is worth (\d+\.\d) .* \(net ([+-]\d+\.\d)\)",
        advice.reason,
    )
    assert found, advice.reason
    hand, crib, net = (float(x) for x in found.groups())
    assert net == pytest.approx(hand + sign * crib, abs=0.15)


def test_a_hint_to_say_go_says_why() -> None:
    game = new_game("cribbage", players=2, seed=1, skip_pass=False)  # go is said by the player
    rng = random.Random(2)
    while not game.is_over:
        seat = min(game.to_move)
        legal = [str(m) for m in game.legal_moves(seat)]
        if legal == ["go"]:
            advice = hint("cribbage", game.view(seat))
            assert advice.move == "go" and "passing 31" in advice.reason
            return
        game.apply(seat, rng.choice(legal))
    raise AssertionError("no go in a whole game")


def _first_decision(
    name: str, seed: int, wanted: Callable[[Any, int, list[str]], bool], **options: Any
) -> Any:
    """A game of ``name`` played at random up to the first decision ``wanted(game, seat, legal)``."""
    game = new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(2000):
        seat = min(game.to_move)
        legal = [str(m) for m in game.legal_moves(seat)]
        if wanted(game, seat, legal):
            return game, seat
        game.apply(seat, rng.choice(legal))
    raise AssertionError(f"no such decision in {name}")


def test_a_skalborg_throw_hint_weighs_every_throw() -> None:
    game, seat = _first_decision(
        "skalborg", 3, lambda g, s, legal: legal[0].startswith("discard "), players=2
    )
    advice = hint("skalborg", game.view(seat))
    thrown = advice.move.split()[1]
    assert f"throwing {thrown} leaves the best opponent" in advice.reason
    shares = [float(re.search(r"your share (\d+\.\d)%", line).group(1)) for line in advice.details]  # type: ignore[union-attr]
    assert len(shares) == 5 and shares == sorted(shares, reverse=True)
    assert {line.split()[1].rstrip(":") for line in advice.details} == set(game.view(seat)["cards"])


def test_a_skalborg_bet_hint_sets_the_showdown_share_against_the_pot_odds() -> None:
    def facing_a_bet(g: Any, s: int, legal: list[str]) -> bool:
        return "call" in legal and "fold" in legal

    game, seat = _first_decision("skalborg", 4, facing_a_bet, players=2)
    view = game.view(seat)
    advice = hint("skalborg", view)
    assert advice.move in [str(m) for m in game.legal_moves(seat)] or advice.move.split()[0] in (
        "bet",
        "raise",
    )
    share = re.search(r"takes about (\d+)% of the pot", advice.reason)
    assert share, advice.reason
    to_call, pot = view["to_call"], view["pot"]
    odds = f"pot odds: {to_call} to call into a pot of {pot}: {to_call / (pot + to_call):.1%}"
    assert odds in advice.details
    if advice.move in ("call", "fold"):
        assert f"needs {to_call / (pot + to_call):.0%} of the pot" in advice.reason


def test_a_cribist_hint_plays_each_card_out() -> None:
    def a_choice(g: Any, s: int, legal: list[str]) -> bool:
        return sum(m.startswith("play ") for m in legal) >= 3

    game, seat = _first_decision("cribist", 5, a_choice, players=4, deals=1)
    legal = {m.split()[1] for m in (str(m) for m in game.legal_moves(seat))}
    advice = hint("cribist", game.view(seat))
    card = advice.move.split()[1]
    assert advice.reason.startswith(f"{card} averages ") and "deals of the unseen cards" in advice.reason
    margins = [(line.split(": ")[0], float(line.split(": ")[1])) for line in advice.details]
    assert {c for c, _ in margins} == legal
    assert [m for _, m in margins] == sorted((m for _, m in margins), reverse=True)

"""The exact search of the play, against the rules as the engine plays them: from the start of a
deal's play, the engine's own legal moves searched to the end of the play (each seat making the
most for itself less the other) give the same margin as ``rest_of_play`` on the two hands' ranks.
And the averaged values: over every holding of the other player, card by card."""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins import load_game, new_game
from muggins.cards import STANDARD_CARDS, parse_card
from muggins.games.base import Game
from muggins.strategy.cribbage.play import VALUE, holdings, lay_value, play_points, play_values, rest_of_play
from muggins.strategy.cribbage.reading import read
from muggins.strategy.cribbage.search import SearchError, searched_values, unseen_ranks

PACK = [str(card) for card in STANDARD_CARDS]


def play_start(deck: list[str], variant: str) -> Game:
    """A two-player deal from ``deck`` with each seat throwing its first cards, at its first lay;
    counted by hand, so that the end of the play scores no show in the same move."""
    game = new_game(
        "cribbage", players=2, first_dealer=1, variant=variant, target=1000,
        skip_empty=False, skip_pass=False, counting="manual", seed=0, deck=[deck],
    )  # fmt: skip
    for seat in (0, 1):
        view = game.view(seat)
        game.apply(
            seat,
            "discard " + " ".join(view["hand"][: len(view["hand"]) - (3 if variant == "five-card" else 4)]),
        )
    return game


def engine_margin(record: dict[str, Any]) -> int:
    """Pone's points less the dealer's over the rest of the play, both playing their best, found by
    trying every legal move of the engine itself."""
    game = load_game(record)
    if game.view(None)["phase"] != "play":
        return 0
    seat = min(game.to_move)
    sign = 1 if seat == 0 else -1
    best = None
    for move in game.legal_moves(seat):
        after = load_game(record)
        before = after.scores[0] - after.scores[1]
        after.apply(seat, move)
        value = (after.scores[0] - after.scores[1] - before) + engine_margin(after.record())
        best = value if best is None else (max(best, value) if sign > 0 else min(best, value))
    assert best is not None
    return best


def ranks(cards: list[str]) -> tuple[int, ...]:
    return tuple(sorted(parse_card(card).rank for card in cards))


@settings(max_examples=15, deadline=None)
@given(st.permutations(PACK))
def test_the_search_plays_as_the_engine_does(deck: list[str]) -> None:
    game = play_start(list(deck), "six-card")
    pone, dealer = ranks(game.view(0)["hand"]), ranks(game.view(1)["hand"])
    assert rest_of_play(pone, dealer, (), False) == engine_margin(game.record())


def test_a_position_counted_by_hand() -> None:
    """The dealer holds 2 3 4 at 26 (10 10 6 laid); the pone holds a five, which no longer fits."""
    dealer, pone, pile = (2, 3, 4), (5,), (10, 10, 6)
    # The 2 (28): the pone says go; the 3 makes 31 (2); the pone leads the 5 and the 4 goes on it
    # (9), the last card (1): 3.
    assert lay_value(dealer, pone, pile, False, 2) == 3
    # The 3 (29): go; the 2 makes 31 (2); then 5, 4 and the last card (1): 3.
    assert lay_value(dealer, pone, pile, False, 3) == 3
    # The 4 (30): go; neither 2 nor 3 fits, so the go (1); then 5, 3, 2 (no run) and the last card: 2.
    assert lay_value(dealer, pone, pile, False, 4) == 2
    assert rest_of_play(dealer, pone, pile, False) == 3


@functools.cache
def _cards_of_rank() -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for card in STANDARD_CARDS:
        found.setdefault(card.rank, []).append(str(card))
    return found


def test_holdings_weigh_each_rank_holding_by_its_card_holdings() -> None:
    unseen = [4] * 13
    unseen[4] = 1  # one five left
    unseen[9] = 0  # no tens
    found = dict(holdings(unseen, 2))
    pool = [card for rank, cards in _cards_of_rank().items() for card in cards[: unseen[rank - 1]]]
    by_cards: dict[tuple[int, ...], int] = {}
    for pair in itertools.combinations(pool, 2):
        key = ranks(list(pair))
        by_cards[key] = by_cards.get(key, 0) + 1
    assert found == by_cards
    assert (5, 5) not in found and all(10 not in held for held in found)
    low = dict(holdings([4] * 13, 1, lowest=6))  # a go at 25: nothing worth 6 or less... worth >= 7
    assert set(low) == {(r,) for r in range(1, 14) if VALUE[r] >= 6}


def test_play_values_average_the_search_over_the_holdings() -> None:
    hand, pile = (5, 10, 11, 12), ()
    unseen = [4] * 13
    for rank in (*hand, 6):  # the starter was a six
        unseen[rank - 1] -= 1
    others = holdings(unseen, 4)
    values = play_values(hand, pile, False, others)
    assert set(values) == {5, 10, 11, 12}
    total = sum(weight for _, weight in others)
    expected = sum(weight * lay_value(hand, held, pile, False, 5) for held, weight in others) / total
    assert abs(values[5] - expected) < 1e-9
    # The position: leading the five into ten-cards is worse than leading a ten-card.
    assert values[5] < max(values[10], values[11], values[12])


def test_a_seat_is_valued_from_what_it_has_seen() -> None:
    game = play_start(list(PACK), "six-card")
    seat = read(game.view(0))
    values = searched_values(seat)
    unseen = unseen_ranks(seat)
    assert sum(unseen) == 52 - 6 - 1  # the pone's six cards and the starter
    hand = tuple(sorted(card.rank for card in seat.hand))
    assert values == play_values(hand, (), False, holdings(unseen, 4))
    sampled = searched_values(seat, samples=50, rng=random.Random(3))
    assert set(sampled) == set(values) and sampled == searched_values(seat, samples=50, rng=random.Random(3))
    three = new_game("cribbage", players=3, seed=1)
    for s in range(3):
        three.apply(s, "discard " + three.view(s)["hand"][0])
    with pytest.raises(SearchError, match="two-player six-card"):
        searched_values(read(three.view(min(three.to_move))))


def test_the_discard_model_weighs_the_holdings() -> None:
    """With every rank as likely as the rest the weights change nothing; a rank the other cannot
    have kept (weight 0) drops the holdings with it, as if its cards were seen."""
    game = play_start(list(PACK), "six-card")
    seat = read(game.view(0))
    assert searched_values(seat, kept=[1.0] * 13) == pytest.approx(searched_values(seat))
    hand = tuple(sorted(card.rank for card in seat.hand))
    unseen = unseen_ranks(seat)
    no_fives = [0.0 if rank == 5 else 1.0 for rank in range(1, 14)]
    without = [n if rank != 5 else 0 for rank, n in enumerate(unseen, start=1)]
    assert searched_values(seat, kept=no_fives) == pytest.approx(
        play_values(hand, (), False, holdings(without, 4))
    )


def test_five_and_six_of_a_kind_peg_a_pair_for_every_two() -> None:
    """Wild jokers called alike make five and six of a rank on the pile (20 and 30), as the engine
    pegs them (``scoring.cribbage.pegging.peg``)."""
    assert play_points((5, 5, 5, 5), 5) == 20  # 25: no fifteen
    assert play_points((1, 1, 1, 1, 1), 1) == 30
    assert play_points((5, 5, 5), 5) == 12  # the fourth five, at 20: a double pair royal

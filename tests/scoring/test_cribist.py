"""Cribist trick scoring, rule by rule; each expected count is reasoned in a comment."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import STANDARD_CARDS, Card, DuplicateCardError, Suit, parse_cards
from muggins.scoring.cribist.trick import TrickError, score_trick
from muggins.scoring.items import Kind, Score


def trick(cards: str, trump: Suit) -> Score:
    return score_trick(parse_cards(cards), trump)


def test_flush_of_four() -> None:
    # All even values (no fifteens), no pairs, no run: only the flush.
    assert [(i.kind, i.points) for i in trick("2H 4H 6H 8H", Suit.SPADES)] == [(Kind.FLUSH, 4)]


def test_run_of_four_counts_four_not_four_plus_three_plus_three() -> None:
    # 9 10 J Q: no fifteens (9 needs a 6, the rest count 10), one run of four.
    score = trick("9C 10D JH QS", Suit.CLUBS)
    assert [(i.kind, i.points) for i in score] == [(Kind.RUN, 4)]


def test_runs_of_three_with_a_pair() -> None:
    # 9 9 10 J: 9-10-J twice (6) and the pair (2): 8; the jack is a spade, trumps diamonds.
    score = trick("9C 9D 10H JS", Suit.DIAMONDS)
    assert len(score.of_kind(Kind.RUN)) == 2
    assert score.total == 8


def test_jack_of_trumps() -> None:
    # Evens only: nothing but the jack of trumps.
    assert trick("JD 2C 4H 6S", Suit.DIAMONDS).total == 1
    assert trick("JD 2C 4H 6S", Suit.HEARTS).total == 0
    # With a run of four: 4 + 1.
    assert trick("9C 10D JH QS", Suit.HEARTS).total == 5


def test_fifteens_pairs_and_runs_together() -> None:
    # 5 5 4 6: 5+4+6 twice (4), pair (2), 4-5-6 twice (6): 12.
    score = trick("5C 5D 4H 6S", Suit.HEARTS)
    assert len(score.of_kind(Kind.FIFTEEN)) == 2
    assert score.total == 12


@pytest.mark.parametrize(
    ("cards", "error", "match"),
    [
        ("5C 5D 4H", TrickError, "3"),
        ("5C 5D 4H 6S 7S", TrickError, "5"),
        ("5C 5D 4H JKR", TrickError, "joker"),
        ("5C 5D 4H 5C", DuplicateCardError, "5C"),
    ],
)
def test_bad_tricks_are_errors(cards: str, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        score_trick(parse_cards(cards, distinct=False), Suit.CLUBS)


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=4, max_size=4, unique=True), st.sampled_from(Suit))
def test_the_order_of_play_never_matters(cards: list[Card], trump: Suit) -> None:
    totals = {score_trick(order, trump).total for order in itertools.permutations(cards)}
    assert len(totals) == 1

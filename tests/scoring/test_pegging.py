"""Points in the play, rule by rule; each expected count is reasoned in a comment."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import STANDARD_CARDS, Card, DuplicateCardError, parse_cards
from muggins.scoring.cribbage.pegging import (
    PeggingError,
    longest_run_suffix,
    pile_count,
    score_go,
    score_play,
)
from muggins.scoring.items import Kind, Score


def play(pile: str) -> Score:
    return score_play(parse_cards(pile))


def kinds(score: Score) -> list[tuple[Kind, int]]:
    return [(item.kind, item.points) for item in score]


def test_fifteen() -> None:
    assert kinds(play("7H 8D")) == [(Kind.FIFTEEN, 2)]
    assert kinds(play("KH 5D")) == [(Kind.FIFTEEN, 2)]
    assert kinds(play("7H 9D")) == []


def test_thirty_one() -> None:
    # 10 + 10 + 5 + 6 = 31; the last three (Q 5 6) are no run.
    assert kinds(play("KH QD 5C 6S")) == [(Kind.THIRTY_ONE, 2)]
    # 10 J Q A: 31, and neither J Q A nor 10 J Q A is a run (the ace is low only).
    assert kinds(play("10H JD QS AC")) == [(Kind.THIRTY_ONE, 2)]


def test_pair_pair_royal_and_double_pair_royal() -> None:
    assert kinds(play("9H 9D")) == [(Kind.PAIR, 2)]
    assert kinds(play("4H 4D 4S")) == [(Kind.PAIR_ROYAL, 6)]
    assert kinds(play("2H 2D 2S 2C")) == [(Kind.DOUBLE_PAIR_ROYAL, 12)]
    # Three fives make fifteen as well as a pair royal.
    assert kinds(play("5H 5D 5S")) == [(Kind.FIFTEEN, 2), (Kind.PAIR_ROYAL, 6)]


def test_a_pair_must_be_the_last_two_cards() -> None:
    assert kinds(play("5H 5D 6S")) == []
    # 3 3 4 3: the last card pairs nothing next to it.
    assert kinds(play("3H 3D 4S 3C")) == []


def test_runs_count_out_of_order() -> None:
    assert kinds(play("3H 5D 4S")) == [(Kind.RUN, 3)]
    # 3 5 4 2: the last four are 2-3-4-5, count 14.
    assert kinds(play("3H 5D 4S 2C")) == [(Kind.RUN, 4)]
    # 6 3 5 4: 3-4-5-6 with count 18.
    assert kinds(play("6H 3H 5D 4S")) == [(Kind.RUN, 4)]
    # 3 A 2 5 4 7 6: all seven are A-7, count 28.
    assert kinds(play("3H AD 2S 5C 4H 7D 6S")) == [(Kind.RUN, 7)]


def test_run_and_fifteen_together() -> None:
    # 4 6 5: 4-5-6 and 4 + 6 + 5 = 15.
    assert kinds(play("4H 6D 5S")) == [(Kind.FIFTEEN, 2), (Kind.RUN, 3)]


def test_a_pair_breaks_a_run() -> None:
    # 3 4 4 5: the last three (4 4 5) and last four repeat a rank: no run; 5 pairs nothing.
    assert kinds(play("3H 4D 4S 5C")) == []
    # 4 4 3 5: the last three (4 3 5) are a run; the earlier pair no longer counts.
    assert kinds(play("4D 4S 3H 5C")) == [(Kind.RUN, 3)]


def test_only_the_longest_run_suffix_counts() -> None:
    # 2 3 4 then 5: run of four only (not three plus four).
    assert kinds(play("2H 3D 4S 5C")) == [(Kind.RUN, 4)]
    # 9 2 3 4: the run 2-3-4 ignores the 9 before it.
    assert kinds(play("9H 2D 3S 4C")) == [(Kind.RUN, 3)]
    assert longest_run_suffix(parse_cards("9H 2D 3S 4C")) == 3
    assert longest_run_suffix(parse_cards("QH KD AS")) == 0


def test_go_and_last_card() -> None:
    # 10 J 9 = 29: the last to lay pegs one for the go.
    assert kinds(score_go(parse_cards("10H JD 9S"))) == [(Kind.GO, 1)]
    assert kinds(score_go(parse_cards("10H JD 9S"), last_card=True)) == [(Kind.LAST_CARD, 1)]
    # At 31 the two for thirty-one already include the go.
    assert kinds(score_go(parse_cards("KH QD 5C 6S"))) == []
    assert kinds(score_go(parse_cards("KH QD 5C 6S"), last_card=True)) == []


def test_the_count() -> None:
    assert pile_count(parse_cards("AH KD QS 5C")) == 26


@pytest.mark.parametrize(
    ("pile", "error", "match"),
    [
        ("KH QD JS 2C", PeggingError, "32"),
        ("", PeggingError, "no card"),
        ("5H JKB", PeggingError, "joker"),
        ("5H 6D 5H", DuplicateCardError, "5H"),
    ],
)
def test_impossible_piles_are_errors(pile: str, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        score_play(parse_cards(pile, distinct=False))


@st.composite
def piles(draw: st.DrawFn) -> list[Card]:
    """A pile of distinct cards laid since a reset, count at most 31."""
    cards = draw(st.lists(st.sampled_from(STANDARD_CARDS), min_size=1, max_size=8, unique=True))
    while pile_count(cards) > 31:
        cards.pop()
    return cards


@given(piles())
def test_play_points_depend_only_on_the_last_cards_and_add_up(pile: list[Card]) -> None:
    score = score_play(pile)
    assert score.total == sum(item.points for item in score)
    for item in score:
        # Every item ends with the card just laid, and is made of the cards laid last.
        assert item.cards == tuple(pile[-len(item.cards) :])
    run = score.of_kind(Kind.RUN)
    if run:
        ranks = sorted(c.rank for c in run[0].cards)
        assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))

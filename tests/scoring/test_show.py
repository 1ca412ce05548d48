"""The itemised cribbage show, rule by rule; every expected count is worked out by hand in a comment."""

from __future__ import annotations

import pytest

from muggins.cards import DuplicateCardError, parse_card, parse_cards
from muggins.scoring.items import Kind, Score
from muggins.scoring.show import ShowError, score_show


def show(hand: str, starter: str, *, crib: bool = False) -> Score:
    return score_show(parse_cards(hand), parse_card(starter), crib=crib)


def points(score: Score, kind: Kind) -> int:
    return sum(item.points for item in score.of_kind(kind))


def test_twenty_nine_hand() -> None:
    # Four fives and the jack of the starter's suit: J+5 four ways and 5+5+5 four ways are eight
    # fifteens (16), six pairs of fives (12), and one for his nobs: 29.
    score = show("5H 5D 5S JC", "5C")
    assert len(score.of_kind(Kind.FIFTEEN)) == 8
    assert len(score.of_kind(Kind.PAIR)) == 6
    assert [item.cards for item in score.of_kind(Kind.NOBS)] == [parse_cards("JC 5C")]
    assert score.total == 29


def test_twenty_nine_needs_the_jack_to_match_the_starter() -> None:
    # The same ranks with the jack of another suit lose only nobs: 28.
    assert show("5H 5D 5C JS", "5S").total == 29
    assert show("5H 5D 5S JH", "5C").total == 28


def test_double_run() -> None:
    # 9 9 10 J K: no two or more cards make 15 (the two smallest already make 18); 9-10-J twice (6)
    # and the pair of nines (2): 8.
    score = show("9H 9D 10S JC", "KH")
    assert points(score, Kind.RUN) == 6 and len(score.of_kind(Kind.RUN)) == 2
    assert points(score, Kind.PAIR) == 2
    assert score.total == 8


def test_triple_run() -> None:
    # 9 9 9 10 J: 9-10-J three times (9) and three nines, three pairs (6): 15.
    score = show("9H 9D 9S 10C", "JH")
    assert points(score, Kind.RUN) == 9
    assert points(score, Kind.PAIR) == 6
    assert score.total == 15


def test_double_double_run() -> None:
    # 9 9 10 10 J: 9-10-J four times (12) and two pairs (4): 16.
    score = show("9H 9D 10S 10C", "JH")
    assert len(score.of_kind(Kind.RUN)) == 4
    assert score.total == 16


def test_double_run_of_four_and_a_run_of_five() -> None:
    # 9 9 10 J Q: 9-10-J-Q twice (8) and a pair (2): 10; the runs of three inside are not counted.
    assert show("9H 9D 10S JC", "QH").total == 10
    # 9 10 J Q K: one run of five, nothing else (the jack is a heart, the starter a club).
    score = show("9C 10D JH QS", "KC")
    assert [item.points for item in score] == [5]


def test_fifteen_of_all_five_cards() -> None:
    # A A 2 5 6: only A+A+2+5+6 makes 15 (the others top out at 14), plus the pair of aces: 4.
    score = show("AH AD 2S 5C", "6H")
    assert [len(item.cards) for item in score.of_kind(Kind.FIFTEEN)] == [5]
    assert score.total == 4


def test_four_card_hand_flush_and_five_card_flush() -> None:
    # All even values never make 15, and 2 4 6 8 10 has no run: only the flush scores.
    assert show("2H 4H 6H 8H", "10S").total == 4
    assert show("2H 4H 6H 8H", "10H").total == 5


def test_crib_flush_needs_all_five() -> None:
    assert show("2H 4H 6H 8H", "10S", crib=True).total == 0
    assert show("2H 4H 6H 8H", "10H", crib=True).total == 5


def test_no_flush_with_three_of_a_suit_in_a_four_card_hand() -> None:
    # Starter matches three hand cards, but the hand itself is not one suit.
    assert show("2H 4H 6H 8C", "10H").total == 0


def test_three_card_hand_of_five_card_cribbage() -> None:
    # 2 4 6 with an 8: all even, no run; a three-card flush is 3, or 4 with the starter.
    assert show("2H 4H 6H", "8S").total == 3
    assert show("2H 4H 6H", "8H").total == 4
    assert show("2H 4H 6H", "8S", crib=True).total == 0
    assert show("2H 4H 6H", "8H", crib=True).total == 4
    # 5 5 J with a 5: J+5 three ways and 5+5+5 (8), a pair royal (6), nobs (1): 15.
    assert show("5H 5D JC", "5C").total == 15


def test_nobs() -> None:
    # All values even (jack counts 10), so no fifteens; no pairs or runs: only nobs.
    assert show("JH 2C 4D 6S", "8H").total == 1
    assert show("JH 2C 4D 6S", "8D").total == 0


def test_a_jack_turned_up_is_not_nobs_in_the_show() -> None:
    # His heels is pegged by the dealer at the cut; in the show a jack starter scores nothing itself.
    assert show("2C 4D 6S 8H", "JH").total == 0
    # Two jacks of different suits: a pair, no nobs.
    assert show("JC 2D 4S 6H", "JH").total == 2


def test_items_are_counted_in_order_fifteens_pairs_runs_flush_nobs() -> None:
    # 4 5 6 J 9 all hearts: J+5, 6+9 and 4+5+6 (6), 4-5-6 (3), five-card flush (5), nobs (1): 15.
    score = show("4H 5H 6H JH", "9H")
    assert [item.kind for item in score] == [Kind.FIFTEEN] * 3 + [Kind.RUN, Kind.FLUSH, Kind.NOBS]
    assert score.total == 15
    # 4 5 6 J 5: J+5 twice and 4+5+6 twice (8), a pair (2), 4-5-6 twice (6), hand flush (4): 20.
    score = show("4H 5H 6H JH", "5S")
    assert [item.kind for item in score] == [Kind.FIFTEEN] * 4 + [Kind.PAIR] + [Kind.RUN] * 2 + [Kind.FLUSH]
    assert score.total == 20


@pytest.mark.parametrize(
    ("hand", "starter", "error", "match"),
    [
        ("5H 5D 5S JC 2C 3C 4C", "5C", ShowError, "not 7"),
        ("5H 5D", "5C", ShowError, "2"),
        ("5H 5D JKB JC", "5C", ShowError, "joker"),
        ("5H 5D 5S JC", "JKR", ShowError, "joker"),
        ("5H 5D 5S JC", "5H", DuplicateCardError, "5H"),
    ],
)
def test_bad_shows_are_errors(hand: str, starter: str, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        score_show(parse_cards(hand), parse_card(starter))

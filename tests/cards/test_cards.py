"""The card value type, its notation and the packs."""

from __future__ import annotations

import pickle
import random

import pytest

from muggins.cards import (
    ALL_CARDS,
    JOKER_BLACK,
    JOKER_RED,
    STANDARD_CARDS,
    Card,
    CardError,
    DuplicateCardError,
    Suit,
    card_at,
    format_cards,
    joker_pack,
    parse_card,
    parse_cards,
    shuffled,
    standard_pack,
)


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("AS", 1, Suit.SPADES),
        ("as", 1, Suit.SPADES),
        ("2c", 2, Suit.CLUBS),
        ("9D", 9, Suit.DIAMONDS),
        ("10H", 10, Suit.HEARTS),
        ("TH", 10, Suit.HEARTS),
        ("th", 10, Suit.HEARTS),
        ("10♥", 10, Suit.HEARTS),
        ("T♠", 10, Suit.SPADES),
        ("J♣", 11, Suit.CLUBS),
        ("q♦", 12, Suit.DIAMONDS),
        ("Kc", 13, Suit.CLUBS),
        (" 5h ", 5, Suit.HEARTS),
    ],
)
def test_parse_card_accepts_every_spelling(token: str, rank: int, suit: Suit) -> None:
    card = parse_card(token)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card.of(rank, suit)


def test_jokers_parse_in_any_case() -> None:
    assert parse_card("JKB") is parse_card("jkb") is JOKER_BLACK
    assert parse_card("JKR") is parse_card("Jkr") is JOKER_RED
    assert JOKER_BLACK.is_joker and JOKER_RED.is_joker
    assert not JOKER_BLACK.colour_red and JOKER_RED.colour_red
    assert JOKER_BLACK.value == JOKER_RED.value == 0
    assert JOKER_BLACK.suit is None


@pytest.mark.parametrize("token", ["1H", "11H", "0S", "H5", "10X", "5", "ZZ", "JK", "JKX", "", "5HH", "10"])
def test_bad_token_is_named_in_the_error(token: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_card(token)
    assert repr(token) in str(caught.value)
    assert "expected" in str(caught.value)


def test_bad_token_inside_a_list_is_named() -> None:
    with pytest.raises(CardError, match="'7Q'"):
        parse_cards("5H 7Q 8D")


def test_index_rank_suit_and_value_of_every_standard_card() -> None:
    for suit in Suit:
        for rank in range(1, 14):
            card = Card.of(rank, suit)
            assert card.index == int(suit) * 13 + rank - 1
            assert card_at(card.index) is card
            assert card.value == (rank if rank <= 10 else 10)
    assert [c.value for c in parse_cards("AH 10H JH QH KH")] == [1, 10, 10, 10, 10]


def test_every_card_prints_and_parses_back_to_itself() -> None:
    for card in ALL_CARDS:
        assert parse_card(str(card)) is card
    for card in STANDARD_CARDS:
        assert parse_card(card.pretty) is card
    assert str(parse_card("th")) == "10H"
    assert parse_card("5h").pretty == "5♥"


def test_format_cards() -> None:
    assert format_cards(parse_cards("5h td JKR")) == "5H 10D JKR"
    assert format_cards(parse_cards("5h td"), pretty=True) == "5♥ 10♦"


def test_parse_cards_takes_strings_lists_and_commas() -> None:
    expected = (Card.of(5, Suit.HEARTS), Card.of(10, Suit.DIAMONDS), Card.of(11, Suit.CLUBS))
    assert parse_cards("5H 10D JC") == expected
    assert parse_cards("5H,10D, JC") == expected
    assert parse_cards(["5H", "TD", "jc"]) == expected
    assert parse_cards("") == ()


def test_duplicate_cards_are_an_error_naming_the_card() -> None:
    with pytest.raises(DuplicateCardError, match="5H"):
        parse_cards("5H 6D 5h")
    with pytest.raises(DuplicateCardError, match="10S"):
        parse_cards(["TS", "10S"])
    assert issubclass(DuplicateCardError, CardError)
    assert parse_cards("5H 5H", distinct=False) == (Card.of(5, Suit.HEARTS),) * 2


def test_cards_are_immutable_interned_values() -> None:
    card = parse_card("QS")
    with pytest.raises(AttributeError):
        card.rank = 1
    assert pickle.loads(pickle.dumps(card)) is card
    assert len(set(ALL_CARDS)) == 54
    assert parse_card("QS") == Card.of(12, Suit.SPADES)
    assert parse_card("QS") != parse_card("QH")


def test_cards_sort_rank_first_then_suit_with_jokers_last() -> None:
    cards = parse_cards("JKR 2C AS AC KD JKB AD")
    assert format_cards(sorted(cards)) == "AC AD AS 2C KD JKB JKR"


def test_out_of_range_constructors_are_errors() -> None:
    with pytest.raises(ValueError, match="14"):
        Card.of(14, Suit.CLUBS)
    with pytest.raises(ValueError, match="0"):
        Card.of(0, Suit.CLUBS)
    with pytest.raises(ValueError, match="54"):
        card_at(54)


def test_packs() -> None:
    pack = standard_pack()
    assert len(pack) == len(set(pack)) == 52
    assert not any(c.is_joker for c in pack)
    jokers = joker_pack()
    assert len(set(jokers)) == 54
    assert set(jokers) - set(pack) == {JOKER_BLACK, JOKER_RED}


def test_shuffle_is_seeded_and_leaves_its_input_alone() -> None:
    pack = standard_pack()
    first = shuffled(pack, random.Random(7))
    again = shuffled(pack, random.Random(7))
    assert first == again
    assert sorted(first) == sorted(pack)
    assert pack == standard_pack()
    assert first != pack

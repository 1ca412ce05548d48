"""Wild jokers in a show: the best calls, held to a plain count of every call made independently
(the whole-array rank count of ``muggins.scoring.ranks``, flush and nobs by hand), and the source's
five fives."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from muggins.cards import JACK, JOKER_BLACK, JOKER_RED, STANDARD_CARDS, Card, DuplicateCardError, parse_cards
from muggins.scoring.ranks import rank_points
from muggins.scoring.show import ShowError, itemise_show
from muggins.scoring.wild import MOST_WILD_SHOWS, best_wild_show, wild_points, wild_show

EVERY_CARD = (*STANDARD_CARDS, JOKER_BLACK, JOKER_RED)


def plain_best(hand: Sequence[Card], starter: Card, crib: bool) -> int:
    """The most over every call of every joker, each count made from the ranks as a whole array."""
    shown = [*hand, starter]
    wild = [i for i, card in enumerate(shown) if card.is_joker]
    called_sets = []
    for called in itertools.product(STANDARD_CARDS, repeat=len(wild)):
        cards = list(shown)
        for place, card in zip(wild, called, strict=True):
            cards[place] = card
        called_sets.append(cards)
    ranks = np.array([[card.rank - 1 for card in cards] for cards in called_sets], dtype=np.int8)
    totals = rank_points(ranks).tolist()
    best = 0
    for cards, by_rank in zip(called_sets, totals, strict=True):
        *held, cut = cards
        flush = 0
        if len({card.suit for card in held}) == 1:
            flush = len(held) + 1 if cut.suit == held[0].suit else 0 if crib else len(held)
        nobs = sum(1 for card in held if card.rank == JACK and card.suit == cut.suit)
        best = max(best, by_rank + flush + nobs)
    return best


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(EVERY_CARD), min_size=5, max_size=5, unique=True).filter(
        lambda cards: any(card.is_joker for card in cards)
    ),
    st.booleans(),
)
def test_the_best_calls_make_the_most_any_calls_make(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    shown = best_wild_show(hand, starter, crib=crib)
    assert shown.score.total == plain_best(hand, starter, crib)
    assert [joker for joker, _ in shown.calls] == [card for card in cards if card.is_joker]
    assert all(not called.is_joker for _, called in shown.calls)


def test_a_show_without_jokers_counts_as_the_itemised_scorer_counts() -> None:
    *hand, starter = parse_cards("5H 5D 5S JC 5C")
    shown = best_wild_show(hand, starter)
    assert shown.calls == () and shown.score.total == itemise_show(hand, starter).total == 29


def test_five_fives_make_forty_the_most_a_hand_of_four_can_make() -> None:
    """The source's figure: a joker called as a fifth five, pairs 20 and fifteens 20."""
    *hand, starter = parse_cards("5H 5D 5S JKR 5C")
    shown = best_wild_show(hand, starter)
    assert shown.score.total == MOST_WILD_SHOWS[4] == 40
    assert [str(called) for _, called in shown.calls] == ["5C"]  # the first five in card order
    *hand, starter = parse_cards("5H JKB 5S JKR 5C")
    assert best_wild_show(hand, starter).score.total == 40


def test_a_joker_starter_is_called_too_and_nobs_and_the_crib_flush_follow_the_call() -> None:
    *hand, starter = parse_cards("2H 4H 6H 8H JKR")
    assert best_wild_show(hand, starter).score.total == plain_best(hand, starter, False)
    flush = best_wild_show(hand, starter, crib=True)
    assert any(item.kind.value == "flush" and item.points == 5 for item in flush.score.items)
    assert flush.calls[0][1].suit == hand[0].suit


@pytest.mark.parametrize(
    ("cards", "error", "match"),
    [
        ("5H 5D JKR", ShowError, "not 2"),
        ("5H 5D 5S JKR 5H", DuplicateCardError, "5H"),
        ("5H 5D JKR JKR 5C", DuplicateCardError, "JKR"),
    ],
)
def test_bad_shows_are_refused_naming_the_fault(cards: str, error: type[Exception], match: str) -> None:
    *hand, starter = parse_cards(cards, distinct=False)
    with pytest.raises(error, match=match):
        best_wild_show(hand, starter)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(STANDARD_CARDS), min_size=4, max_size=4, unique=True),
    st.sampled_from(STANDARD_CARDS),
    st.sampled_from(EVERY_CARD),
    st.booleans(),
)
def test_a_call_made_in_the_play_holds_and_the_items_name_the_jokers(
    held: list[Card], call: Card, starter: Card, crib: bool
) -> None:
    """The engine's count: a joker laid in the play counts as its call (which may repeat a card
    held); the rest are called for the most; every item names the cards laid, jokers as jokers."""
    hand = [*held[:3], JOKER_RED]
    assume(starter not in hand)
    shown = wild_show(hand, starter, crib, {JOKER_RED: call})
    assert shown.score.total == plain_best([*held[:3], call], starter, crib)
    assert shown.calls[0] == (JOKER_RED, call)
    laid = {*hand, starter}
    assert all(card in laid for item in shown.score.items for card in item.cards)
    assert sum(item.points for item in shown.score.items) == shown.score.total
    assert wild_points(hand, starter, crib, {JOKER_RED: call}) == shown.score.total


def test_a_call_repeating_a_card_held_pairs_with_it_and_is_named_as_the_joker() -> None:
    hand, starter = parse_cards("5H 5D 10S JKR"), parse_cards("JKB")[0]
    shown = wild_show(hand, starter, False, {JOKER_RED: parse_cards("5H")[0]})
    sets = [
        item for item in shown.score.items if item.kind.value in ("pair", "pair royal", "double pair royal")
    ]
    assert any({hand[0], JOKER_RED} <= set(item.cards) for item in sets)
    assert shown.score.total == 28  # the starter joker called a five too: four fives and a ten

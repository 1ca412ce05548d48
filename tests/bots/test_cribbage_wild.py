"""The cribbage bots with wild jokers (docs/bots.md, "Wild jokers"): a joker is kept, called for
what it pegs and leaves the show, and a joker the other laid is no card of the pack to the expert's
count of what is unseen."""

from __future__ import annotations

import pytest

from muggins.bots.cribbage.discard import held_points
from muggins.bots.cribbage.players import ExpertBot, GreedyBot
from muggins.bots.cribbage.wild import wild_expected, wild_held
from muggins.cards import ALL_CARDS, STANDARD_CARDS, parse_cards
from muggins.games.cribbage.moves import PlayJoker
from muggins.games.moves import Discard
from muggins.scoring.wild import wild_points
from muggins.strategy.cribbage.reading import read
from muggins.strategy.cribbage.search import unseen_ranks
from tests.games.test_cribbage_jokers import DISCARDS, HANDS, PLAY, stacked, wild_game


def test_a_joker_held_counts_as_the_card_that_holds_most() -> None:
    """Against the greedy bot's count of every hand the joker could be called into."""
    for text in ("5H 5D 10S JKR", "2H 4H 6H JKR", "9C 10D QS JKB", "AH 7C KD JKR 5S"):
        cards = parse_cards(text)
        standard = [card for card in cards if not card.is_joker]
        best = max(held_points([*standard, card]) for card in STANDARD_CARDS)
        assert wild_held(cards) == best, text
    assert wild_held(parse_cards("5H 5D 10S JKR")) == 14  # as a five: fifteens 8, pair royal 6
    assert wild_held(parse_cards("JKB JKR 5C")) == 11  # two fives: pair royal 6, fifteen 2, flush 3


def test_both_bots_keep_a_joker_and_lay_it_for_five_of_a_kind() -> None:
    for bot in (GreedyBot(1), ExpertBot(1)):
        game = wild_game(deck=stacked(HANDS, "JKB"))
        throw = bot.choose(game.view(1))
        assert isinstance(throw, Discard) and not any(card.is_joker for card in throw.cards)
        for seat, move in DISCARDS + PLAY[:4]:
            game.apply(seat, move)
        laid = bot.choose(game.view(1))  # the pile is four fives at 20: a fifth pegs 20
        assert isinstance(laid, PlayJoker) and laid.called.rank == 5, laid


def test_a_joker_the_other_laid_takes_no_card_of_the_pack_from_the_unseen() -> None:
    game = wild_game(deck=stacked(HANDS, "JKB"))
    for seat, move in DISCARDS + PLAY[:5]:
        game.apply(seat, move)
    viewer = read(game.view(0))
    assert any(card.is_joker for card in viewer.played[1])
    left = unseen_ranks(viewer)
    assert left[12] == 4  # no king seen by seat 0 (a joker counted as rank 0 once took one)
    assert left[4] == 0 and min(left) >= 0  # its own two fives and the pone's two, laid
    chosen = ExpertBot(1).choose(game.view(0))  # the expert plays on from here
    assert str(chosen) in {str(move) for move in game.legal_moves(0)}


@pytest.mark.parametrize(
    "kept",
    [
        "JKR 2H 7H JH",  # a flush, a jack: the joker as a heart, or as the jack of a starter's suit
        "JKB 10D 6C 10H",  # the joker best as the jack of the starter's suit, with two tens
        "JKR 5S KD",  # five-card's hand of three
        "JKB 2H 9H",  # five-card's hand of three, a flush of three
        "JKB 4C 4D 5H 6S",  # seven-card's hand of five
        "JKR JKB 5S JS",  # both jokers, a jack
        "JKR JKB 3H 9H",  # both jokers, a flush
    ],
)
def test_the_experts_kept_show_is_the_wild_count_averaged_over_the_starters(kept: str) -> None:
    """``wild_expected`` is exactly the mean of the wild count (``wild_points``, each joker called for
    the most) over every starter unseen, the other joker included where it is not kept."""
    cards = parse_cards(kept)
    unseen = [card for card in ALL_CARDS if card not in cards]
    exact = sum(wild_points(cards, starter, False) for starter in unseen) / len(unseen)
    assert wild_expected(cards, unseen) == pytest.approx(exact)

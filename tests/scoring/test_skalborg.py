"""Skalborg scoring, itemised: the seed's examples, each joker ruling by hand, and properties over
random pools checked against a brute-force statement of the rules written here.

Every expected count below is worked out by hand in a comment; docs/rules/scoring.md (Skalborg section)
gives the rulings.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import (
    JOKER_BLACK,
    JOKER_RED,
    STANDARD_CARDS,
    Card,
    DuplicateCardError,
    Suit,
    parse_cards,
)
from muggins.scoring.combos import runs as cribbage_runs
from muggins.scoring.items import Item, Kind, Score
from muggins.scoring.skalborg.hand import SkalborgError, score_skalborg


def skalborg(hand: str, board: str) -> Score:
    return score_skalborg(parse_cards(hand), parse_cards(board))


def points(score: Score, kind: Kind) -> int:
    return sum(item.points for item in score.of_kind(kind))


def card_sets(score: Score, kind: Kind) -> list[frozenset[Card]]:
    return sorted((frozenset(item.cards) for item in score.of_kind(kind)), key=sorted)


def sets(*groups: str) -> list[frozenset[Card]]:
    return sorted((frozenset(parse_cards(group)) for group in groups), key=sorted)


# --- the seed's worked example and challenge -----------------------------------------------------


def test_seed_example() -> None:
    # Hand 5S 5H 3S JKB, board 6D 7H QH JH. Fifteens: each 5 with J and with Q (4), each 5 with
    # 3 and 7 (2): 12. The pair is 5S 5H (the seed prints "5S, 5S", a slip: the rules define a
    # pair as two cards of one rank): 2. Runs: 3 JK 5 6 7 with either five (JK as 4), 5 each, and
    # J Q JK (JK as 10 or K), which no longer run contains: 13. Flush: the four hearts 5H 7H QH JH;
    # the black joker serves only clubs and spades, and 3S 5S JKB is only three: 4. Total 31.
    score = skalborg("5S 5H 3S JKB", "6D 7H QH JH")
    assert card_sets(score, Kind.FIFTEEN) == sets("5S QH", "5S JH", "5H QH", "5H JH", "5S 3S 7H", "5H 3S 7H")
    assert card_sets(score, Kind.PAIR) == sets("5S 5H")
    assert card_sets(score, Kind.RUN) == sets("3S JKB 5S 6D 7H", "3S JKB 5H 6D 7H", "JH QH JKB")
    assert card_sets(score, Kind.FLUSH) == sets("5H 7H JH QH")
    assert score.total == 31


def test_seed_challenge_counts_its_fifteens() -> None:
    # Hand AH 2C 3C 3D, board AD 2S 3H 3S. Runs A-2-3: 2 aces x 2 twos x 4 threes = 16 runs of 3
    # (48). Pairs: the aces (2), the twos (2), four threes as six pairs (12): 16. The seed answers
    # 64 and stops there, but the rules count fifteens too: the eight cards sum to 18, so a set
    # sums to 15 exactly when the cards left out sum to 3 - a single three (4 ways) or an ace
    # and a two (4 ways) - 8 fifteens (16). Total 80.
    score = skalborg("AH 2C 3C 3D", "AD 2S 3H 3S")
    assert len(score.of_kind(Kind.RUN)) == 16 and points(score, Kind.RUN) == 48
    assert points(score, Kind.PAIR) == 16
    assert len(score.of_kind(Kind.FIFTEEN)) == 8
    assert not score.of_kind(Kind.FLUSH)
    assert score.total == 80


# --- runs -----------------------------------------------------------------------------------------


def test_run_inside_a_longer_run_is_not_counted() -> None:
    # The seed: A 2 3 4 is one run of 4, not two runs of 3 and one of 4. The 8 and the queens
    # join nothing.
    score = skalborg("AC 2H 3S 4D", "8H QS QD 6C")
    assert card_sets(score, Kind.RUN) == sets("AC 2H 3S 4D")


def test_a_duplicate_rank_makes_a_second_run() -> None:
    # The seed: with 3C besides, A 2 3 4 is two runs of 4 and a pair of threes.
    score = skalborg("AC 2H 3S 3C", "4D 8H QS QD")
    assert card_sets(score, Kind.RUN) == sets("AC 2H 3S 4D", "AC 2H 3C 4D")
    assert points(score, Kind.RUN) == 8
    assert sets("3S 3C") <= card_sets(score, Kind.PAIR)


def test_joker_run_loops_past_the_king() -> None:
    # Q K JK A 2 3: the joker stands between king and ace. The same joker also stands for the 8
    # in 7 JK 9, a second run. Fifteens: Q+2+3, K+2+3, A+2+3+9 (6). No pair; hearts QH KH AH are
    # only three and the black joker cannot serve them. Total 6 + 6 + 3 = 15.
    score = skalborg("QH KH JKB AH", "2C 3C 9D 7S")
    assert card_sets(score, Kind.RUN) == sets("QH KH JKB AH 2C 3C", "7S JKB 9D")
    (loop,) = (item for item in score.of_kind(Kind.RUN) if item.points == 6)
    assert loop.cards == parse_cards("QH KH JKB AH 2C 3C")  # laid out with the joker in its slot
    assert points(score, Kind.FIFTEEN) == 6
    assert score.total == 15


def test_king_to_ace_needs_a_joker() -> None:
    # Q K A 2 without a joker: Q-K and A-2 are two pairs of neighbours, no run.
    assert not skalborg("QH KD AS 2C", "9H 9S 6D 4C").of_kind(Kind.RUN)
    # Put the red joker in place of the 4: Q K JK A 2 is a run of 5 (the 6 and 9s stay out).
    assert card_sets(skalborg("QH KD AS 2C", "9H 9S 6D JKR"), Kind.RUN) == sets("QH KD JKR AS 2C")


def test_joker_at_either_end_is_one_run() -> None:
    # The seed: JK 2 3 and 2 3 JK are the same cards, so one run of 3. The 7s and jacks are too
    # far away for the joker to reach (three empty ranks each side).
    score = skalborg("JKB 2C 3D 7H", "7S 7D JC JD")
    assert card_sets(score, Kind.RUN) == sets("JKB 2C 3D")
    assert points(score, Kind.RUN) == 3


def test_run_of_eight_through_the_joker() -> None:
    score = skalborg("10C JD QH KS", "JKB AC 2D 3H")
    assert [item.points for item in score.of_kind(Kind.RUN)] == [8]


def test_two_jokers_in_one_run_and_a_card_with_both_jokers() -> None:
    # 3 JK JK 6 is 3 4 5 6, a run of 4 (the 10s are four ranks away from the 6). Each 10 with
    # the two jokers is three cards in sequence (JK 10 JK, say 9 10 J): a run of 3 four times.
    score = skalborg("3C 6D JKB JKR", "10H 10S 10D 10C")
    assert card_sets(score, Kind.RUN) == sets(
        "3C JKB JKR 6D", "10H JKB JKR", "10S JKB JKR", "10D JKB JKR", "10C JKB JKR"
    )
    assert points(score, Kind.RUN) == 4 + 4 * 3


def test_two_jokers_full_count() -> None:
    # Hand JKB JKR 5C 5D, board 10S 4H 2C 8D. Fifteens: 5+10 twice, 5+2+8 twice (8). Pair of
    # fives (2); the jokers are no pair. Runs, each with both jokers: 2 JK 4 5 JK with either five
    # (5 each), 4 5 JK JK 8 with either five (5 each), 8 JK 10 JK (4): 24. No suit reaches four:
    # clubs 5C 2C + JKB, diamonds 5D 8D + JKR. Total 34.
    score = skalborg("JKB JKR 5C 5D", "10S 4H 2C 8D")
    assert points(score, Kind.FIFTEEN) == 8
    assert card_sets(score, Kind.PAIR) == sets("5C 5D")
    assert card_sets(score, Kind.RUN) == sets(
        "2C 4H 5C JKB JKR", "2C 4H 5D JKB JKR", "4H 5C 8D JKB JKR", "4H 5D 8D JKB JKR", "8D 10S JKB JKR"
    )
    assert not score.of_kind(Kind.FLUSH)
    assert score.total == 34


# --- jokers never pair or count -------------------------------------------------------------------


def test_jokers_never_pair_or_make_fifteens() -> None:
    # Among 5 10 Q 2 9 4 the fifteens are 5+10, 5+Q and 2+9+4: three. The jokers add none, and
    # JKB JKR, two cards of "rank" joker, are not a pair.
    score = skalborg("JKB JKR 5C 10S", "QH 2D 9C 4S")
    assert card_sets(score, Kind.FIFTEEN) == sets("5C 10S", "5C QH", "2D 9C 4S")
    assert not score.of_kind(Kind.PAIR)


# --- flushes --------------------------------------------------------------------------------------


def test_joker_completes_a_four_card_flush() -> None:
    # Three hearts and the coloured joker: a flush of 4.
    assert card_sets(skalborg("2H 6H 9H JKR", "4C 8S QD KS"), Kind.FLUSH) == sets("2H 6H 9H JKR")
    # The monochrome joker does not serve hearts; spades 8S KS JKB are only three.
    assert not skalborg("2H 6H 9H JKB", "4C 8S QD KS").of_kind(Kind.FLUSH)


def test_joker_serves_each_flush_of_its_colour() -> None:
    # Clubs 2C 5C 9C and spades 4S 8S QS: the black joker makes both flushes of 4.
    score = skalborg("2C 5C 9C JKB", "4S 8S QS 6D")
    assert card_sets(score, Kind.FLUSH) == sets("2C 5C 9C JKB", "4S 8S QS JKB")
    assert points(score, Kind.FLUSH) == 8


def test_flush_is_the_longest_once_and_needs_no_hand_card() -> None:
    # Five hearts are one flush of 5, not five flushes of 4; four of them are on the board.
    score = skalborg("AC 2D 3H 4S", "5H 7H 9H KH")
    assert card_sets(score, Kind.FLUSH) == sets("3H 5H 7H 9H KH")
    assert points(score, Kind.FLUSH) == 5


def test_eight_card_flush_with_its_joker() -> None:
    assert points(skalborg("AD 3D 5D 7D", "9D JD KD JKR"), Kind.FLUSH) == 8


# --- bad input ------------------------------------------------------------------------------------


def test_bad_input_is_named() -> None:
    with pytest.raises(SkalborgError, match="hand has 4 cards, not 3"):
        skalborg("5S 5H 3S", "6D 7H QH JH")
    with pytest.raises(SkalborgError, match="board has 4 cards, not 5"):
        skalborg("5S 5H 3S JKB", "6D 7H QH JH 2C")
    with pytest.raises(DuplicateCardError, match="5S"):
        skalborg("5S 5H 3S JKB", "6D 7H QH 5S")
    with pytest.raises(SkalborgError, match="not a card"):
        score_skalborg(["5S", "5H", "3S", "JKB"], parse_cards("6D 7H QH JH"))  # type: ignore[list-item]


# --- properties, against a brute-force statement of the rules -------------------------------------


@st.composite
def pools(draw: st.DrawFn) -> list[Card]:
    """Eight distinct cards, with no joker, either joker or both equally often."""
    jokers = draw(st.sampled_from([(), (JOKER_BLACK,), (JOKER_RED,), (JOKER_BLACK, JOKER_RED)]))
    size = 8 - len(jokers)
    standard = draw(st.lists(st.sampled_from(STANDARD_CARDS), min_size=size, max_size=size, unique=True))
    return draw(st.permutations([*jokers, *standard]))


def is_run(cards: Sequence[Card]) -> bool:
    """Three or more cards fill consecutive slots of the cycle (slot 0 between K and A, joker only),
    one card a slot: try every starting slot."""
    standard = [c.rank for c in cards if not c.is_joker]
    if len(cards) < 3 or len(set(standard)) != len(standard):
        return False
    for start in range(14):
        slots = {(start + step) % 14 for step in range(len(cards))}
        if set(standard) <= slots:
            return True
    return False


def maximal_runs(cards: Sequence[Card]) -> list[frozenset[Card]]:
    """Every set of cards that is a run and lies in no larger run."""
    found = [frozenset(s) for n in range(3, 9) for s in itertools.combinations(cards, n) if is_run(s)]
    return sorted((s for s in found if not any(s < t for t in found)), key=sorted)


def check_item(item: Item) -> None:
    """Each item is what its kind says it is, worth what the rules say."""
    cards = item.cards
    if item.kind == Kind.FIFTEEN:
        assert len(cards) >= 2 and not any(c.is_joker for c in cards)
        assert sum(c.value for c in cards) == 15 and item.points == 2
    elif item.kind == Kind.PAIR:
        assert len(cards) == 2 and not cards[0].is_joker and cards[0].rank == cards[1].rank
        assert item.points == 2
    elif item.kind == Kind.RUN:
        assert is_run(cards) and item.points == len(cards)
    else:
        assert item.kind == Kind.FLUSH and item.points == len(cards) >= 4
        suits = {c.suit for c in cards if not c.is_joker}
        assert len(suits) == 1
        (suit,) = suits
        assert suit is not None
        assert all(c.colour_red == suit.is_red for c in cards if c.is_joker)


@given(pools())
def test_items_are_what_they_say_and_sum_to_the_total(pool: list[Card]) -> None:
    score = score_skalborg(pool[:4], pool[4:])
    for item in score:
        check_item(item)
    assert score.total == sum(item.points for item in score.items)
    assert len({(item.kind, frozenset(item.cards)) for item in score}) == len(score)


@given(pools())
def test_runs_are_exactly_the_maximal_runs(pool: list[Card]) -> None:
    assert card_sets(score_skalborg(pool[:4], pool[4:]), Kind.RUN) == maximal_runs(pool)


@given(pools())
def test_flushes_are_each_suit_with_its_joker(pool: list[Card]) -> None:
    expected = []
    for suit in Suit:
        members = frozenset(c for c in pool if c.suit == suit or (c.is_joker and c.colour_red == suit.is_red))
        if len(members) >= 4:
            expected.append(members)
    assert card_sets(score_skalborg(pool[:4], pool[4:]), Kind.FLUSH) == sorted(expected, key=sorted)


@given(pools(), st.randoms(use_true_random=False))
def test_order_and_the_hand_board_split_never_matter(pool: list[Card], rng: random.Random) -> None:
    reference = score_skalborg(pool[:4], pool[4:])
    shuffled = list(pool)
    rng.shuffle(shuffled)
    again = score_skalborg(shuffled[:4], shuffled[4:])
    assert again.total == reference.total
    for kind in Kind:
        assert card_sets(again, kind) == card_sets(reference, kind)


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=8, max_size=8, unique=True))
def test_without_jokers_runs_are_cribbage_runs(pool: list[Card]) -> None:
    # With no joker, Skalborg runs are the show's runs over eight cards (with multiplicity).
    expected = sorted((frozenset(item.cards) for item in cribbage_runs(pool)), key=sorted)
    assert card_sets(score_skalborg(pool[:4], pool[4:]), Kind.RUN) == expected


@given(pools())
def test_jokers_change_only_runs_and_flushes(pool: list[Card]) -> None:
    # Fifteens and pairs are those of the standard cards alone.
    score = score_skalborg(pool[:4], pool[4:])
    standard = [c for c in pool if not c.is_joker]
    fifteens = sum(
        1 for n in range(2, 9) for s in itertools.combinations(standard, n) if sum(c.value for c in s) == 15
    )
    pairs = sum(1 for a, b in itertools.combinations(standard, 2) if a.rank == b.rank)
    assert points(score, Kind.FIFTEEN) == 2 * fifteens
    assert points(score, Kind.PAIR) == 2 * pairs

"""The shows of seven- and eight-card cribbage: hands of five and six cards with the starter,
counted from their ranks (no table ships for them), held to the itemised scorer and to the
independent whole-array count of ``muggins.scoring.ranks``."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import STANDARD_CARDS, Card, DuplicateCardError, parse_cards
from muggins.games.cribbage.game import MAX_CLAIM
from muggins.scoring.fast import counted_points, show_points
from muggins.scoring.ranks import rank_points
from muggins.scoring.show import ShowError, itemise_show, score_show
from muggins.strategy.cribbage.keeps import keep_matrix, keep_means

JACK_RANK = 10  # 0 = ace ... 12 = king


def rank_multisets(cards: int) -> list[tuple[int, ...]]:
    """Every multiset of ``cards`` ranks a pack can deal (no rank more than four times)."""
    return [
        ranks
        for ranks in itertools.combinations_with_replacement(range(13), cards)
        if max(Counter(ranks).values()) <= 4
    ]


@pytest.mark.parametrize("cards", [2, 3, 4, 5, 6, 7])
def test_counted_points_equal_the_whole_array_count_for_every_rank_multiset(cards: int) -> None:
    multisets = rank_multisets(cards)
    expected = rank_points(np.array(multisets, dtype=np.int8)).tolist()
    counted = [counted_points(ranks) for ranks in multisets]
    wrong = [(m, c, e) for m, c, e in zip(multisets, counted, expected, strict=True) if c != e]
    assert not wrong, f"{len(wrong)} of {len(multisets)} differ, e.g. {wrong[:3]}"


@given(
    st.lists(st.sampled_from(STANDARD_CARDS), min_size=6, max_size=7, unique=True),
    st.booleans(),
)
def test_a_long_show_totals_what_the_itemised_scorer_counts(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    expected = itemise_show(hand, starter, crib).total
    assert show_points(hand, starter, crib) == expected
    assert score_show(hand, starter, crib=crib).total == expected


def test_hands_of_five_and_six_counted_by_hand() -> None:
    # 4 4 5 5 6 with a 6 cut: the run 4-5-6 eight ways (24), 4+5+6 eight ways (16), three pairs (6).
    *hand, starter = parse_cards("4H 4D 5S 5C 6H 6D")
    assert show_points(hand, starter) == MAX_CLAIM[5] == 46
    *hand, starter = parse_cards("4H 4D 5S 5C 5H 6H 6D")
    assert show_points(hand, starter) == MAX_CLAIM[6] == 72
    # A five-card flush, a sixth with the starter; the crib rule does not touch a hand.
    *hand, starter = parse_cards("2H 4H 6H 8H QH KC")
    score = itemise_show(hand, starter)
    assert [item.points for item in score.items if item.kind.value == "flush"] == [5]
    *hand, starter = parse_cards("2H 4H 6H 8H QH AH")
    assert [item.points for item in itemise_show(hand, starter).items if item.kind.value == "flush"] == [6]
    # Nobs: the jack of the starter's suit among six.
    *hand, starter = parse_cards("2C 4D 6S 8H QH JS 9S")
    assert show_points(hand, starter) == itemise_show(hand, starter).total
    assert any(item.kind.value == "nobs" for item in itemise_show(hand, starter).items)


@pytest.mark.parametrize("size", [5, 6])
def test_no_show_of_its_size_beats_the_most_a_claim_may_be(size: int) -> None:
    """The claim bound, found over every rank multiset: fifteens, pairs and runs, plus the most flush
    and nobs the ranks allow (a flush needs distinct ranks; nobs a jack beside the starter)."""
    best = 0
    for ranks in rank_multisets(size + 1):
        flush = size + 1 if len(set(ranks)) == len(ranks) else 0
        nobs = 1 if JACK_RANK in ranks else 0
        best = max(best, counted_points(ranks) + flush + nobs)
    assert best == MAX_CLAIM[size]


REFUSED = [
    ("5H 5D 5S JC 2C 5H", "5C", DuplicateCardError, "5H"),
    ("5H 5D 5S JC 2C", "2C", DuplicateCardError, "2C"),
    ("5H 5D 5S JC JKB", "5C", ShowError, "joker"),
]
"""Long hands the scorers refuse, naming the fault (sizes: tests/scoring/test_show.py)."""


@pytest.mark.parametrize(("hand", "starter", "error", "match"), REFUSED)
def test_a_long_show_refuses_a_repeat_or_a_joker_as_the_itemised_scorer_does(
    hand: str, starter: str, error: type[Exception], match: str
) -> None:
    cards, (cut,) = parse_cards(hand, distinct=False), parse_cards(starter)
    for scorer in (show_points, itemise_show):
        with pytest.raises(error, match=match):
            scorer(cards, cut)


@pytest.mark.parametrize(("dealt", "keep"), [(7, 5), (8, 6)])
def test_the_kept_hands_expected_show_is_the_itemised_mean_over_the_starters(dealt: int, keep: int) -> None:
    cards = tuple(STANDARD_CARDS[i] for i in (4, 17, 30, 10, 23, 49, 8, 21)[:dealt])
    starters = [card for card in STANDARD_CARDS if card not in cards]
    matrix = keep_matrix(cards, keep)
    means = keep_means(cards, keep)
    assert len(means) == len(matrix.rows) == {7: 21, 8: 28}[dealt]
    for row, mean in enumerate(means):
        totals = [itemise_show(matrix.kept(row), starter).total for starter in starters]
        assert matrix.points[row].tolist() == totals
        assert mean == pytest.approx(sum(totals) / len(totals))

"""The fast show scorers (scalar tables and numpy batches) against the itemised reference.

Three ways of covering the space: a fresh random sample of 200,000 shows every run; every rank
multiset of hand and starter (the tables' whole domain, with the tables proven symmetric so the
order of the ranks cannot matter); and every suit pattern over ranks that make flushes, nobs,
runs and fifteens together, so flush and nobs are checked in every position.
"""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import JACK, JOKER_RED, STANDARD_CARDS, Card, DuplicateCardError, Suit, parse_cards
from muggins.scoring.batch import (
    BatchError,
    expected_show,
    keep_expectations,
    show_by_starter,
    show_points_batch,
)
from muggins.scoring.fast import rank_table, show_points
from muggins.scoring.items import Item, Kind
from muggins.scoring.show import ShowError, itemise_show, score_show

SAMPLE = 200_000


def reference(hand: Sequence[Card], starter: Card, crib: bool) -> int:
    return itemise_show(hand, starter, crib=crib).total


def batch_of(hands: Sequence[Sequence[Card]], starters: Sequence[Card], crib: bool) -> list[int]:
    rows = np.array([[c.index for c in hand] for hand in hands], dtype=np.intp)
    column = np.array([c.index for c in starters], dtype=np.intp)
    result: list[int] = show_points_batch(rows, column, crib).tolist()
    return result


def assert_all_agree(shows: list[tuple[tuple[Card, ...], Card, bool]], context: str) -> None:
    """Scalar, batch and itemised totals are equal for every (hand, starter, crib)."""
    groups: dict[tuple[int, bool], list[int]] = {}
    for i, (hand, _, crib) in enumerate(shows):
        groups.setdefault((len(hand), crib), []).append(i)
    batch = [0] * len(shows)
    for (_, crib), rows in groups.items():
        totals = batch_of([shows[i][0] for i in rows], [shows[i][1] for i in rows], crib)
        for i, total in zip(rows, totals, strict=True):
            batch[i] = total
    wrong = []
    for (hand, starter, crib), batch_total in zip(shows, batch, strict=True):
        expected = reference(hand, starter, crib)
        if show_points(hand, starter, crib) != expected or batch_total != expected:
            wrong.append(f"{' '.join(map(str, hand))} / {starter} crib={crib}: itemised {expected}")
    assert not wrong, f"{context}: {len(wrong)} disagree, e.g. {wrong[:5]}"


def test_random_sample_agrees_with_the_itemised_scorer() -> None:
    seed = int(os.environ.get("MUGGINS_TEST_SEED", random.randrange(2**32)))
    rng = np.random.default_rng(seed)
    deals = rng.random((SAMPLE, 52)).argpartition(5, axis=1)[:, :5]
    sizes = rng.choice([3, 4], size=SAMPLE, p=[0.25, 0.75])
    cribs = rng.random(SAMPLE) < 0.5
    shows = [
        (tuple(STANDARD_CARDS[i] for i in deal[:size]), STANDARD_CARDS[deal[4]], bool(crib))
        for deal, size, crib in zip(deals.tolist(), sizes.tolist(), cribs.tolist(), strict=True)
    ]
    assert_all_agree(shows, f"random sample, MUGGINS_TEST_SEED={seed}")


def rank_deals(hand_size: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every multiset of hand ranks (1-13) with every starter rank the pack can still supply."""
    for hand in itertools.combinations_with_replacement(range(1, 14), hand_size):
        for starter in range(1, 14):
            if hand.count(starter) < 4:
                yield hand, starter


@pytest.mark.parametrize("hand_size", [3, 4])
def test_every_rank_multiset_agrees_with_the_itemised_scorer(hand_size: int) -> None:
    rng = random.Random(hand_size)
    shows = []
    for hand_ranks, starter_rank in rank_deals(hand_size):
        ranks = [*hand_ranks, starter_rank]
        suits = {rank: rng.sample(list(Suit), ranks.count(rank)) for rank in set(ranks)}
        cards = [Card.of(rank, suits[rank].pop()) for rank in ranks]
        shows.append((tuple(cards[:-1]), cards[-1], rng.random() < 0.5))
    # 455 and 1820 rank multisets of 3 and 4 cards; a hand of four of a kind leaves no starter of its rank.
    assert len(shows) == {3: 455 * 13, 4: 1820 * 13 - 13}[hand_size]
    assert_all_agree(shows, "rank multisets")


@pytest.mark.parametrize("cards", [4, 5])
def test_rank_tables_do_not_depend_on_the_order_of_the_ranks(cards: int) -> None:
    table = rank_table(cards).reshape((13,) * cards)
    for order in itertools.permutations(range(cards)):
        assert np.array_equal(table, table.transpose(order)), order


def suit_patterns(length: int) -> Iterator[tuple[int, ...]]:
    """Every way of giving ``length`` cards suits, up to renaming the suits (restricted growth)."""

    def grow(prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(prefix) == length:
            yield prefix
            return
        for suit in range(min(max(prefix, default=-1) + 2, 4)):
            yield from grow((*prefix, suit))

    return grow(())


@pytest.mark.parametrize("hand_size", [3, 4])
def test_every_suit_pattern_agrees_with_the_itemised_scorer(hand_size: int) -> None:
    # Ranks 4 5 6 J make runs, fifteens (4+5+6, 5+J) and pairs; a hand of distinct ranks can be a
    # flush, and the jack can sit anywhere, in hand or as starter.
    rng = random.Random(hand_size)
    shows = []
    for ranks in itertools.product((4, 5, 6, JACK), repeat=hand_size + 1):
        for pattern in suit_patterns(hand_size + 1):
            if len(set(zip(ranks, pattern, strict=True))) <= hand_size:
                continue  # the same card twice
            renamed = rng.sample(list(Suit), 4)
            cards = [Card.of(rank, renamed[s]) for rank, s in zip(ranks, pattern, strict=True)]
            for crib in (False, True):
                shows.append((tuple(cards[:-1]), cards[-1], crib))
    assert_all_agree(shows, "suit patterns")


deals = st.integers(3, 4).flatmap(
    lambda size: st.lists(st.sampled_from(STANDARD_CARDS), min_size=size + 1, max_size=size + 1, unique=True)
)


@given(deals, st.booleans())
def test_the_order_of_the_hand_never_matters(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    totals = {show_points(order, starter, crib) for order in itertools.permutations(hand)}
    rows = np.array([[c.index for c in order] for order in itertools.permutations(hand)])
    totals |= set(show_points_batch(rows, np.full(len(rows), starter.index), crib).tolist())
    assert totals == {reference(hand, starter, crib)}


@given(deals, st.booleans(), st.permutations(list(Suit)))
def test_renaming_the_suits_never_changes_the_score(cards: list[Card], crib: bool, suits: list[Suit]) -> None:
    renamed = [Card.of(c.rank, suits[c.suit or 0]) for c in cards]
    assert show_points(renamed[:-1], renamed[-1], crib) == show_points(cards[:-1], cards[-1], crib)


def genuine(item: Item, starter: Card, hand_size: int) -> bool:
    """Whether an item is a real combination of its kind."""
    ranks = sorted(c.rank for c in item.cards)
    match item.kind:
        case Kind.FIFTEEN:
            return sum(c.value for c in item.cards) == 15 and item.points == 2
        case Kind.PAIR:
            return len(item.cards) == 2 and ranks[0] == ranks[1] and item.points == 2
        case Kind.RUN:
            return ranks == list(range(ranks[0], ranks[0] + len(ranks))) and item.points == len(ranks) >= 3
        case Kind.FLUSH:
            return len({c.suit for c in item.cards}) == 1 and item.points == len(item.cards) >= hand_size
        case Kind.NOBS:
            jack = item.cards[0]
            return jack.rank == JACK and jack.suit == starter.suit and item.points == 1
    return False


@given(deals, st.booleans())
def test_the_total_is_the_sum_of_genuine_items(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    score = score_show(hand, starter, crib=crib)
    assert all(genuine(item, starter, len(hand)) for item in score)
    assert show_points(hand, starter, crib) == sum(item.points for item in score)


@given(deals)
def test_a_crib_never_scores_more_than_the_same_cards_as_a_hand(cards: list[Card]) -> None:
    assert show_points(cards[:-1], cards[-1], True) <= show_points(cards[:-1], cards[-1], False)


def rank_points(hand: Sequence[Card], starter: Card) -> int:
    items = score_show(hand, starter).of_kind(Kind.FIFTEEN, Kind.PAIR, Kind.RUN)
    return sum(item.points for item in items)


@given(st.lists(st.sampled_from(STANDARD_CARDS), min_size=5, max_size=5, unique=True))
def test_adding_a_card_never_lowers_fifteens_pairs_and_runs(cards: list[Card]) -> None:
    *hand, extra, starter = cards
    assert rank_points([*hand, extra], starter) >= rank_points(hand, starter)
    # Fast: a fourth card can cost at most the three-card hand's flush (4 with the starter).
    assert show_points([*hand, extra], starter) >= show_points(hand, starter) - 4


@pytest.mark.parametrize(
    ("hand", "starter", "error", "match"),
    [
        (parse_cards("5H 5D 5S JC 2C 3C 4C"), parse_cards("5C")[0], ShowError, "7"),
        (parse_cards("5H 5D"), parse_cards("5C")[0], ShowError, "2"),
        (parse_cards("5H 5D JC"), JOKER_RED, ShowError, "joker"),
        ((*parse_cards("5H 5D JC"), JOKER_RED), parse_cards("5C")[0], ShowError, "joker"),
        (parse_cards("5H 5D 5S JC"), parse_cards("5H")[0], DuplicateCardError, "5H"),
        (parse_cards("5H 5D 5S"), parse_cards("5S")[0], DuplicateCardError, "5S"),
    ],
)
def test_scalar_rejects_what_the_itemised_scorer_rejects(
    hand: Sequence[Card], starter: Card, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        show_points(hand, starter)


@pytest.mark.parametrize("size", [3, 4])
def test_scalar_rejects_a_repeat_or_a_joker_in_every_place(size: int) -> None:
    """Hand and starter together: the same card in any two places is a repeat, a joker anywhere is
    refused, and a show with neither is scored as the itemised scorer scores it."""
    shown = list(parse_cards("AH 5D 9S KC JD")[: size + 1])
    assert show_points(shown[:-1], shown[-1]) == reference(shown[:-1], shown[-1], False)
    for i, j in itertools.combinations(range(size + 1), 2):
        cards = list(shown)
        cards[j] = cards[i]
        with pytest.raises(DuplicateCardError):
            show_points(cards[:-1], cards[-1])
    for i in range(size + 1):
        cards = list(shown)
        cards[i] = JOKER_RED
        with pytest.raises(ShowError, match="joker"):
            show_points(cards[:-1], cards[-1])


def indices(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


@pytest.mark.parametrize(
    ("hands", "starters", "match"),
    [
        (np.zeros((2, 5), dtype=int), np.zeros(2, dtype=int), r"shape \(N, 4\)"),
        (np.zeros(4, dtype=int), np.zeros(1, dtype=int), "shape"),
        (np.array([indices("5H 5D 5S JC")]), np.array(indices("5C 6C")), r"starters must have shape \(1,\)"),
        (np.array([indices("5H 5D 5S JC")]), np.array([52]), "0-51, found 52"),
        (np.array([[0, 1, 2, -1]]), np.array([5]), "found -1"),
        (np.array([indices("5H 5D 5S JC")]) * 1.0, np.array(indices("5C")), "integer"),
        (np.array([indices("2C 3C 4C 5C"), indices("5H 5D 5S JC")]), np.array(indices("6C 5H")), "row 1"),
    ],
)
def test_batch_rejects_bad_input_naming_it(
    hands: npt.NDArray[np.generic], starters: npt.NDArray[np.generic], match: str
) -> None:
    with pytest.raises(BatchError, match=match):
        show_points_batch(hands, starters)


def test_batch_takes_any_integer_type_lists_and_empty_batches() -> None:
    # The 29 hand; and 2 4 6 8 of hearts with a 10 of spades, all even, no run: a hand flush (4).
    hands = [indices("5H 5D 5S JC"), indices("2H 4H 6H 8H")]
    starters = indices("5C 10S")
    for dtype in (np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64):
        result = show_points_batch(np.array(hands, dtype=dtype), np.array(starters, dtype=dtype))
        assert result.tolist() == [29, 4]
    assert show_points_batch(hands, starters, True).tolist() == [29, 0]
    empty = show_points_batch(np.zeros((0, 4), dtype=int), np.zeros(0, dtype=int))
    assert empty.shape == (0,)


def test_keep_expectations_average_the_itemised_show_over_the_unseen_starters() -> None:
    dealt = parse_cards("5H 5D JC 6S 9C KD")
    keeps = keep_expectations(dealt)
    assert len(keeps) == 15  # six choose four
    starters = [c for c in STANDARD_CARDS if c not in dealt]
    assert len(starters) == 46
    for keep in keeps:
        assert Counter(keep.kept + keep.discarded) == Counter(dealt)
        mean = sum(reference(keep.kept, s, False) for s in starters) / 46
        assert keep.expected == pytest.approx(mean, abs=1e-12)
        assert expected_show(keep.kept, keep.discarded) == pytest.approx(mean, abs=1e-12)


def test_show_by_starter_scores_every_unseen_starter() -> None:
    hand, seen = parse_cards("5H 5D 5S JC"), parse_cards("KD 2C")
    by_starter = show_by_starter(hand, seen)
    assert set(by_starter) == set(STANDARD_CARDS) - {*hand, *seen}
    assert by_starter == {s: reference(hand, s, False) for s in by_starter}
    # 5C makes the 29. With a king: J+5 and K+5 three ways each and 5+5+5 are seven fifteens (14),
    # three fives are a pair royal (6): 20, and one more for nobs when the king is a club.
    assert by_starter[parse_cards("5C")[0]] == 29
    assert by_starter[parse_cards("KH")[0]] == 20
    assert by_starter[parse_cards("KC")[0]] == 21


def test_keep_expectations_for_five_card_cribbage_and_for_a_crib() -> None:
    dealt = parse_cards("2H 4H 6H 8H 10C")
    keeps = keep_expectations(dealt, keep=3)
    assert len(keeps) == 10
    starters = [c for c in STANDARD_CARDS if c not in dealt]
    for keep in keeps:
        assert keep.expected == pytest.approx(sum(reference(keep.kept, s, False) for s in starters) / 47)
    kept = parse_cards("2H 4H 6H 8H")
    (flush_crib,) = [k for k in keep_expectations(dealt, crib=True) if k.kept == kept]
    assert flush_crib.expected == pytest.approx(sum(reference(kept, s, True) for s in starters) / 47)


@pytest.mark.parametrize(
    ("dealt", "keep", "error", "match"),
    [
        ("5H 5D JC 6S 9C KD", 5, ShowError, "5"),
        ("5H 5D JC 6S", 4, ShowError, "cannot keep 4 of 4"),
        ("5H 5D JC 6S 9C 5H", 4, DuplicateCardError, "5H"),
        ("5H 5D JC 6S 9C JKB", 4, ShowError, "joker"),
    ],
)
def test_keep_expectations_reject_bad_deals(
    dealt: str, keep: int, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        keep_expectations(parse_cards(dealt, distinct=False), keep=keep)


def test_expected_show_needs_a_starter_left() -> None:
    hand = parse_cards("5H 5D 5S JC")
    with pytest.raises(ShowError, match="no starter"):
        expected_show(hand, [c for c in STANDARD_CARDS if c not in hand])
    with pytest.raises(ShowError, match="5"):
        expected_show(parse_cards("5H 5D 5S JC 2C"))

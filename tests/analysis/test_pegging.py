"""The pegging risk of each play, checked against hand-worked positions and against enumerating
every holding the next player could have."""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.analysis.cribbage.pegging import PeggingAnalysisError, PlayRisk, expected_best, play_risks
from muggins.cards import JOKER_RED, STANDARD_CARDS, Card, parse_cards
from muggins.scoring.cribbage.pegging import score_play


def figures(risks: list[PlayRisk]) -> dict[str, tuple[int, float, float]]:
    return {str(r.card): (r.pegs, r.reply, r.net) for r in risks}


def test_leading_a_five_into_many_unseen_tens_is_riskier_than_leading_a_four() -> None:
    # Two players: I hold 4C 5D 7S 8H, threw 2C 3D, the starter is AS; 45 cards unseen, the
    # opponent holds 4. A lead pegs nothing; the only replies that score are a fifteen or a pair (2).
    hand = parse_cards("4C 5D 7S 8H")
    risks = play_risks(hand, [], parse_cards("2C 3D AS"), reply_cards=4)
    everyone = comb(45, 4)

    def risk(scoring: int) -> float:  # 2 points unless none of the four cards held is one that scores
        return 2 * (1 - comb(45 - scoring, 4) / everyone)

    got = figures(risks)
    assert got["5D"] == pytest.approx((0, risk(16 + 3), -risk(19)))  # 16 tens make 15; 3 fives pair
    assert got["4C"] == pytest.approx((0, risk(3), -risk(3)))  # only the 3 other fours pair
    assert got["7S"] == pytest.approx((0, risk(6), -risk(6)))  # 3 eights make 15, 3 sevens pair
    assert got["8H"] == pytest.approx((0, risk(6), -risk(6)))
    assert got["5D"][1] == pytest.approx(1.7993, abs=1e-4) and got["4C"][1] == pytest.approx(0.4975, abs=1e-4)
    assert [str(r.card) for r in risks] == ["4C", "7S", "8H", "5D"]  # best net first


def test_pair_royal_risks_the_double_pair_royal() -> None:
    # The count is 10 on 5S 5H. Laying 5C pegs fifteen and a pair royal (8) but leaves the last five
    # for a double pair royal (12); laying 9D pegs nothing and risks only a pair of nines.
    seen = parse_cards("KD 2C 3D")
    risks = figures(play_risks(parse_cards("5C 9D"), parse_cards("5S 5H"), seen, reply_cards=2))
    # 45 unseen cards, the opponent holds 2: 5D is among them with chance 2/45.
    assert risks["5C"] == pytest.approx((8, 12 * 2 / 45, 8 - 12 * 2 / 45))
    nines = 2 * (1 - comb(42, 2) / comb(45, 2))  # 3 nines unseen
    assert risks["9D"] == pytest.approx((0, nines, -nines))


def test_thirty_one_leaves_no_reply_and_cards_over_31_are_not_offered() -> None:
    risks = figures(play_risks(parse_cards("6D 2H KC"), parse_cards("10S JH 5C"), reply_cards=4))
    assert set(risks) == {"6D", "2H"}  # KC would pass 31
    assert risks["6D"] == (2, 0.0, 2.0)
    assert not play_risks(parse_cards("KC QD"), parse_cards("10S JH 5C"), reply_cards=4)  # a go


def test_a_partners_reply_adds_to_the_net() -> None:
    against = play_risks(parse_cards("5D"), [], reply_cards=4)[0]
    friendly = play_risks(parse_cards("5D"), [], reply_cards=4, partner=True)[0]
    assert friendly.reply == against.reply > 0
    assert friendly.net == pytest.approx(against.reply) and against.net == pytest.approx(-against.reply)


@pytest.mark.parametrize("seed", range(6))
def test_reply_matches_enumerating_every_holding(seed: int) -> None:
    """With most of the pack seen, every holding of the next player is enumerated: their best card's
    points (cards that would pass 31 cannot be laid), averaged."""
    rng = random.Random(seed)
    cards = rng.sample(STANDARD_CARDS, 52)
    pile: list[Card] = []
    for card in cards:  # a pile of up to three cards within 31
        if len(pile) < 3 and sum(c.value for c in pile) + card.value <= 31:
            pile.append(card)
    rest = [c for c in cards if c not in pile]
    hand, unseen, seen = rest[:4], rest[4:14], rest[14:]
    held = rng.randint(1, 4)
    risks = {r.card: r for r in play_risks(hand, pile, seen, reply_cards=held)}
    count = sum(c.value for c in pile)
    for card in hand:
        if count + card.value > 31:
            assert card not in risks
            continue
        laid = [*pile, card]
        room = 31 - count - card.value
        best = [
            max((score_play([*laid, c]).total for c in holding if c.value <= room), default=0)
            for holding in itertools.combinations(unseen, held)
        ]
        assert risks[card].pegs == score_play(laid).total
        assert risks[card].reply == pytest.approx(sum(best) / len(best))


@given(st.lists(st.integers(0, 12), max_size=9), st.data())
def test_expected_best_matches_enumeration(points: list[int], data: st.DataObject) -> None:
    draws = data.draw(st.integers(0, len(points)))
    highs = [max(pick, default=0) for pick in itertools.combinations(points, draws)]
    assert expected_best(points, draws) == pytest.approx(sum(highs) / len(highs))


@pytest.mark.parametrize(
    ("hand", "pile", "seen", "held", "message"),
    [
        ("5D 5D", "", "", 4, "5D"),
        ("5D", "5D", "", 4, "5D"),
        ("5D", "10S JH QD 2C", "", 4, "31"),
        ("5D", "", " ".join(str(c) for c in STANDARD_CARDS[:40] if str(c) != "5D"), 13, "cannot hold 13"),
        ("5D", "", "", -1, "cannot hold -1"),
    ],
)
def test_impossible_positions_are_refused(hand: str, pile: str, seen: str, held: int, message: str) -> None:
    with pytest.raises(PeggingAnalysisError, match=message):
        play_risks(parse_cards(hand, distinct=False), parse_cards(pile), parse_cards(seen), reply_cards=held)


def test_jokers_and_negative_points_are_refused() -> None:
    with pytest.raises(PeggingAnalysisError, match="joker"):
        play_risks([JOKER_RED], [], reply_cards=1)
    with pytest.raises(PeggingAnalysisError, match="negative"):
        expected_best([2, -1], 1)
    with pytest.raises(PeggingAnalysisError, match="cannot draw 3 of 2"):
        expected_best([2, 1], 3)

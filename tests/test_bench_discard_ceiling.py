"""``bench/discard_ceiling.py`` values throws as the plain scorer does and throws as the reference
does (issue 62's item 1 ceiling rests on both)."""

from __future__ import annotations

import itertools
import random

import pytest
from bench.discard_ceiling import DECK, THROWS, ideal_values, judge, reference_throw, true_value

from muggins.cards import Card
from muggins.scoring.show import score_show
from muggins.strategy.cribbage.cribtables import shipped_tables


def _plain_mean(hand: list[Card], starters: list[Card], crib: bool) -> float:
    return sum(score_show(hand, s, crib=crib).total for s in starters) / len(starters)


@pytest.mark.parametrize(("seed", "dealing"), [(0, True), (1, False), (2, True), (3, False)])
def test_throws_are_valued_as_the_plain_scorer_values_them(seed: int, dealing: bool) -> None:
    cards = random.Random(seed).sample(DECK, 12)
    mine, theirs = (cards[:6], cards[6:]) if dealing else (cards[6:], cards[:6])
    their_throw = reference_throw(theirs, dealing=not dealing)
    starters = [c for c in DECK if c not in cards]
    hidden = [c for c in DECK if c not in mine]
    sign = 1 if dealing else -1
    values = ideal_values(mine, dealing, [(tuple(theirs), their_throw)])
    for k, at in enumerate(THROWS):
        thrown = [mine[i] for i in at]
        kept = [c for c in mine if c not in thrown]
        crib = sign * _plain_mean([*thrown, *their_throw], starters, crib=True)
        exact = _plain_mean(kept, starters, crib=False) + crib
        assert true_value(mine, theirs, thrown, their_throw, dealing) == pytest.approx(exact)
        assert values[k] == pytest.approx(_plain_mean(kept, hidden, crib=False) + crib)


@pytest.mark.parametrize(("seed", "dealing"), [(0, True), (1, False), (2, True), (3, False)])
def test_the_reference_throws_for_the_most_hand_and_table_crib(seed: int, dealing: bool) -> None:
    hand = random.Random(seed).sample(DECK, 6)
    hidden = [c for c in DECK if c not in hand]
    tables, sign = shipped_tables(), 1 if dealing else -1

    def worth(pair: tuple[Card, ...]) -> float:
        kept = [c for c in hand if c not in pair]
        return _plain_mean(kept, hidden, crib=False) + sign * tables.expected("2", 1 - dealing, pair)

    best = max(itertools.combinations(hand, 2), key=worth)
    assert worth(reference_throw(hand, dealing)) == pytest.approx(worth(best))


def test_a_deal_is_judged_the_same_each_time() -> None:
    assert judge(3, 8) == judge(3, 8)

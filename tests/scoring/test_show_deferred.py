"""``score_show`` defers its work: a total read first is counted from the fast tables, items are
worked out when read; either way the score is the itemised reference's."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import STANDARD_CARDS, Card
from muggins.scoring.show import itemise_show, score_show

deals = st.lists(st.sampled_from(STANDARD_CARDS), min_size=4, max_size=5, unique=True)


@given(deals, st.booleans())
def test_a_total_read_first_is_the_reference_total(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    score = score_show(hand, starter, crib=crib)
    assert score.total == itemise_show(hand, starter, crib).total
    assert score.items == itemise_show(hand, starter, crib).items


@given(deals, st.booleans())
def test_items_read_first_give_the_reference_score(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    score, reference = score_show(hand, starter, crib=crib), itemise_show(hand, starter, crib)
    assert score.items == reference.items
    assert score.total == reference.total == sum(item.points for item in reference.items)
    assert score == reference and hash(score) == hash(reference)


@given(deals, st.booleans())
def test_a_deferred_show_pickles_and_prints_as_the_reference(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    reference = itemise_show(hand, starter, crib)
    assert pickle.loads(pickle.dumps(score_show(hand, starter, crib=crib))) == reference
    assert score_show(hand, starter, crib=crib).to_dict() == reference.to_dict()

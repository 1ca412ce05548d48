"""The reply model's parts against what they stand for: the chance a player holds a rank is the
hypergeometric chance of drawing at least one of it; a card laid alone pegs what the cards laid
after it peg, counted by hand; and laying into a certain reply is worth the points less the reply."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.strategy.cribbage.play import VALUE
from muggins.strategy.cribbage.reply import alone, card_worth, holding_chances


@given(st.lists(st.integers(0, 4), min_size=13, max_size=13), st.integers(1, 4), st.integers(1, 10))
def test_holding_chances_are_hypergeometric(unseen: list[int], cards: int, lowest: int) -> None:
    """With every rank as likely as the rest, the chance of at least one card of a rank among
    ``cards`` drawn from the cards that fit what the player's go revealed."""
    possible = [n if VALUE[r + 1] >= lowest else 0 for r, n in enumerate(unseen)]
    total = sum(possible)
    chances = holding_chances(unseen, cards, lowest)
    if total < cards:
        return  # fewer cards than they hold: the model spreads what there is, no draw to compare with
    for n, chance in zip(possible, chances, strict=True):
        assert chance == pytest.approx(1 - comb(total - n, cards) / comb(total, cards))


def test_cards_laid_alone_are_counted_by_hand() -> None:
    # On 10 5 (count 15), laying a 5 alone from 5 5: 20 and a pair (2), then the other five at 25
    # for pair royal (6), and the last card (1): 9.
    assert alone((10, 5), (5, 5), 5) == 2 + 6 + 1
    # On 21, a 10 makes 31 (2): the count ends there, and the other player leads the next.
    assert alone((10, 10, 1), (3, 10), 10) == 2


def test_a_certain_reply_is_taken_off() -> None:
    """A five led into a player sure to hold a ten-card and nothing else gives them fifteen (2); a
    partner's fifteen counts for me."""
    chances = [0.0] * 13
    chances[9] = 1.0  # a ten, surely
    # my 9 laid back on 5 10 makes 24 and pegs nothing: the fifteen is all
    assert card_worth((), (5, 9), 5, chances, -1.0) == pytest.approx(-2.0)
    assert card_worth((), (5, 9), 5, chances, 1.0) == pytest.approx(2.0)
    # a nine led instead: their ten makes 19 and scores nothing, my five back makes 24, nothing
    assert card_worth((), (5, 9), 9, chances, -1.0) == pytest.approx(0.0)

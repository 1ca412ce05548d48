"""Cribist trick scoring: the four cards of a whist trick, counted by cribbage rules for its winner."""

from __future__ import annotations

from collections.abc import Sequence

from muggins.cards import JACK, Card, Suit, require_distinct
from muggins.scoring.combos import fifteens, pairs, runs
from muggins.scoring.items import Item, Kind, Score


class TrickError(ValueError):
    """Not a trick: the wrong number of cards, a joker, or a repeated card."""


def score_trick(trick: Sequence[Card], trump: Suit) -> Score:
    """Score a four-card trick: fifteens 2, pairs 2, runs of 3 and 4 (each), flush of 4 = 4, jack of trumps 1.

    A run of four counts once as 4 (runs of three inside it are not counted again); with a
    repeated rank, each choice of cards is its own run, as in the show.
    """
    if len(trick) != 4:
        raise TrickError(f"a trick has 4 cards, not {len(trick)}")
    if any(c.is_joker for c in trick):
        raise TrickError("jokers are not used in Cribist")
    require_distinct(trick)
    items: list[Item] = [*fifteens(trick), *pairs(trick), *runs(trick)]
    if len({c.suit for c in trick}) == 1:
        items.append(Item(Kind.FLUSH, tuple(trick), 4))
    items.extend(Item(Kind.JACK_OF_TRUMPS, (c,), 1) for c in trick if c.rank == JACK and c.suit == trump)
    return Score(tuple(items))

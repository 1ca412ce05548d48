"""Wild jokers in a cribbage show (docs/rules/cribbage.md, "Wild jokers"): each joker counts as the
card its holder calls, any of the 52, a card already in the show included. ``best_wild_show`` finds
the calls that make the most by trying every card for every joker (52, or 2,704 calls for two)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from muggins.cards import STANDARD_CARDS, Card, require_distinct
from muggins.scoring.fast import counted_show
from muggins.scoring.items import Score
from muggins.scoring.show import MAX_HAND, MIN_HAND, ShowError, show_items

MOST_WILD_SHOW: Final = 40
"""The most a hand of four and the starter make with jokers wild: five fives (pairs 20, fifteens 20)."""


@dataclass(frozen=True, slots=True)
class WildShow:
    """A show counted with its jokers called: the score of the cards as called, and each call."""

    score: Score
    calls: tuple[tuple[Card, Card], ...]
    """(joker, the card it was called as), in the order the jokers came, the starter last."""


def best_wild_show(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> WildShow:
    """The most ``hand`` (3 to 6 cards) and ``starter`` can count with every joker among them
    called as the card that makes the most, itemised over the cards as called. Of calls making
    equally much, the first in card order (clubs ace to king, then diamonds, hearts, spades) is taken.

    >>> from muggins.cards import parse_cards
    >>> *hand, starter = parse_cards("5H 5D 5S JKR 5C")
    >>> shown = best_wild_show(hand, starter)
    >>> shown.score.total, [str(called) for _, called in shown.calls]
    (40, ['5C'])
    """
    if not MIN_HAND <= len(hand) <= MAX_HAND:
        raise ShowError(f"a hand to show has 3 to 6 cards, not {len(hand)}")
    shown = (*hand, starter)
    require_distinct(shown)
    wild = [i for i, card in enumerate(shown) if card.is_joker]
    best_points, best_cards = -1, shown
    for called in itertools.product(STANDARD_CARDS, repeat=len(wild)):
        cards = list(shown)
        for place, card in zip(wild, called, strict=True):
            cards[place] = card
        points = counted_show(cards[:-1], cards[-1], crib)
        if points > best_points:
            best_points, best_cards = points, tuple(cards)
    calls = tuple((shown[i], best_cards[i]) for i in wild)
    return WildShow(show_items(best_cards[:-1], best_cards[-1], crib), calls)

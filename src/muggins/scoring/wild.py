"""Wild jokers in a cribbage show (docs/rules/cribbage.md, "Wild jokers"): each joker counts as the
card its holder calls, any of the 52, a card already in the show included. ``best_wild_show`` finds
the calls that make the most by trying every card for every joker (52, or 2,704 calls for two)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from muggins.cards import STANDARD_CARDS, Card, require_distinct
from muggins.scoring.fast import counted_show
from muggins.scoring.items import Item, Score
from muggins.scoring.show import MAX_HAND, MIN_HAND, ShowError, show_items

MOST_WILD_SHOWS: Final = (0, 0, 0, 23, 40, 70, 83)
"""The most a show makes with jokers wild, by its cards apart from the starter: three, four fives
and a flush of three (5C and both jokers called 5C, the starter 5D); four, five fives (pairs 20,
fifteens 20); five, six fives; six, six fives and the jack of the starter's suit (5C JKR 5D 5S 5H
JC, the black joker turned up and called 5C). Found by a search over every multiset of ranks and
suits (tests/games/test_cribbage_jokers.py)."""


@dataclass(frozen=True, slots=True)
class WildShow:
    """A show counted with its jokers called: the score of the cards as called, and each call."""

    score: Score
    calls: tuple[tuple[Card, Card], ...]
    """(joker, the card it counts as), in the order the jokers came, the starter last."""


def best_wild_show(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> WildShow:
    """The most ``hand`` (3 to 6 cards) and ``starter`` can count with every joker among them
    called as the card that makes the most, itemised (each item naming the jokers it holds). Of calls making
    equally much, the first in card order (clubs ace to king, then diamonds, hearts, spades) is taken.

    >>> from muggins.cards import parse_cards
    >>> *hand, starter = parse_cards("5H 5D 5S JKR 5C")
    >>> shown = best_wild_show(hand, starter)
    >>> shown.score.total, [str(called) for _, called in shown.calls]
    (40, ['5C'])
    """
    if not MIN_HAND <= len(hand) <= MAX_HAND:
        raise ShowError(f"a hand to show has 3 to 6 cards, not {len(hand)}")
    require_distinct((*hand, starter))
    return wild_show(hand, starter, crib)


def wild_points(
    hand: Sequence[Card], starter: Card, crib: bool, called: Mapping[Card, Card] | None = None
) -> int:
    """What ``wild_show`` counts, without itemising it: for bots weighing calls."""
    return _best_calls(hand, starter, crib, called)[0]


def wild_show(
    hand: Sequence[Card], starter: Card, crib: bool, called: Mapping[Card, Card] | None = None
) -> WildShow:
    """``best_wild_show`` unchecked, for an engine: each joker in ``called`` (laid in the play)
    counts as its call, every other joker as the card that makes the most. The items name the
    jokers themselves, never their calls (a card's name means that card, which may be elsewhere)."""
    shown = (*hand, starter)
    best_cards = _best_calls(hand, starter, crib, called)[1]
    jokers = [i for i, card in enumerate(shown) if card.is_joker]
    stand_ins = {i: Card(best_cards[i].index) for i in jokers}  # the call, as an object of its own
    itemised = [stand_ins.get(i, card) for i, card in enumerate(best_cards)]
    laid = {id(stand_in): shown[i] for i, stand_in in stand_ins.items()}
    score = show_items(itemised[:-1], itemised[-1], crib)
    items = tuple(Item(i.kind, tuple([laid.get(id(c), c) for c in i.cards]), i.points) for i in score.items)
    return WildShow(Score(items), tuple((shown[i], best_cards[i]) for i in jokers))


def _best_calls(
    hand: Sequence[Card], starter: Card, crib: bool, called: Mapping[Card, Card] | None
) -> tuple[int, list[Card]]:
    """The most the show makes and its cards as called to make it (the first such calls in card
    order), each joker in ``called`` held to its call."""
    fixed = called or {}
    counted = [fixed.get(card, card) for card in (*hand, starter)]
    wild = [i for i, card in enumerate(counted) if card.is_joker]
    best_points, best_cards = -1, counted
    for calls in itertools.product(STANDARD_CARDS, repeat=len(wild)):
        cards = list(counted)
        for place, card in zip(wild, calls, strict=True):
            cards[place] = card
        points = counted_show(cards[:-1], cards[-1], crib)
        if points > best_points:
            best_points, best_cards = points, cards
    return best_points, best_cards

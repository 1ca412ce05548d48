"""The cribbage show, itemised: a hand or crib with the starter.

Works for the four-card hands of six-card, three- and four-player and ten-hand cribbage, the
three-card hands of five-card cribbage (flush 3, or 4 with the starter), and the five- and six-card
hands of seven- and eight-card cribbage (a flush is every hand card of one suit, whatever their number).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from muggins.cards import JACK, Card, require_distinct
from muggins.scoring.combos import fifteens, pairs, runs
from muggins.scoring.fast import show_points
from muggins.scoring.items import Item, Kind, Score

MIN_HAND: Final = 3
"""The fewest cards a hand shows: five-card cribbage's three."""
MAX_HAND: Final = 6
"""The most: eight-card cribbage's six."""


class ShowError(ValueError):
    """A hand that cannot be shown: wrong size, a joker, or a repeated card."""


def score_show(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> Score:
    """Score ``hand`` (3 to 6 cards) with the ``starter``: the total at once, at the speed of
    ``fast.show_points``, and the items of ``itemise_show`` worked out only when read.

    >>> from muggins.cards import parse_cards
    >>> *hand, starter = parse_cards("5H 5D 5S JC 5C")
    >>> score = score_show(hand, starter)
    >>> score.total, len(score.of_kind(Kind.FIFTEEN))
    (29, 8)
    """
    cards = tuple(hand)
    return Score.deferred(show_points(cards, starter, crib), _Itemise(cards, starter, crib))


class _Itemise:
    """The items of a show, made when a deferred score is read (no closure per show)."""

    __slots__ = ("cards", "crib", "starter")

    def __init__(self, cards: tuple[Card, ...], starter: Card, crib: bool) -> None:
        self.cards, self.starter, self.crib = cards, starter, crib

    def __call__(self) -> Score:
        return itemise_show(self.cards, self.starter, self.crib)


def itemise_show(hand: Sequence[Card], starter: Card, crib: bool = False) -> Score:
    """Score ``hand`` (3 to 6 cards) with the ``starter``, every item worked out now: the rules'
    reference, which the fast totals are held to.

    Items come in the order a player counts aloud: fifteens, pairs, runs, flush, nobs.
    A hand flush needs every hand card of one suit (the starter adds one more); a crib
    flush needs the starter too.
    """
    check_show(hand, starter)
    return show_items(hand, starter, crib)


def show_items(hand: Sequence[Card], starter: Card, crib: bool = False) -> Score:
    """``itemise_show``'s count, unchecked: also for hands holding one card twice (a wild joker
    called as a card already held, ``muggins.scoring.wild``)."""
    cards = (*hand, starter)
    items: list[Item] = [*fifteens(cards), *pairs(cards), *runs(cards)]
    items.extend(flush(hand, starter, crib=crib))
    items.extend(nobs(hand, starter))
    return Score(tuple(items))


def check_show(hand: Sequence[Card], starter: Card) -> None:
    """Raise ``ShowError`` unless ``hand`` is 3 to 6 distinct standard cards apart from the starter."""
    if not MIN_HAND <= len(hand) <= MAX_HAND:
        raise ShowError(
            f"a hand to show has 4 cards (3, 5 or 6 in five-, seven- and eight-card cribbage), "
            f"not {len(hand)}"
        )
    if starter.is_joker or any(c.is_joker for c in hand):
        raise ShowError("jokers are wild only at a table with jokers: this count takes the 52 cards")
    require_distinct((*hand, starter))


def flush(hand: Sequence[Card], starter: Card, *, crib: bool) -> list[Item]:
    """The flush item, if any: all hand cards one suit, and for a crib the starter as well."""
    suit = hand[0].suit
    if any(c.suit != suit for c in hand):
        return []
    if starter.suit == suit:
        return [Item(Kind.FLUSH, (*hand, starter), len(hand) + 1)]
    if crib:
        return []
    return [Item(Kind.FLUSH, tuple(hand), len(hand))]


def nobs(hand: Sequence[Card], starter: Card) -> list[Item]:
    """One for his nobs: the jack in hand of the starter's suit."""
    return [Item(Kind.NOBS, (c, starter), 1) for c in hand if c.rank == JACK and c.suit == starter.suit]

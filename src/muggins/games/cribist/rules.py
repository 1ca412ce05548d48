"""Cribist's rules that need no game state: what may be played to a trick, who wins it, and the words
a muggins call names its source in (``fifteen 5H 10S; pair 5H 5D``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from muggins.cards import Card, Suit
from muggins.scoring.fast import rank_bytes
from muggins.scoring.items import Kind

MAX_TRICK_POINTS: Final = 20
"""The most any four-card trick holds (5 5 5 5: four fifteens and six pairs); no claim may exceed it."""

SOURCE_WORDS: Final[dict[str, tuple[Kind, range]]] = {
    "fifteen": (Kind.FIFTEEN, range(2, 5)),
    "pair": (Kind.PAIR, range(2, 3)),
    "run": (Kind.RUN, range(3, 5)),
    "flush": (Kind.FLUSH, range(4, 5)),
    "jack": (Kind.JACK_OF_TRUMPS, range(1, 2)),
}
"""The words that name a scoring item in a Cribist muggins source (``muggins.scoring.sources``),
with how many cards each names."""


_TABLE: Final = rank_bytes(4)
"""Fifteens, pairs and runs of four ranks (0-12), indexed by the ranks read as base-13 digits."""
_RANK: Final = [i % 13 for i in range(52)]
_SUIT: Final = [i // 13 for i in range(52)]


def trick_points_of(cards: Sequence[int], trump: int) -> int:
    """The points of a four-card trick given as card indices (``Card.index``) and the trump suit's
    number: equal to ``score_trick(...).total``, at a small fraction of the cost. Search uses it."""
    return _points(cards[0], cards[1], cards[2], cards[3], trump)


def trick_points(cards: Sequence[Card], trump: Suit) -> int:
    """``trick_points_of`` for cards: the total of ``score_trick(cards, trump)``."""
    return _points(cards[0].index, cards[1].index, cards[2].index, cards[3].index, trump)


def _points(a: int, b: int, c: int, d: int, trump: int) -> int:
    """The points of the trick of card indices ``a`` ``b`` ``c`` ``d``; ``trump`` the suit's number."""
    points = _TABLE[((_RANK[a] * 13 + _RANK[b]) * 13 + _RANK[c]) * 13 + _RANK[d]]
    suit = _SUIT[a]
    if _SUIT[b] == suit and _SUIT[c] == suit and _SUIT[d] == suit:
        points += 4
    jack = trump * 13 + 10
    if jack in (a, b, c, d):
        points += 1
    return points


def playable(hand: Iterable[Card], led: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may go to a trick whose led suit is ``led`` (None: leading).

    A player must follow the suit led if they can; otherwise any card may be played.
    """
    return following(list(hand), led)  # a new list either way


def following(hand: list[Card], led: Suit | None) -> list[Card]:
    """``playable`` for a list, not copied: ``hand`` itself when any of its cards may be played.
    The engine's move lists are made from it on every turn."""
    if led is None:
        return hand
    suit: int = led  # suits compared as numbers: the compiled comparison of two ints
    cards = [c for c in hand if _SUIT[c.index] == suit]
    return cards or hand


def may_play(hand: Sequence[Card], card: Card, led: Suit | None) -> bool:
    """Whether ``card`` of ``hand`` may go to a trick led in ``led``: ``card in playable(hand, led)``,
    asked on every move, without making the lists."""
    if led is None:
        return True
    suit: int = led
    if _SUIT[card.index] == suit:
        return True
    return all(_SUIT[held.index] != suit for held in hand)


def trick_winner(cards: Sequence[Card], trump: Suit) -> int:
    """The position (0 = the lead) of the card winning a trick: the highest trump, else the highest
    card of the suit led. Ace is low, king high."""
    trumps: int = trump  # suits compared as numbers, as in ``playable``
    best, top_suit, top_rank = 0, _SUIT[cards[0].index], cards[0].rank
    for position in range(1, len(cards)):
        card = cards[position]
        suit = _SUIT[card.index]
        if (suit == top_suit and card.rank > top_rank) or (suit == trumps and top_suit != trumps):
            best, top_suit, top_rank = position, suit, card.rank
    return best

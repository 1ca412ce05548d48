"""Cribist's rules that need no game state: what may be played to a trick, who wins it, and how a
muggins call names its source (``fifteen 5H 10S; pair 5H 5D``) and is judged against the trick."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from muggins.cards import Card, CardError, Suit, parse_card
from muggins.scoring.fast import rank_table
from muggins.scoring.items import Item, Kind, Score

MAX_TRICK_POINTS: Final = 20
"""The most any four-card trick holds (5 5 5 5: four fifteens and six pairs); no claim may exceed it."""

SOURCE_KINDS: Final[dict[str, Kind]] = {
    "fifteen": Kind.FIFTEEN,
    "pair": Kind.PAIR,
    "run": Kind.RUN,
    "flush": Kind.FLUSH,
    "jack": Kind.JACK_OF_TRUMPS,
}
"""The words that name a scoring item in a muggins source."""

_WORD_OF: Final = {kind: word for word, kind in SOURCE_KINDS.items()}


_TABLE: Final = rank_table(4).tobytes()
"""Fifteens, pairs and runs of four ranks (0-12), indexed by the ranks read as base-13 digits."""
_RANK: Final = [i % 13 for i in range(52)]
_SUIT: Final = [i // 13 for i in range(52)]


def trick_points_of(cards: Sequence[int], trump: int) -> int:
    """The points of a four-card trick given as card indices (``Card.index``) and the trump suit's
    number: equal to ``score_trick(...).total``, at a small fraction of the cost. Search uses it."""
    a, b, c, d = cards
    points = _TABLE[((_RANK[a] * 13 + _RANK[b]) * 13 + _RANK[c]) * 13 + _RANK[d]]
    suit = _SUIT[a]
    if _SUIT[b] == suit and _SUIT[c] == suit and _SUIT[d] == suit:
        points += 4
    if trump * 13 + 10 in (a, b, c, d):
        points += 1
    return points


def trick_points(cards: Sequence[Card], trump: Suit) -> int:
    """``trick_points_of`` for cards: the total of ``score_trick(cards, trump)``."""
    a, b, c, d = cards
    return trick_points_of((a.index, b.index, c.index, d.index), trump)  # a Suit is its number


class SourceError(ValueError):
    """A muggins source that is not well formed: an unknown kind, a bad card, a wrong card count."""


def playable(hand: Iterable[Card], led: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may go to a trick whose led suit is ``led`` (None: leading).

    A player must follow the suit led if they can; otherwise any card may be played.
    """
    cards = list(hand)
    if led is None:
        return cards
    suit: int = led  # suits compared as numbers: the compiled comparison of two ints
    following = [c for c in cards if _SUIT[c.index] == suit]
    return following or cards


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


def nominal_points(kind: Kind, cards: Sequence[Card]) -> int:
    """What an item of ``kind`` made of ``cards`` is worth if genuine (a run scores its length)."""
    if kind is Kind.RUN:
        return len(cards)
    return {Kind.FIFTEEN: 2, Kind.PAIR: 2, Kind.FLUSH: 4, Kind.JACK_OF_TRUMPS: 1}[kind]


_CARD_COUNTS: Final = {
    Kind.FIFTEEN: range(2, 5),
    Kind.PAIR: range(2, 3),
    Kind.RUN: range(3, 5),
    Kind.FLUSH: range(4, 5),
    Kind.JACK_OF_TRUMPS: range(1, 2),
}


def parse_source(text: str) -> tuple[Item, ...]:
    """Parse a muggins source: groups ``kind card card ...`` separated by ``;``.

    Each item gets its nominal worth (fifteen 2, pair 2, run of n cards n, flush 4, jack 1); the
    cards are kept in the order given.

    >>> [str(i.kind) for i in parse_source("fifteen 5H 10S; jack JH")]
    ['fifteen', 'jack of trumps']
    """
    items: list[Item] = []
    for group in text.split(";"):
        words = group.split()
        if not words:
            raise SourceError("a muggins source names each item as 'kind card card ...', separated by ';'")
        kind = SOURCE_KINDS.get(words[0].lower())
        if kind is None:
            raise SourceError(
                f"unknown kind {words[0]!r} in a muggins source: expected {', '.join(SOURCE_KINDS)}"
            )
        try:
            cards = tuple(parse_card(w) for w in words[1:])
        except CardError as exc:
            raise SourceError(str(exc)) from None
        allowed = _CARD_COUNTS[kind]
        if len(cards) not in allowed or len(set(cards)) != len(cards):
            need = f"{allowed.start}" if len(allowed) == 1 else f"{allowed.start}-{allowed.stop - 1}"
            given = " ".join(words[1:]) or "none"
            raise SourceError(f"a {words[0].lower()} names {need} different cards, not {given}")
        items.append(Item(kind, cards, nominal_points(kind, cards)))
    return tuple(items)


def format_source(items: Iterable[Item]) -> str:
    """The source text naming ``items`` (parse_source's inverse up to spacing)."""
    return "; ".join(f"{_WORD_OF[i.kind]} {' '.join(str(c) for c in i.cards)}" for i in items)


def item_key(item: Item) -> tuple[Kind, frozenset[Card]]:
    """An item's identity, whatever order its cards are named in."""
    return item.kind, frozenset(item.cards)


def judge_muggins(
    items: Sequence[Item], trick: Score, taken: set[tuple[Kind, frozenset[Card]]], unclaimed: int
) -> str | None:
    """Why a muggins call naming ``items`` is not valid, or None if it is.

    Valid means: every item is a genuine scoring item of the trick, none is named twice or was won
    by an earlier muggins call on this trick, and their points fit in what the claim left unclaimed.
    """
    genuine = {item_key(i) for i in trick}
    named: set[tuple[Kind, frozenset[Card]]] = set()
    for item in items:
        key = item_key(item)
        if key not in genuine:
            return f"{format_source([item])} does not score in this trick"
        if key in named or key in taken:
            return f"{format_source([item])} is already counted"
        named.add(key)
    amount = sum(i.points for i in items)
    if amount > unclaimed:
        return (
            f"only {unclaimed} point{'s' if unclaimed != 1 else ''} of the trick went unclaimed, not {amount}"
        )
    return None

"""Card notation, parsed and printed in one place for every front.

Ranks ``A 2 ... 9 10 J Q K`` (``T`` for ten), suits ``C D H S`` or ``♣ ♦ ♥ ♠``, any case;
jokers ``JKB`` (black, monochrome) and ``JKR`` (red, coloured).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from muggins.cards.card import JOKER_BLACK, JOKER_RED, Card, Suit

EXPECTED = "a rank (A 2-9 10 T J Q K) followed by a suit (C D H S or ♣ ♦ ♥ ♠), or a joker (JKB, JKR)"

_RANKS = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_RANKS.update({str(n): n for n in range(2, 10)})
_SUITS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
_SUITS.update({"♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES})
_SUITS.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
_JOKERS = {"JKB": JOKER_BLACK, "JKR": JOKER_RED}

_CACHE: dict[str, Card] = {}


class CardError(ValueError):
    """A card token that is not card notation, or a repeated card where distinct cards are needed."""


class DuplicateCardError(CardError):
    """The same card given twice where a set of distinct cards is required."""


def parse_card(token: str) -> Card:
    """Parse one card token.

    >>> parse_card("10h"), parse_card("T♠"), parse_card("jkb")
    (Card('10H'), Card('10S'), Card('JKB'))
    >>> parse_card("1H")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    muggins.cards.notation.CardError: bad card '1H': expected a rank (A 2-9 10 T J Q K) followed by ...
    """
    cached = _CACHE.get(token)
    if cached is not None:
        return cached
    text = token.strip().upper()
    card = _JOKERS.get(text)
    if card is None:
        rank = _RANKS.get(text[:-1]) if len(text) >= 2 else None
        suit = _SUITS.get(text[-1:])
        if rank is None or suit is None:
            raise CardError(f"bad card {token!r}: expected {EXPECTED}")
        card = Card.of(rank, suit)
    if len(_CACHE) < 4096:
        _CACHE[token] = card
    return card


def parse_cards(cards: str | Iterable[str], *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse cards from a space/comma separated string or an iterable of tokens.

    With ``distinct`` (the default) a card given twice raises ``DuplicateCardError``.
    """
    tokens: Iterable[str] = cards.replace(",", " ").split() if isinstance(cards, str) else cards
    parsed = tuple(parse_card(t) for t in tokens)
    if distinct:
        require_distinct(parsed)
    return parsed


def require_distinct(cards: Sequence[Card]) -> None:
    """Raise ``DuplicateCardError`` naming the first card that appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(f"card {card} appears twice; each card must be distinct")
        seen.add(card)


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards in notation, space separated: ``5H 5D JC``."""
    return " ".join([c.pretty for c in cards] if pretty else [str(c) for c in cards])


def call_text(joker: Card, called: Card) -> str:
    """A wild joker's call as one word, ``JKR=5H``: the joker and the card it counts as. A call is
    never written as the bare card, whose name always means the card itself (which may be hidden)."""
    return f"{joker}={called}"


def parse_call(text: str) -> tuple[Card, Card]:
    """The joker and the card a call (``JKR=5H``) names.

    >>> parse_call("jkr=5h")
    (Card('JKR'), Card('5H'))
    """
    joker_text, mark, called_text = text.partition("=")
    if not mark:
        raise CardError(f"bad call {text!r}: expected a joker, '=' and the card it counts as, e.g. JKR=5H")
    joker, called = parse_card(joker_text), parse_card(called_text)
    if not joker.is_joker:
        raise CardError(f"bad call {text!r}: {joker} is not a joker")
    if called.is_joker:
        raise CardError(f"bad call {text!r}: a joker is called as one of the 52 cards, not {called}")
    return joker, called

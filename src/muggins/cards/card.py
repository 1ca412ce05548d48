"""The card as a small immutable value: 52 standard cards and Skalborg's two jokers.

Every card is one of 54 interned instances, so cards compare and hash by identity-cheap
integer index and can be used directly as keys in precomputed scoring tables.
"""

from __future__ import annotations

import enum
from typing import ClassVar, Final


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card notation: C, D, H or S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; the coloured joker serves their flushes."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


RANK_NAMES: Final = ("JK", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank notation by rank number; rank 0 is the joker."""

JACK: Final = 11
JOKER_BLACK_INDEX: Final = 52
JOKER_RED_INDEX: Final = 53


class Card:
    """One playing card. Construct with ``Card.of(rank, suit)`` or parse notation with ``parse_card``.

    ``rank`` runs 1 (ace) to 13 (king) and is 0 for a joker; ``value`` is the counting value
    (ace 1, court cards 10, joker 0 meaning "no value"); ``suit`` is None for a joker, whose
    ``colour_red`` says which flushes it serves.

    >>> Card.of(5, Suit.HEARTS)
    Card('5H')
    >>> Card.of(12, Suit.SPADES).value
    10
    """

    __slots__ = ("_text", "colour_red", "index", "is_joker", "rank", "sort_key", "suit", "value")

    index: int
    rank: int
    suit: Suit | None
    value: int
    is_joker: bool
    colour_red: bool
    sort_key: int
    """Rank-major order (A♣ A♦ A♥ A♠ 2♣ ...), jokers last: the order hands are shown in."""
    _text: str

    _all: ClassVar[tuple[Card, ...]]

    def __init__(self, index: int) -> None:
        object.__setattr__(self, "index", index)
        if index >= 52:
            object.__setattr__(self, "rank", 0)
            object.__setattr__(self, "suit", None)
            object.__setattr__(self, "value", 0)
            object.__setattr__(self, "is_joker", True)
            object.__setattr__(self, "colour_red", index == JOKER_RED_INDEX)
            object.__setattr__(self, "_text", "JKR" if index == JOKER_RED_INDEX else "JKB")
            object.__setattr__(self, "sort_key", 100 + index)
        else:
            suit = Suit(index // 13)
            rank = index % 13 + 1
            object.__setattr__(self, "rank", rank)
            object.__setattr__(self, "suit", suit)
            object.__setattr__(self, "value", min(rank, 10))
            object.__setattr__(self, "is_joker", False)
            object.__setattr__(self, "colour_red", suit.is_red)
            object.__setattr__(self, "_text", RANK_NAMES[rank] + suit.letter)
            object.__setattr__(self, "sort_key", rank * 4 + int(suit))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_at, (self.index,))

    @staticmethod
    def of(rank: int, suit: Suit) -> Card:
        """The standard card of ``rank`` (1-13) and ``suit``."""
        if not 1 <= rank <= 13:
            raise ValueError(f"rank must be 1 (ace) to 13 (king), not {rank}")
        return Card._all[int(suit) * 13 + rank - 1]

    @property
    def pretty(self) -> str:
        """Notation with a suit symbol, as the terminal shows it: ``5♥``."""
        if self.suit is None:
            return "🃏" + ("R" if self.colour_red else "B")
        return RANK_NAMES[self.rank] + self.suit.symbol

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    # Equality is identity (object's own, done in C: cards are interned). The hash is the index so
    # sets of cards iterate in the same order in every run, and seeded games replay exactly.
    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    def __le__(self, other: Card) -> bool:
        return self.sort_key <= other.sort_key

    def __gt__(self, other: Card) -> bool:
        return self.sort_key > other.sort_key

    def __ge__(self, other: Card) -> bool:
        return self.sort_key >= other.sort_key


Card._all = tuple(Card(i) for i in range(54))

JOKER_BLACK: Final = Card._all[JOKER_BLACK_INDEX]
"""The monochrome joker (``JKB``): serves flushes in clubs and spades."""
JOKER_RED: Final = Card._all[JOKER_RED_INDEX]
"""The coloured joker (``JKR``): serves flushes in hearts and diamonds."""
STANDARD_CARDS: Final = Card._all[:52]
"""The 52-card pack in index order (clubs, diamonds, hearts, spades; ace to king)."""
ALL_CARDS: Final = Card._all
"""The 52 cards and both jokers."""


def position(cards: list[Card], card: Card) -> int:
    """Where ``card`` is in ``cards``, or -1. Each card is one object (``card_at``), so this tests
    identity: compiled, far cheaper than ``in`` or ``list.remove``, whose ``==`` goes through
    Python's rich-comparison fallback for every other card."""
    for i, held in enumerate(cards):
        if held is card:
            return i
    return -1


def card_at(index: int) -> Card:
    """The card with table index ``index`` (0-51 standard, 52 JKB, 53 JKR)."""
    if not 0 <= index < 54:
        raise ValueError(f"card index must be 0-53, not {index}")
    return Card._all[index]

"""Cards: the value type, its notation, and the packs."""

from muggins.cards.card import (
    ALL_CARDS,
    JACK,
    JOKER_BLACK,
    JOKER_RED,
    STANDARD_CARDS,
    Card,
    Suit,
    card_at,
    position,
)
from muggins.cards.deck import joker_pack, shuffled, standard_pack
from muggins.cards.notation import (
    CardError,
    DuplicateCardError,
    call_text,
    format_cards,
    parse_call,
    parse_card,
    parse_cards,
    require_distinct,
)

__all__ = [
    "ALL_CARDS",
    "JACK",
    "JOKER_BLACK",
    "JOKER_RED",
    "STANDARD_CARDS",
    "Card",
    "CardError",
    "DuplicateCardError",
    "Suit",
    "call_text",
    "card_at",
    "format_cards",
    "joker_pack",
    "parse_call",
    "parse_card",
    "parse_cards",
    "position",
    "require_distinct",
    "shuffled",
    "standard_pack",
]

"""The packs the games use and a seeded shuffle."""

from __future__ import annotations

import random

from muggins.cards.card import ALL_CARDS, STANDARD_CARDS, Card


def standard_pack() -> list[Card]:
    """A fresh 52-card pack in index order."""
    return list(STANDARD_CARDS)


def joker_pack() -> list[Card]:
    """Skalborg's pack: the 52 cards and both jokers."""
    return list(ALL_CARDS)


def shuffled(cards: list[Card], rng: random.Random) -> list[Card]:
    """A new list with ``cards`` shuffled by the game's own generator."""
    result = list(cards)
    rng.shuffle(result)
    return result

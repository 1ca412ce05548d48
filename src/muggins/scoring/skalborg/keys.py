"""How a Skalborg pool is keyed into its tables, and the tables as lists for the one-pool scorer:
constants and plain Python, so that scoring a pool (a game's showdown) loads no numpy.

Fifteens, pairs and runs are looked up by the pool's sorted rank symbols (the combinatorial number
system), flushes by its suit counts and jokers read as base-9 digits (``muggins.scoring.skalborg.tables``
builds the first and says why; ``muggins.scoring.skalborg.hand`` is the rule both are held to).
"""

from __future__ import annotations

from math import comb
from typing import Final

from muggins.cards import ALL_CARDS, Suit
from muggins.scoring.skalborg.hand import MIN_FLUSH, SIDE, SLOTS
from muggins.shipped import shipped_numbers

POOL: Final = 2 * SIDE
"""Cards scored together: the hand and the board."""
RANK_KEYS: Final = comb(POOL + SLOTS - 1, POOL)
"""Sorted 8-tuples of rank symbols 0-13 (C(21, 8) = 203,490): the size of the rank table."""
FLUSH_BASE: Final = 9
"""Radix of a flush key: a suit holds 0-8 of the pool's cards."""
JOKER_PLACE: Final = FLUSH_BASE ** len(Suit)
FLUSH_KEYS: Final = 4 * JOKER_PLACE
"""Flush keys: four base-9 suit counts, then 0-3 for the jokers present (1 black, 2 red)."""

RANKS_FILE: Final = "skalborg_ranks.zlib"
"""The shipped rank table in ``muggins.data``: its entries as little-endian int16, zlib-compressed."""

RANK_PLACES: Final = tuple(
    tuple(comb(symbol + place, place + 1) for symbol in range(SLOTS)) for place in range(POOL)
)
"""``RANK_PLACES[p][s]``: the share of a rank-table index of symbol ``s`` at place ``p`` (sorted)."""
FLUSH_WEIGHTS: Final = tuple(
    JOKER_PLACE * (2 if c.colour_red else 1) if c.suit is None else FLUSH_BASE ** int(c.suit)
    for c in ALL_CARDS
)
"""Per card index, its share of a flush key."""


def shipped_rank_points() -> list[int]:
    """The shipped rank table's entries (``RANKS_FILE``), read without numpy."""
    return shipped_numbers(RANKS_FILE, "h", RANK_KEYS).tolist()


def flush_points() -> list[int]:
    """Flush points for every flush key: each suit with its colour's joker counts its cards if
    they are four or more. Suit by suit, the last digit of the key changing fastest."""
    table: list[int] = []
    for jokers in range(FLUSH_KEYS // JOKER_PLACE):
        black, red = jokers & 1, jokers >> 1 & 1
        worth = []
        for suit in sorted(Suit, key=int):
            joker = red if suit.is_red else black
            worth.append([cards if cards >= MIN_FLUSH else 0 for cards in range(joker, FLUSH_BASE + joker)])
        first, second, third, fourth = worth
        table += [a + b + c + d for d in fourth for c in third for b in second for a in first]
    return table

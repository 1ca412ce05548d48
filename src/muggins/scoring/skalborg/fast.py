"""Fast Skalborg totals: one pool of eight cards at a time, or many at once with numpy.

Both look the pool up in the tables of ``muggins.scoring.skalborg.tables`` (built on first use,
a fraction of a second): fifteens, pairs and runs by the sorted ranks, flushes by the suit counts
and jokers. The itemised ``muggins.scoring.skalborg.hand.score_skalborg`` is the reference these totals
must always equal.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from muggins.cards import ALL_CARDS, Card, require_distinct
from muggins.scoring.skalborg.hand import SkalborgError
from muggins.scoring.skalborg.tables import (
    FLUSH_WEIGHTS,
    POOL,
    RANK_PLACES,
    build_flush_table,
    build_rank_table,
)

CHUNK: Final = 1 << 15
"""Rows scored together in a batch: small enough for the working arrays to stay in cache."""
_SORTING_NETWORK: Final = (
    *((0, 2), (1, 3), (4, 6), (5, 7)),
    *((0, 4), (1, 5), (2, 6), (3, 7)),
    *((0, 1), (2, 3), (4, 5), (6, 7)),
    *((2, 4), (3, 5)),
    *((1, 4), (3, 6)),
    *((1, 2), (3, 4), (5, 6)),
)
"""19 compare-exchanges that sort any 8 values (Batcher's merge-exchange order)."""
_RANK_SYMBOL: Final = np.array([card.rank for card in ALL_CARDS], dtype=np.uint8)
_FLUSH_WEIGHT: Final = np.array(FLUSH_WEIGHTS, dtype=np.int32)
_RANK_PLACE: Final = tuple(np.array(place, dtype=np.int32) for place in RANK_PLACES)
_FLUSH_WEIGHT_OF: Final[tuple[int, ...]] = FLUSH_WEIGHTS
_RANK_PLACE_OF: Final[tuple[tuple[int, ...], ...]] = RANK_PLACES
"""The tables' weights as this module's constants: a compiled read, not another module's global."""
_CARD_BIT: Final = np.left_shift(np.uint64(1), np.arange(len(ALL_CARDS), dtype=np.uint64))


class SkalborgBatchError(SkalborgError):
    """A batch that cannot be scored: wrong shape or type, an index outside 0-53, a repeated card."""


@functools.cache
def tables() -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """The read-only rank and flush tables, built once per process."""
    built = build_rank_table(), build_flush_table()
    for table in built:
        table.flags.writeable = False
    return built


class _ScalarTables:
    """The tables as lists, loaded on the first pool scored: a compiled attribute read, where a
    cached function is a Python call."""

    def __init__(self) -> None:
        self.ranks: list[int] = []
        self.flushes: list[int] = []

    def load(self) -> None:
        ranks, flushes = tables()
        self.ranks, self.flushes = ranks.tolist(), flushes.tolist()


_SCALAR: Final = _ScalarTables()


def skalborg_points(cards: Sequence[Card]) -> int:
    """The Skalborg total of eight cards (hand and board together; the split does not matter).

    Equal to ``score_skalborg(hand, board).total``.

    >>> from muggins.cards import parse_cards
    >>> skalborg_points(parse_cards("5S 5H 3S JKB 6D 7H QH JH"))
    31
    """
    symbols: list[int] = []
    flush = seen = 0
    repeated = False
    try:
        for card in cards:  # one pass, native ints: this is the hot path of bots and showdowns
            index = card.index
            bit = 1 << index
            repeated = repeated or seen & bit != 0
            seen |= bit
            flush += _FLUSH_WEIGHT_OF[index]
            symbols.append(card.rank)
    except (AttributeError, TypeError):  # TypeError: compiled, a non-card fails the type check
        raise SkalborgError(f"Skalborg scores cards, not {cards!r}") from None
    if len(symbols) != POOL:
        raise SkalborgError(f"Skalborg scores {POOL} cards (hand and board), not {len(symbols)}")
    if repeated:
        require_distinct(cards)
    scalar = _SCALAR
    if not scalar.ranks:
        scalar.load()
    symbols.sort()
    places = _RANK_PLACE_OF
    key = 0
    for place in range(POOL):
        key += places[place][symbols[place]]
    total: int = scalar.ranks[key] + scalar.flushes[flush]
    return total


def skalborg_points_batch(cards: npt.ArrayLike, *, check: bool = True) -> npt.NDArray[np.int16]:
    """Skalborg totals for an (N, 8) array of card indices (``Card.index``: 0-51, 52 JKB, 53 JKR).

    Row ``i`` equals ``skalborg_points`` of its cards. With ``check`` (the default) a wrong shape or
    type, an index outside 0-53 or a card repeated within a row raises ``SkalborgBatchError``;
    callers that build their own rows may pass ``check=False`` to skip the checks.

    >>> from muggins.cards import parse_cards
    >>> pool = [card.index for card in parse_cards("AH 2C 3C 3D AD 2S 3H 3S")]
    >>> skalborg_points_batch([pool]).tolist()
    [80]
    """
    pools = np.asarray(cards)
    if check:
        _check_batch(pools)
    rank_table, flush_table = tables()
    points = np.empty(pools.shape[0], dtype=np.int16)
    for start in range(0, pools.shape[0], CHUNK):
        chunk = pools[start : start + CHUNK].T  # one row per place: whole-row compare-exchanges
        if check:
            _check_distinct(chunk, start)
        symbols = list(_RANK_SYMBOL[chunk])
        for i, j in _SORTING_NETWORK:
            symbols[i], symbols[j] = np.minimum(symbols[i], symbols[j]), np.maximum(symbols[i], symbols[j])
        key = _RANK_PLACE[0][symbols[0]]
        flush_key = _FLUSH_WEIGHT[chunk[0]]
        for place in range(1, POOL):
            key += _RANK_PLACE[place][symbols[place]]
            flush_key += _FLUSH_WEIGHT[chunk[place]]
        points[start : start + CHUNK] = rank_table[key] + flush_table[flush_key]
    return points


def _check_batch(pools: npt.NDArray[np.generic]) -> None:
    """Raise ``SkalborgBatchError`` for a batch of the wrong type or shape, or with an index outside 0-53."""
    if not np.issubdtype(pools.dtype, np.integer):
        raise SkalborgBatchError(f"pools must be integer card indices, not {pools.dtype}")
    if pools.ndim != 2 or pools.shape[1] != POOL:
        raise SkalborgBatchError(f"pools must have shape (N, {POOL}), not {pools.shape}")
    if pools.size == 0:
        return
    low, high = int(pools.min()), int(pools.max())
    if low < 0 or high >= len(ALL_CARDS):
        raise SkalborgBatchError(f"card indices must be 0-53, found {low if low < 0 else high}")


def _check_distinct(chunk: npt.NDArray[np.integer], start: int) -> None:
    """Raise ``SkalborgBatchError`` if a pool in ``chunk`` (one row per place, pools from ``start``)
    repeats a card: its cards' bits then overlap, so their sum differs from their union."""
    union = _CARD_BIT[chunk[0]]
    total = union.copy()
    for place in range(1, POOL):
        bit = _CARD_BIT[chunk[place]]
        union |= bit
        total += bit
    repeats = np.flatnonzero(union != total)
    if repeats.size:
        pool = chunk[:, repeats[0]]
        raise SkalborgBatchError(
            f"row {start + int(repeats[0])} repeats a card: {' '.join(str(ALL_CARDS[i]) for i in pool)}"
        )

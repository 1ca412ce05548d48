"""Fast Skalborg totals: one pool of eight cards at a time, or many at once with numpy.

Both look the pool up in the tables keyed by ``muggins.scoring.skalborg.keys`` (loaded on first
use: the rank table as shipped, the flush table built): fifteens, pairs and runs by the sorted
ranks, flushes by the suit counts and jokers. One pool at a time loads no numpy. The itemised
``muggins.scoring.skalborg.hand.score_skalborg`` is the reference these totals must always equal.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from muggins.cards import ALL_CARDS, Card, require_distinct
from muggins.scoring.skalborg.hand import SLOTS, SkalborgError
from muggins.scoring.skalborg.keys import FLUSH_WEIGHTS, POOL, RANK_PLACES, flush_points, shipped_rank_points

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

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
_FLUSH_WEIGHT_OF: Final[tuple[int, ...]] = FLUSH_WEIGHTS
_RANK_AT: Final[tuple[int, ...]] = tuple(share for place in RANK_PLACES for share in place)
"""The tables' weights as this module's constants, a compiled read, not another module's global:
``_RANK_AT[place * SLOTS + symbol]`` is ``RANK_PLACES[place][symbol]``."""


@functools.cache
def _arrays() -> tuple[
    npt.NDArray[np.uint8], npt.NDArray[np.int32], tuple[npt.NDArray[np.int32], ...], npt.NDArray[np.uint64]
]:
    """The keys' weights as numpy arrays for the batch scorer, made on its first batch (numpy is
    loaded then, not before): each card's rank symbol, each card's flush weight, each place's rank
    weights, and each card's bit."""
    import numpy as np

    return (
        np.array([card.rank for card in ALL_CARDS], dtype=np.uint8),
        np.array(FLUSH_WEIGHTS, dtype=np.int32),
        tuple(np.array(place, dtype=np.int32) for place in RANK_PLACES),
        np.left_shift(np.uint64(1), np.arange(len(ALL_CARDS), dtype=np.uint64)),
    )


class SkalborgBatchError(SkalborgError):
    """A batch that cannot be scored: wrong shape or type, an index outside 0-53, a repeated card."""


@functools.cache
def tables() -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """The read-only rank and flush tables as arrays, loaded once per process."""
    from muggins.scoring.skalborg.tables import build_flush_table, shipped_rank_table

    built = shipped_rank_table(), build_flush_table()
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
        self.ranks, self.flushes = shipped_rank_points(), flush_points()


_SCALAR: Final = _ScalarTables()


def skalborg_points(cards: Sequence[Card]) -> int:
    """The Skalborg total of eight cards (hand and board together; the split does not matter).

    Equal to ``score_skalborg(hand, board).total``.

    >>> from muggins.cards import parse_cards
    >>> skalborg_points(parse_cards("5S 5H 3S JKB 6D 7H QH JH"))
    31
    """
    try:
        c0, c1, c2, c3, c4, c5, c6, c7 = cards  # unpacked: the hot path of bots and showdowns
    except ValueError:
        raise SkalborgError(f"Skalborg scores {POOL} cards (hand and board), not {len(cards)}") from None
    except TypeError:  # compiled, a non-card fails the type check
        raise SkalborgError(f"Skalborg scores cards, not {cards!r}") from None
    i0, i1, i2, i3, i4, i5, i6, i7 = (
        c0.index,
        c1.index,
        c2.index,
        c3.index,
        c4.index,
        c5.index,
        c6.index,
        c7.index,
    )
    bits = (1 << i0) + (1 << i1) + (1 << i2) + (1 << i3) + (1 << i4) + (1 << i5) + (1 << i6) + (1 << i7)
    if bits != (1 << i0) | (1 << i1) | (1 << i2) | (1 << i3) | (1 << i4) | (1 << i5) | (1 << i6) | (1 << i7):
        require_distinct(cards)  # a card counted twice: the sum of the bits is not their union
    weight = _FLUSH_WEIGHT_OF
    flush = (
        weight[i0] + weight[i1] + weight[i2] + weight[i3] + weight[i4] + weight[i5] + weight[i6] + weight[i7]
    )
    scalar = _SCALAR
    if not scalar.ranks:
        scalar.load()
    key = _rank_key(c0.rank, c1.rank, c2.rank, c3.rank, c4.rank, c5.rank, c6.rank, c7.rank)
    total: int = scalar.ranks[key] + scalar.flushes[flush]
    return total


def _rank_key(r0: int, r1: int, r2: int, r3: int, r4: int, r5: int, r6: int, r7: int) -> int:  # noqa: PLR0917
    """The rank table's index of eight rank symbols: sorted by ``_SORTING_NETWORK``'s 19 exchanges on
    native ints (a list and its sort cost more), then read by place."""
    if r0 > r2:
        r0, r2 = r2, r0
    if r1 > r3:
        r1, r3 = r3, r1
    if r4 > r6:
        r4, r6 = r6, r4
    if r5 > r7:
        r5, r7 = r7, r5
    if r0 > r4:
        r0, r4 = r4, r0
    if r1 > r5:
        r1, r5 = r5, r1
    if r2 > r6:
        r2, r6 = r6, r2
    if r3 > r7:
        r3, r7 = r7, r3
    if r0 > r1:
        r0, r1 = r1, r0
    if r2 > r3:
        r2, r3 = r3, r2
    if r4 > r5:
        r4, r5 = r5, r4
    if r6 > r7:
        r6, r7 = r7, r6
    if r2 > r4:
        r2, r4 = r4, r2
    if r3 > r5:
        r3, r5 = r5, r3
    if r1 > r4:
        r1, r4 = r4, r1
    if r3 > r6:
        r3, r6 = r6, r3
    if r1 > r2:
        r1, r2 = r2, r1
    if r3 > r4:
        r3, r4 = r4, r3
    if r5 > r6:
        r5, r6 = r6, r5
    at = _RANK_AT
    return (
        at[r0] + at[SLOTS + r1] + at[2 * SLOTS + r2] + at[3 * SLOTS + r3]
        + at[4 * SLOTS + r4] + at[5 * SLOTS + r5] + at[6 * SLOTS + r6] + at[7 * SLOTS + r7]
    )  # fmt: skip


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
    import numpy as np

    pools = np.asarray(cards)
    rank_symbol, flush_weight, rank_place, card_bit = _arrays()
    if check:
        _check_batch(pools)
    rank_table, flush_table = tables()
    points = np.empty(pools.shape[0], dtype=np.int16)
    for start in range(0, pools.shape[0], CHUNK):
        chunk = pools[start : start + CHUNK].T  # one row per place: whole-row compare-exchanges
        if check:
            _check_distinct(chunk, start, card_bit)
        symbols = list(rank_symbol[chunk])
        for i, j in _SORTING_NETWORK:
            symbols[i], symbols[j] = np.minimum(symbols[i], symbols[j]), np.maximum(symbols[i], symbols[j])
        key = rank_place[0][symbols[0]]
        flush_key = flush_weight[chunk[0]]
        for place in range(1, POOL):
            key += rank_place[place][symbols[place]]
            flush_key += flush_weight[chunk[place]]
        points[start : start + CHUNK] = rank_table[key] + flush_table[flush_key]
    return points


def _check_batch(pools: npt.NDArray[np.generic]) -> None:
    """Raise ``SkalborgBatchError`` for a batch of the wrong type or shape, or with an index outside 0-53."""
    import numpy as np

    if not np.issubdtype(pools.dtype, np.integer):
        raise SkalborgBatchError(f"pools must be integer card indices, not {pools.dtype}")
    if pools.ndim != 2 or pools.shape[1] != POOL:
        raise SkalborgBatchError(f"pools must have shape (N, {POOL}), not {pools.shape}")
    if pools.size == 0:
        return
    low, high = int(pools.min()), int(pools.max())
    if low < 0 or high >= len(ALL_CARDS):
        raise SkalborgBatchError(f"card indices must be 0-53, found {low if low < 0 else high}")


def _check_distinct(chunk: npt.NDArray[np.integer], start: int, card_bit: npt.NDArray[np.uint64]) -> None:
    """Raise ``SkalborgBatchError`` if a pool in ``chunk`` (one row per place, pools from ``start``)
    repeats a card: its cards' bits (``card_bit``, by index) then overlap, so their sum differs from
    their union."""
    import numpy as np

    union = card_bit[chunk[0]]
    total = union.copy()
    for place in range(1, POOL):
        bit = card_bit[chunk[place]]
        union |= bit
        total += bit
    repeats = np.flatnonzero(union != total)
    if repeats.size:
        pool = chunk[:, repeats[0]]
        raise SkalborgBatchError(
            f"row {start + int(repeats[0])} repeats a card: {' '.join(str(ALL_CARDS[i]) for i in pool)}"
        )

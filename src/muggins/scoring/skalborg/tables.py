"""The tables behind fast Skalborg totals, built with whole-array arithmetic.

Fifteens, pairs and runs depend only on the multiset of ranks (a joker counted as rank 0), so one
table holds them for every sorted 8-tuple of rank symbols 0-13, indexed by the combinatorial number
system. Flushes depend only on how many cards each suit has and which jokers are present, so a
second, small table is indexed by those counts read as base-9 digits. This is a second, counts-based
statement of the rules in ``muggins.scoring.skalborg.hand``; the tests hold the two to each other.

The rank table takes 0.4 s to build, too long for every process that scores a pool, so it ships
built (``muggins/data/skalborg_ranks.zlib``, its int16 entries compressed: read in a millisecond);
``python -m muggins.scoring.skalborg.tables`` writes it again, and a test holds it to the builder.
"""

from __future__ import annotations

import itertools
import sys
from math import comb
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from muggins.cards import Suit
from muggins.scoring.skalborg.hand import MIN_RUN, SLOTS
from muggins.scoring.skalborg.keys import POOL, RANK_KEYS, RANK_PLACES, RANKS_FILE, flush_points
from muggins.shipped import PackedTableError, shipped, unpacked, write

FIFTEEN: Final = 15
_CHOOSE: Final = np.array([[comb(n, k) for k in range(POOL + 1)] for n in range(POOL + 1)], dtype=np.int16)
"""``_CHOOSE[n, k]``: the ways to take ``k`` of ``n`` cards."""


def rank_key(symbols: npt.NDArray[np.integer]) -> npt.NDArray[np.intp]:
    """Rank-table indices of rows of 8 sorted rank symbols: sum of C(symbol + place, place + 1)."""
    key = np.zeros(symbols.shape[0], dtype=np.intp)
    for place in range(POOL):
        key += np.asarray(RANK_PLACES[place], dtype=np.intp)[symbols[:, place]]
    return key


def build_rank_table() -> npt.NDArray[np.int16]:
    """Fifteens + pairs + runs for every multiset of 8 rank symbols; -1 where no pack deals it
    (more than two jokers or four cards of a rank)."""
    combos = itertools.chain.from_iterable(itertools.combinations(range(POOL + SLOTS - 1), POOL))
    symbols = np.fromiter(combos, dtype=np.intp, count=RANK_KEYS * POOL).reshape(RANK_KEYS, POOL)
    symbols -= np.arange(POOL)
    cells = np.arange(RANK_KEYS)[:, None] * SLOTS + symbols
    counts = np.bincount(cells.ravel(), minlength=RANK_KEYS * SLOTS).reshape(RANK_KEYS, SLOTS)
    dealt = (counts[:, 0] <= 2) & (counts[:, 1:] <= len(Suit)).all(axis=1)
    points = _fifteen_points(counts) + _pair_points(counts) + _run_points(counts)
    table = np.full(RANK_KEYS, -1, dtype=np.int16)
    table[rank_key(symbols)] = np.where(dealt, points, -1)
    return table


def _fifteen_points(counts: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """Two for each set of cards worth 15, counted by sum one counting value at a time: with ``n``
    cards of value ``v``, a set takes ``k`` of them in C(n, k) ways and gains ``k * v``."""
    by_value = [counts[:, value] for value in range(1, 10)] + [counts[:, 10:].sum(axis=1)]
    # ways[s]: sets summing to s; at most 2**8 sets, so int16 holds every step.
    ways = np.zeros((FIFTEEN + 1, counts.shape[0]), dtype=np.int16)
    ways[0] = 1
    for value, cards in enumerate(by_value, start=1):
        before = ways.copy()
        for taken in range(1, min(POOL, FIFTEEN // value) + 1):
            ways[taken * value :] += _CHOOSE[cards, taken] * before[: FIFTEEN + 1 - taken * value]
    fifteens: npt.NDArray[np.intp] = 2 * ways[FIFTEEN].astype(np.intp)
    return fifteens


def _pair_points(counts: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """Two for every two cards of one rank; jokers (column 0) never pair."""
    standard = counts[:, 1:]
    pairs: npt.NDArray[np.intp] = (standard * (standard - 1)).sum(axis=1)
    return pairs


def _run_points(counts: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
    """Runs by where they start on the 14-slot cycle.

    A counted run always holds every joker present (a spare joker can always extend a run). With
    ``j`` jokers, the run starting at rank ``a`` takes every rank present from ``a`` on while at most
    ``j`` slots are left empty, and is counted unless the rank present before ``a`` could join it
    too. It scores its length once per choice of cards (one card of each of its ranks).
    """
    rows = counts.shape[0]
    jokers = counts[:, 0].astype(np.int8)
    present = np.ascontiguousarray(counts.T > 0)  # one row per slot
    present[0] = False  # slot 0 is empty: only a joker can stand there
    choices = np.where(present, counts.T, 1).astype(np.int16)  # an empty slot multiplies by one
    empty_before = _empty_before(present)
    points = np.zeros(rows, dtype=np.intp)
    for low in range(1, SLOTS):
        ranks = np.zeros(rows, dtype=np.int8)
        ways = np.ones(rows, dtype=np.int16)
        run_ranks, run_slots, run_ways = ranks.copy(), ranks.copy(), ways.copy()
        for step in range(POOL):
            slot = (low + step) % SLOTS
            ranks += present[slot]
            ways *= choices[slot]
            end = present[slot] & (step + 1 - ranks <= jokers)  # the empty slots so far fit the jokers
            np.copyto(run_ranks, ranks, where=end)
            np.copyto(run_slots, step + 1, where=end)
            np.copyto(run_ways, ways, where=end)
        cards = run_ranks + jokers
        counted = present[low] & (cards >= MIN_RUN) & (run_slots - run_ranks + empty_before[low] > jokers)
        points += counted * cards.astype(np.intp) * run_ways
    return points


def _empty_before(present: npt.NDArray[np.bool_]) -> list[npt.NDArray[np.int8]]:
    """For each slot, how many empty slots precede it on the cycle back to the previous rank present
    (``present`` has one row per slot)."""
    result = []
    for slot in range(SLOTS):
        still_empty = np.ones(present.shape[1], dtype=bool)
        empty = np.zeros(present.shape[1], dtype=np.int8)
        for distance in range(1, SLOTS):
            still_empty &= ~present[(slot - distance) % SLOTS]
            empty += still_empty
        result.append(empty)
    return result


def build_flush_table() -> npt.NDArray[np.int16]:
    """Flush points for every flush key (``keys.flush_points``) as an array for the batch scorer."""
    return np.array(flush_points(), dtype=np.int16)


RankTableError = PackedTableError
"""A shipped rank table that cannot be read, or is not the size the table is."""


def shipped_rank_table() -> npt.NDArray[np.int16]:
    """The rank table as shipped (read-only): ``build_rank_table``'s, without the 0.4 s."""
    table: npt.NDArray[np.int16] = shipped(RANKS_FILE, "<i2", RANK_KEYS)
    return table


def unpacked_rank_table(data: bytes) -> npt.NDArray[np.int16]:
    """The rank table from the bytes of ``RANKS_FILE``; ``RankTableError`` if they are not one."""
    table: npt.NDArray[np.int16] = unpacked(data, "<i2", RANK_KEYS, RANKS_FILE)
    return table


def write_rank_table(path: Path) -> None:
    """Build the rank table and write it to ``path`` as it ships."""
    write(path, build_rank_table(), "<i2")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parents[2] / "data" / RANKS_FILE
    write_rank_table(target)
    print(f"wrote {target}")

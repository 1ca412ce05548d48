"""The cribbage rank tables built: fifteens, pairs and runs of every ordered tuple of ranks, by
whole-array arithmetic on rank counts. The tables ship built (``muggins.scoring.fast.rank_bytes``
reads them, without numpy); ``python -m muggins.scoring.ranks`` writes them again, and a test holds
the shipped files to this builder.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

from muggins.scoring.fast import RANK_TABLE_FILES, RANKS
from muggins.shipped import write


def build_rank_table(cards: int) -> npt.NDArray[np.uint8]:
    """Fifteens + pairs + runs for every ordered tuple of ``cards`` ranks (0 = ace ... 12 = king).

    The result is flat, indexed by the ranks read as base-13 digits, first card most significant.
    Only the multisets of the first ``cards - 1`` ranks are scored (1820 for four), with each last
    rank; every ordering of the first ranks then takes its multiset's row.
    """
    multisets = np.array(
        list(itertools.combinations_with_replacement(range(RANKS), cards - 1)), dtype=np.int8
    )
    every_last = np.repeat(multisets, RANKS, axis=0)
    last = np.tile(np.arange(RANKS, dtype=np.int8), len(multisets))
    points = rank_points(np.column_stack([every_last, last])).reshape(len(multisets), RANKS)
    # The row of each ordered tuple of first ranks: the position of its sorted form among the multisets.
    ordered = np.indices((RANKS,) * (cards - 1), dtype=np.int8).reshape(cards - 1, -1).T
    row_of = np.zeros(RANKS ** (cards - 1), dtype=np.intp)
    row_of[_base13(multisets)] = np.arange(len(multisets))
    return points[row_of[_base13(np.sort(ordered, axis=1))]].astype(np.uint8).reshape(-1)


def _base13(ranks: npt.NDArray[np.int8]) -> npt.NDArray[np.intp]:
    """Each row of ranks read as a base-13 number, first rank most significant."""
    number = np.zeros(len(ranks), dtype=np.intp)
    for column in ranks.T:
        number = number * RANKS + column
    return number


def rank_points(ranks: npt.NDArray[np.int8]) -> npt.NDArray[np.int16]:
    """Fifteens + pairs + runs for each row of ``ranks`` (shape (N, cards), 0 = ace ... 12 = king).

    Whole-array arithmetic on rank counts: a second statement of the rules in
    ``muggins.scoring.combos``, independent of it, which the tests hold against it.
    """
    size, cards = ranks.shape
    points = np.zeros(size, dtype=np.int16)
    # Fifteens: the sums of all 2**cards subsets, built by doubling; two points per sum of 15.
    sums = [np.zeros(size, dtype=np.int16)]
    for column in ranks.T:
        value = np.minimum(column + 1, 10)
        sums += [subset + value for subset in sums]
    for subset_sum in sums:
        points += 2 * (subset_sum == 15)
    # Pairs: two points for every two cards of one rank.
    for i, j in itertools.combinations(range(cards), 2):
        points += 2 * (ranks[:, i] == ranks[:, j])
    # Runs: each maximal stretch of 3+ ranks present scores its length once per choice of cards.
    counts = np.zeros((RANKS + 2, size), dtype=np.int16)  # rows 0 and 14 stay empty as sentinels
    rows = np.arange(size)
    for column in ranks.T:
        counts[column + 1, rows] += 1
    for length in range(3, cards + 1):
        for low in range(1, RANKS + 2 - length):
            ways = np.prod(counts[low : low + length], axis=0, dtype=np.int16)
            maximal = (counts[low - 1] == 0) & (counts[low + length] == 0)
            points += length * ways * maximal
    return points


def write_rank_tables(folder: Path) -> None:
    """Build every shipped rank table and write it to ``folder`` (made if missing) as it ships."""
    folder.mkdir(parents=True, exist_ok=True)
    for cards, name in RANK_TABLE_FILES.items():
        write(folder / name, build_rank_table(cards), "u1")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parents[1] / "data"
    write_rank_tables(target)
    print(f"wrote {', '.join(RANK_TABLE_FILES.values())} to {target}")

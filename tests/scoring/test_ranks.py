"""The cribbage rank tables ship built and are read as bytes without numpy: the shipped files are
the builder's tables to the entry, and a damaged or wrong-sized file is refused by name."""

from __future__ import annotations

import subprocess
import sys
import zlib

import numpy as np
import pytest

from muggins.scoring.fast import RANK_TABLE_FILES, RANKS, rank_bytes, rank_table
from muggins.scoring.ranks import build_rank_table
from muggins.shipped import PackedTableError, inflated, shipped_bytes


@pytest.mark.parametrize("cards", sorted(RANK_TABLE_FILES))
def test_the_shipped_rank_tables_are_the_built_ones(cards: int) -> None:
    built = build_rank_table(cards)
    assert built.shape == (RANKS**cards,)
    assert rank_bytes(cards) == built.astype(np.uint8).tobytes()
    table = rank_table(cards)
    assert table.dtype == np.uint8 and not table.flags.writeable
    assert np.array_equal(table, built)


def test_a_damaged_or_wrong_sized_table_is_refused_by_name() -> None:
    with pytest.raises(PackedTableError, match=r"muggins/data/cribbage_ranks4\.zlib is damaged"):
        inflated(b"not a table", "cribbage_ranks4.zlib")
    assert inflated(zlib.compress(b"\x01\x02"), "x.zlib") == b"\x01\x02"
    with pytest.raises(PackedTableError, match=r"cribbage_ranks4\.zlib holds 28561 bytes, not 371293"):
        shipped_bytes("cribbage_ranks4.zlib", RANKS**5)


def test_the_tables_are_read_without_numpy() -> None:
    """A show counted by the scalar scorer (and a Cribist trick) reads its table as bytes."""
    code = (
        "import sys\n"
        "from muggins.cards import parse_cards\n"
        "from muggins.scoring.fast import show_points\n"
        "from muggins.games.cribist.rules import trick_points_of\n"
        "*hand, starter = parse_cards('5H 5D 5S JC 5C')\n"
        "print(show_points(hand, starter), trick_points_of([4, 17, 30, 43], 0), 'numpy' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["29", "20", "False"]

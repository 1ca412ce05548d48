"""The fast Skalborg totals (scalar tables and numpy batches) against the itemised reference.

Random pools with none, one and both jokers each run; every pattern of suit counts and jokers, so
the flush table is covered whole; and batches against the scalar path on many pools at once.
(The rank table was also checked against the itemised fifteens, pairs and runs on every one of
its 187,655 dealable rank multisets when it was written; that takes minutes, so here it is sampled.)
"""

from __future__ import annotations

import itertools
import random
import zlib
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import ALL_CARDS, JOKER_BLACK, JOKER_RED, STANDARD_CARDS, Card, DuplicateCardError, Suit
from muggins.scoring.skalborg.fast import (
    _SORTING_NETWORK,
    SkalborgBatchError,
    _rank_key,
    skalborg_points,
    skalborg_points_batch,
)
from muggins.scoring.skalborg.hand import SLOTS, SkalborgError, score_skalborg
from muggins.scoring.skalborg.keys import RANK_PLACES, shipped_rank_points
from muggins.scoring.skalborg.tables import (
    RankTableError,
    build_rank_table,
    shipped_rank_table,
    unpacked_rank_table,
)

JOKER_SETS = ((), (JOKER_BLACK,), (JOKER_RED,), (JOKER_BLACK, JOKER_RED))


def reference(pool: Sequence[Card]) -> int:
    return score_skalborg(pool[:4], pool[4:]).total


def random_pool(
    rng: random.Random, jokers: Sequence[Card], cards: Sequence[Card] = STANDARD_CARDS
) -> list[Card]:
    pool = [*jokers, *rng.sample(list(cards), 8 - len(jokers))]
    rng.shuffle(pool)
    return pool


def disagreements(
    pools: Sequence[Sequence[Card]], got: Sequence[int], expected: Sequence[int]
) -> list[tuple[str, int, int]]:
    """The first few pools whose fast total differs from the itemised one (pools are drawn afresh
    each run, so a failure names its cards)."""
    wrong = zip((" ".join(map(str, pool)) for pool in pools), got, expected, strict=True)
    return [case for case in wrong if case[1] != case[2]][:3]


def batch(pools: Sequence[Sequence[Card]]) -> list[int]:
    result: list[int] = skalborg_points_batch(np.array([[c.index for c in p] for p in pools])).tolist()
    return result


@pytest.mark.parametrize("jokers", JOKER_SETS, ids=["none", "JKB", "JKR", "both"])
def test_fast_equals_itemised_on_random_pools(jokers: tuple[Card, ...]) -> None:
    rng = random.Random()
    pools = [random_pool(rng, jokers) for _ in range(1500)]
    expected = [reference(pool) for pool in pools]
    assert not disagreements(pools, [skalborg_points(pool) for pool in pools], expected)
    assert not disagreements(pools, batch(pools), expected)


def test_fast_equals_itemised_on_crowded_ranks() -> None:
    # Pools from two to four ranks (at least eight cards to draw from): many pairs, multiple
    # runs and long fifteens, with jokers.
    rng = random.Random()
    pools = []
    for _ in range(1500):
        ranks = rng.sample(range(1, 14), rng.randint(2, 4))
        cards = [c for c in STANDARD_CARDS if c.rank in ranks]
        jokers = rng.choice(JOKER_SETS)
        pools.append(random_pool(rng, jokers, cards))
    expected = [reference(pool) for pool in pools]
    assert not disagreements(pools, [skalborg_points(pool) for pool in pools], expected)


def test_every_suit_pattern_with_every_joker_set() -> None:
    # All ways to share the pool's standard cards among the four suits, with each set of jokers:
    # the flush table's whole domain, checked with random ranks in each suit.
    rng = random.Random()
    pools = []
    for jokers in JOKER_SETS:
        size = 8 - len(jokers)
        for split in itertools.product(range(size + 1), repeat=3):
            last = size - sum(split)
            if last < 0:
                continue
            pool: list[Card] = [*jokers]
            for suit, count in zip(Suit, (*split, last), strict=True):
                pool += [Card.of(rank, suit) for rank in rng.sample(range(1, 14), count)]
            pools.append(pool)
    assert len(pools) == 165 + 2 * 120 + 84
    assert not disagreements(pools, batch(pools), [reference(pool) for pool in pools])


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=8, max_size=8, unique=True))
def test_itemised_fast_and_batch_agree_on_draws_from_the_whole_pack(pool: list[Card]) -> None:
    total = reference(pool)
    assert skalborg_points(pool) == total
    assert batch([pool, pool[::-1]]) == [total, total]


def test_batch_equals_scalar_on_many_pools() -> None:
    rng = np.random.default_rng()
    rows = np.argsort(rng.random((100_000, 54)), axis=1)[:, :8]
    expected = [skalborg_points([ALL_CARDS[i] for i in row]) for row in rows.tolist()]
    assert skalborg_points_batch(rows).tolist() == expected
    # Any integer type; the column order never matters.
    assert skalborg_points_batch(rows[:, ::-1].astype(np.uint8)).tolist() == expected


def test_sorting_network_sorts_everything() -> None:
    # By the 0-1 principle, a compare-exchange network that sorts every 0/1 input sorts every input.
    for bits in itertools.product((0, 1), repeat=8):
        values = list(bits)
        for i, j in _SORTING_NETWORK:
            values[i], values[j] = min(values[i], values[j]), max(values[i], values[j])
        assert values == sorted(bits)


def test_the_scalar_rank_key_sorts_every_input() -> None:
    """The scalar path's unrolled network sorts: by the 0-1 principle every input of zeros and ones
    (for those, the key of any other order of the same symbols is smaller), and random symbols."""
    rng = random.Random(8)
    cases = [tuple(map(int, f"{n:08b}")) for n in range(256)]
    cases += [tuple(rng.randrange(SLOTS) for _ in range(8)) for _ in range(5000)]
    for symbols in cases:
        expected = sum(RANK_PLACES[place][s] for place, s in enumerate(sorted(symbols)))
        assert _rank_key(*symbols) == expected, symbols


def test_scalar_bad_input_is_named() -> None:
    pool = list(STANDARD_CARDS[:8])
    with pytest.raises(SkalborgError, match=r"8 cards .* not 7"):
        skalborg_points(pool[:7])
    with pytest.raises(DuplicateCardError, match=str(pool[0])):
        skalborg_points([*pool[:7], pool[0]])
    with pytest.raises(SkalborgError, match="scores cards"):
        skalborg_points(["5H"] * 8)  # type: ignore[list-item]


def test_batch_bad_input_is_named() -> None:
    good = np.arange(16).reshape(2, 8)
    assert skalborg_points_batch(good[:0]).shape == (0,)
    with pytest.raises(SkalborgBatchError, match=r"shape \(N, 8\)"):
        skalborg_points_batch(good[:, :7])
    with pytest.raises(SkalborgBatchError, match="integer"):
        skalborg_points_batch(good.astype(float))
    with pytest.raises(SkalborgBatchError, match="0-53, found 54"):
        skalborg_points_batch(good + 39)
    with pytest.raises(SkalborgBatchError, match="found -1"):
        skalborg_points_batch(good - 1)
    repeated = good.copy()
    repeated[1, 7] = repeated[1, 0]
    with pytest.raises(SkalborgBatchError, match="row 1 repeats a card"):
        skalborg_points_batch(repeated)


def test_the_one_pool_scorer_reads_the_shipped_rank_table_entry_by_entry() -> None:
    """Without numpy (``keys.shipped_rank_points``, the standard library's ``array``), every entry
    as the numpy reader gives it, impossible pools' -1 included."""
    assert shipped_rank_points() == shipped_rank_table().tolist()


def test_the_shipped_rank_table_is_the_built_one() -> None:
    """The rank table ships built (its 0.4 s out of every process that scores): to the entry."""
    shipped = shipped_rank_table()
    assert shipped.dtype == np.int16 and not shipped.flags.writeable
    assert np.array_equal(shipped, build_rank_table())


def test_a_damaged_rank_table_is_refused_by_name() -> None:
    with pytest.raises(RankTableError, match=r"skalborg_ranks\.zlib is damaged"):
        unpacked_rank_table(b"not a table")
    with pytest.raises(RankTableError, match="holds 3 entries, not 203490"):
        unpacked_rank_table(zlib.compress(np.zeros(3, dtype="<i2").tobytes()))

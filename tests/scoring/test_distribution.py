"""The exact show distributions: the published figures, facts reasoned by hand, and a recount of
every one of the 12,994,800 hands and starters by the batch scorer (a different algorithm)."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import numpy.typing as npt
import pytest

from muggins.scoring.batch import show_points_batch
from muggins.scoring.distribution import ShowDistribution, show_distribution
from muggins.scoring.show import ShowError

COMBINATIONS = math.comb(52, 4) * 48


def test_hand_distribution_matches_the_published_figures() -> None:
    dist = show_distribution()
    assert dist.total == COMBINATIONS == 12_994_800
    assert dist.counts[0] == 1_009_008
    assert dist.counts[29] == 4
    assert [dist.counts[score] for score in (19, 25, 26, 27)] == [0, 0, 0, 0]
    assert round(dist.mean, 3) == 4.769
    assert max(dist.counts) == 29
    assert sum(dist.counts.values()) == dist.total
    assert dist.mean == pytest.approx(sum(s * n for s, n in dist.counts.items()) / dist.total, abs=1e-12)


def test_twenty_eight_is_reached_76_ways() -> None:
    # Three fives and a jack with the fourth five turned up: 16 combinations (which five is the
    # starter, which jack), 12 of them without nobs. Four fives with any 10-count starter: 16.
    # Three fives and a ten, queen or king (12 cards) with the last five turned up: 48.
    assert show_distribution().counts[28] == 12 + 16 + 48


def test_crib_distribution_differs_from_the_hand_only_by_four_card_flushes() -> None:
    hand, crib = show_distribution(), show_distribution(crib=True)
    assert crib.total == COMBINATIONS
    assert crib.counts[29] == 4  # the 29 hand holds no flush
    assert [crib.counts[score] for score in (19, 25, 26, 27)] == [0, 0, 0, 0]
    # A hand of four of a suit (4 x 715 of them) with a starter of another suit (39 cards) is
    # worth 4 more as a hand than as a crib; nothing else differs.
    lost = 4 * math.comb(13, 4) * 39 * 4
    assert (hand.mean - crib.mean) * COMBINATIONS == pytest.approx(lost)
    assert sum(n for s, n in crib.counts.items() if s > 24) == sum(
        n for s, n in hand.counts.items() if s > 24
    )


def every_hand_with_every_starter(hand_size: int) -> list[tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]]:
    """All hands of ``hand_size`` cards as rows, in one block per starter (the other 51 cards)."""
    choices = np.array(list(itertools.combinations(range(51), hand_size)), dtype=np.int8)
    blocks = []
    for starter in range(52):
        others = np.delete(np.arange(52, dtype=np.int8), starter)
        blocks.append((others[choices], np.full(len(choices), starter, dtype=np.int8)))
    return blocks


@pytest.mark.parametrize("hand_size", [3, 4])
def test_every_hand_recounted_by_the_batch_scorer_gives_the_same_distribution(hand_size: int) -> None:
    blocks = every_hand_with_every_starter(hand_size)
    for crib in (False, True):
        counts = np.zeros(30, dtype=np.int64)
        for hands, starters in blocks:
            counts += np.bincount(show_points_batch(hands, starters, crib, check=False), minlength=30)
        dist = show_distribution(crib=crib, hand_size=hand_size)
        assert dist.total == math.comb(52, hand_size) * (52 - hand_size)
        assert dict(enumerate(counts.tolist()[: len(dist.counts)])) == dist.counts
        assert not counts[len(dist.counts) :].any()


def test_to_dict_is_the_json_form() -> None:
    data = show_distribution().to_dict()
    assert set(data) == {"total", "counts", "mean"}
    assert data["total"] == 12_994_800
    assert list(data["counts"]) == [str(score) for score in range(30)]
    assert data["counts"]["0"] == 1_009_008 and data["counts"]["19"] == 0
    assert json.loads(json.dumps(data)) == data


def test_a_distribution_is_a_small_value() -> None:
    dist = ShowDistribution({0: 1, 2: 3}, 4, 1.5)
    assert dist.to_dict() == {"total": 4, "counts": {"0": 1, "2": 3}, "mean": 1.5}


def test_only_three_and_four_card_hands_have_a_distribution() -> None:
    with pytest.raises(ShowError, match="5"):
        show_distribution(hand_size=5)

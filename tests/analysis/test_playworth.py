"""Fitting the play worth of kept hands from self-play: the samples are the deals as played, the
same for any number of workers, and the fit recovers known numbers."""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path

import pytest

from muggins.analysis.cribbage.crib import default_path as crib_default_path
from muggins.analysis.cribbage.playworth import build, default_path, fit, sample
from muggins.strategy.cribbage.cribtables import TABLES_FILE
from muggins.strategy.cribbage.playworth import RANK_PAIRS, WORTH_FILE, pair_entries


def test_each_deal_gives_both_kept_hands_and_opposite_margins() -> None:
    for dealer_kept, dealer_margin, pone_kept, pone_margin in sample(8, seed=5):
        assert len(dealer_kept) == len(pone_kept) == 4
        assert all(1 <= rank <= 13 for rank in [*dealer_kept, *pone_kept])
        assert dealer_margin == -pone_margin
        assert abs(dealer_margin) <= 40  # no play pegs more than a handful of points a card


def test_the_samples_do_not_depend_on_the_workers() -> None:
    assert sample(6, seed=3, workers=1, chunk=2) == sample(6, seed=3, workers=2, chunk=2)
    assert sample(6, seed=3) != sample(6, seed=4)


def test_the_fit_recovers_known_pair_numbers() -> None:
    rng = random.Random(7)
    truth = [rng.uniform(-1, 1) for _ in range(RANK_PAIRS)]
    hands = [sorted(rng.randint(1, 13) for _ in range(4)) for _ in range(6000)]
    margins = [sum(truth[e] for e in pair_entries(hand)) for hand in hands]
    fitted = fit(hands, margins, ridge=1e-6)
    # a hand's six pairs determine its margin; the pair numbers are checked through the hands
    for hand in hands[:200]:
        got = sum(fitted[e] for e in pair_entries(hand))
        assert got == pytest.approx(sum(truth[e] for e in pair_entries(hand)), abs=0.01)


def test_build_fits_the_dealer_and_the_pone() -> None:
    worth = build(40, seed=1)
    assert len(worth.dealer) == len(worth.pone) == RANK_PAIRS
    assert worth.meta["deals"] == 40


def test_rebuilding_writes_over_the_shipped_files() -> None:
    """Both rebuilders' default output is the file muggins loads (the crib tables' pointed beside
    the package's data before)."""
    shipped = Path(str(resources.files("muggins.data")))
    assert default_path() == shipped / WORTH_FILE
    assert crib_default_path() == shipped / TABLES_FILE

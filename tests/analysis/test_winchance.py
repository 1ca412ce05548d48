"""Measuring the stages of a deal in self-play for the win chances."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import numpy as np

from muggins.analysis.cribbage.winchance import build, default_path, main
from muggins.strategy.cribbage.winchance import CHANCE_FILE, TABLE_FILE, WinChance, unpacked_wins


def test_build_measures_every_complete_deal_and_checks_the_first_dealer() -> None:
    chances = build(6, seed=4)
    assert chances.meta["games"] == 6 and chances.meta["deals"] > 6 * 5  # a game has about nine deals
    assert 0.0 <= chances.meta["first_dealer_won"] <= 1.0
    assert 0.0 <= chances.meta["first_dealer_chance"] <= 1.0
    assert all(d + p >= 1 for d, p in chances.pegging)  # the last card always pegs
    again = WinChance.from_json(chances.to_json())
    assert np.allclose(again.dealer_wins, chances.dealer_wins, atol=1e-12)


def test_rebuilding_writes_over_the_shipped_file() -> None:
    assert default_path() == Path(str(resources.files("muggins.data"))) / CHANCE_FILE


def test_rebuilding_writes_the_stages_and_the_table_they_work_out_to(tmp_path: Path) -> None:
    out = tmp_path / CHANCE_FILE
    assert main(["--games", "2", "--seed", "5", "--out", str(out)]) == 0
    chances = WinChance.from_json(json.loads(out.read_text(encoding="utf-8")))
    table = unpacked_wins((tmp_path / TABLE_FILE).read_bytes())
    assert np.array_equal(table, chances.dealer_wins)

"""The pegging example learns: after a short training its policy beats the random bot over
duplicate deals (the same cards both ways round, so only the play differs)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from muggins.analysis.simulate import Spec, run, summarise
from muggins.bots.cribbage import BOTS

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pegging_policy_gradient.py"


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("pegging_policy_gradient", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_learned_pegging_beats_the_random_bot() -> None:
    example = load_example()
    weights = example.train(150, seed=4)
    assert weights[example.FEATURES.index("points")] > 0  # it learned to take points
    BOTS["pegging-pg-test"] = lambda seed: example.PeggingBot(weights, seed)
    try:
        spec = Spec("cribbage", 2, ("pegging-pg-test", "random"), games=200, seed=99, duplicate=True)
        summary = summarise(spec, run(spec))
    finally:
        del BOTS["pegging-pg-test"]
    win_rate = summary["by_bot"]["pegging-pg-test"]["win_rate"]
    assert win_rate["mean"] - win_rate["ci95"] > 0.5

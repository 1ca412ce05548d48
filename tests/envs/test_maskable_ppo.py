"""The Stable-Baselines3 example learns: after a short training, maskable PPO beats the random bot
over duplicate deals (the same cards both ways round)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from muggins.analysis.simulate import Spec, run, summarise
from muggins.bots.cribbage import BOTS

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "maskable_ppo.py"


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_maskable_ppo_beats_the_random_bot() -> None:
    example = load_example()
    model = example.train(50_000, seed=1)
    BOTS["maskable-ppo-test"] = lambda seed: example.PolicyBot(model)
    try:
        spec = Spec("cribbage", 2, ("maskable-ppo-test", "random"), games=300, seed=99, duplicate=True)
        summary = summarise(spec, run(spec))
    finally:
        del BOTS["maskable-ppo-test"]
    learned = summary["by_bot"]["maskable-ppo-test"]
    assert learned["win_rate"]["mean"] - learned["win_rate"]["ci95"] > 0.5
    assert learned["points_per_deal"] > summary["by_bot"]["random"]["points_per_deal"]

"""The examples under ``examples/``, loaded as modules, and the duplicate match their tests play."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

from muggins.analysis.simulate import run
from muggins.analysis.spec import Spec
from muggins.analysis.tally import summarise
from muggins.bots.base import Bot
from muggins.bots.cribbage.roster import BOTS

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load_example(name: str) -> Any:
    """``examples/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def against_random(name: str, make: Callable[[int], Bot], games: int, seed: int) -> dict[str, Any]:
    """A two-player duplicate match of the bot ``make`` makes (registered as ``name`` meanwhile)
    against the random bot: ``summarise``'s figures by bot."""
    BOTS[name] = make
    try:
        spec = Spec("cribbage", 2, (name, "random"), games=games, seed=seed, duplicate=True)
        by_bot: dict[str, Any] = summarise(spec, run(spec))["by_bot"]
    finally:
        del BOTS[name]
    return by_bot

"""Hints: the expert bot's move for a seat's view, with its reason.

If the analysis package offers ``muggins.analysis.hint.hint(game, view) -> (move text, reason)``
it is used (it can explain discards by expected points and plays by risk); otherwise the
strongest registered bot chooses and the reason names it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from muggins.bots.registry import bot_names, make_bot

Advisor = Callable[[str, Mapping[str, Any]], tuple[str, str]]


def _analysis() -> Advisor | None:
    try:
        module = importlib.import_module("muggins.analysis.hint")
    except ModuleNotFoundError as exc:
        if exc.name not in ("muggins.analysis.hint", "muggins.analysis"):
            raise
        return None
    advisor: Advisor | None = getattr(module, "hint", None)
    return advisor


def hint(game: str, view: Mapping[str, Any]) -> tuple[str, str]:
    """(move text, reason) for the seat whose ``view`` this is; blocking, so run it off the loop."""
    advisor = _analysis()
    if advisor is not None:
        return advisor(game, view)
    name = bot_names(game)[-1]
    move = make_bot(game, name, seed=int(view.get("state_id", 0))).choose(view)
    return str(move), f"the {name} bot's choice"

"""Scoring for every game, itemised, with fast totals and numpy batches that agree with it.

The names below are imported on first use, so importing one scorer does not load the others.

>>> from muggins.cards import parse_cards
>>> from muggins import scoring
>>> *hand, starter = parse_cards("5H 5D 5S JC 5C")
>>> scoring.score_show(hand, starter).total, scoring.show_points(hand, starter)
(29, 29)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from muggins.scoring.batch import show_points_batch
    from muggins.scoring.cribbage.pegging import score_go, score_play
    from muggins.scoring.cribist.trick import score_trick
    from muggins.scoring.distribution import show_distribution
    from muggins.scoring.fast import show_points
    from muggins.scoring.items import Item, Kind, Score
    from muggins.scoring.show import score_show
    from muggins.scoring.skalborg.fast import skalborg_points, skalborg_points_batch
    from muggins.scoring.skalborg.hand import score_skalborg
    from muggins.scoring.speech import say_count

_HOMES = {
    "Item": "items",
    "Kind": "items",
    "Score": "items",
    "score_show": "show",
    "score_play": "pegging",
    "score_go": "pegging",
    "score_trick": "cribist",
    "score_skalborg": "skalborg",
    "show_points": "fast",
    "show_points_batch": "batch",
    "skalborg_points": "skalborg_fast",
    "skalborg_points_batch": "skalborg_fast",
    "show_distribution": "distribution",
    "say_count": "speech",
}

__all__ = [
    "Item",
    "Kind",
    "Score",
    "say_count",
    "score_go",
    "score_play",
    "score_show",
    "score_skalborg",
    "score_trick",
    "show_distribution",
    "show_points",
    "show_points_batch",
    "skalborg_points",
    "skalborg_points_batch",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'muggins.scoring' has no attribute {name!r}")
    return getattr(importlib.import_module(f"muggins.scoring.{home}"), name)

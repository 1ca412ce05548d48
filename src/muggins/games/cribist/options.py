"""Cribist's options (kept out of the compiled rules core)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from muggins.games.options import Counting, Options, Preset, option

SEATS: Final = 4


@dataclass(frozen=True, kw_only=True)
class CribistOptions(Options):
    """Cribist's options: how the game ends, how tricks are counted, who deals first."""

    presets: ClassVar[dict[str, Preset]] = {
        "standard": Preset("Standard: 10 deals", {}),
        "manual": Preset("Manual counting with muggins", {"counting": "manual"}),
        "target": Preset("First to 61", {"end": "target"}),
        "time": Preset("30 minutes", {"end": "time"}),
    }

    end: Literal["deals", "target", "time"] = option(
        "deals", "how the game ends: after a number of deals, at a score, or when time is called"
    )
    deals: int = option(default=10, ge=1, le=1000, description="end=deals: deals to play")
    target: int = option(default=61, ge=1, le=10_000, description="end=target: winning score")
    minutes: int = option(
        default=30, ge=1, le=24 * 60, description="end=time: agreed minutes (the server calls time)"
    )
    counting: Counting = option(
        default="auto", description="auto: tricks scored for their winners; manual: claims and muggins"
    )
    first_dealer: Literal["random", 0, 1, 2, 3] = option(default="random", description="'random' or 0-3")

"""Cribist's options (a pydantic model, kept out of the compiled rules core)."""

from __future__ import annotations

from typing import Annotated, ClassVar, Final, Literal

import pydantic

from muggins.games.options import Counting, Options, Preset

SEATS: Final = 4

SeatNumber = Annotated[int, pydantic.Field(ge=0, lt=SEATS)]


class CribistOptions(Options):
    """Cribist's options: how the game ends, how tricks are counted, who deals first."""

    presets: ClassVar[dict[str, Preset]] = {
        "standard": Preset("Standard: 10 deals", {}),
        "manual": Preset("Manual counting with muggins", {"counting": "manual"}),
        "target": Preset("First to 61", {"end": "target"}),
        "time": Preset("30 minutes", {"end": "time"}),
    }

    end: Literal["deals", "target", "time"] = "deals"
    deals: int = pydantic.Field(default=10, ge=1, le=1000, description="end=deals: deals to play")
    target: int = pydantic.Field(default=61, ge=1, le=10_000, description="end=target: winning score")
    minutes: int = pydantic.Field(
        default=30, ge=1, le=24 * 60, description="end=time: agreed minutes (the server calls time)"
    )
    counting: Counting = pydantic.Field(
        default="auto", description="auto: tricks scored for their winners; manual: claims and muggins"
    )
    first_dealer: Literal["random"] | SeatNumber = pydantic.Field(
        default="random", description="'random' or 0-3"
    )

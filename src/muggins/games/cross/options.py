"""Cross Cribbage's options (a pydantic model)."""

from __future__ import annotations

import pydantic

from muggins.games.options import Options


class CrossOptions(Options):
    """Cross Cribbage's options: the points a side pegs to win."""

    target: int = pydantic.Field(default=31, ge=11, le=121, description="points a side pegs to win")

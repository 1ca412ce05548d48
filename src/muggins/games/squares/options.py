"""Cribbage Squares' options (a pydantic model)."""

from __future__ import annotations

import pydantic

from muggins.games.options import Options


class SquaresOptions(Options):
    """Cribbage Squares' options: the score that counts as a win when playing alone."""

    target: int = pydantic.Field(
        default=61, ge=1, le=200, description="a grid scoring this much or more is a win (played alone)"
    )

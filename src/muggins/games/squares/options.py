"""Cribbage Squares' options."""

from __future__ import annotations

from dataclasses import dataclass

from muggins.games.options import Options, option


@dataclass(frozen=True, kw_only=True)
class SquaresOptions(Options):
    """Cribbage Squares' options: the score that counts as a win when playing alone."""

    target: int = option(
        default=61, ge=1, le=200, description="a grid scoring this much or more is a win (played alone)"
    )

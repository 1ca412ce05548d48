"""Cross Cribbage's options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from muggins.games.options import Options, option

FORM_TARGETS = {"crosscribb": 31, "table-top": 121}
"""The points each form is played to when no ``target`` is given."""


@dataclass(frozen=True, kw_only=True)
class CrossOptions(Options):
    """Cross Cribbage's options: the form (CrossCribb, or the older Table Top Cribbage without a
    crib) and the points a side pegs to win."""

    form: Literal["crosscribb", "table-top"] = option(
        default="crosscribb",
        description="CrossCribb (a crib, the difference pegged, to 31) or Table Top Cribbage (two "
        "players, no crib, each card touching one laid, each side pegs its own lines, to 121)",
    )
    target: int | None = option(
        default=None,
        ge=11,
        le=121,
        description="points a side pegs to win (default 31, or 121 for table-top)",
    )

    @property
    def goal(self) -> int:
        """The points a side pegs to win: ``target``, or the form's own."""
        return self.target if self.target is not None else FORM_TARGETS[self.form]

"""Cribbage options: variant, seats, target and skunk lines, counting, dealing and table options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pydantic

from muggins.games.base import Options

Variant = Literal["six-card", "five-card", "ten-hand"]


class CribbageOptions(Options):
    """Every cribbage option; the defaults are the common tabletop rules."""

    variant: Variant = "six-card"
    partnerships: bool = False
    target: int | None = pydantic.Field(default=None, ge=1, le=1000)
    skunk: int | None = pydantic.Field(default=None, ge=0, le=1000)
    double_skunk: int | None = pydantic.Field(default=None, ge=0, le=1000)
    triple_skunk: int | None = pydantic.Field(default=None, ge=0, le=1000)
    match: int = pydantic.Field(default=1, ge=1, le=99)
    heels: Literal[1, 2] = 2
    first_dealer: Literal["cut", "random"] | int = "cut"
    dealer_rule: Literal["rotate", "random"] = "rotate"
    direction: Literal["clockwise", "anticlockwise"] = "clockwise"
    counting: Literal["auto", "manual"] = "auto"
    muggins: bool = False
    skip_empty: bool = True
    skip_pass: bool = True
    skip_only_move: bool = False
    pre_show: bool = False
    post_show: bool = False

    @pydantic.model_validator(mode="after")
    def _consistent(self) -> CribbageOptions:
        if self.muggins and self.counting != "manual":
            raise ValueError("muggins needs counting='manual' (players count their own hands)")
        if self.match % 2 == 0:
            raise ValueError(f"a match is best of an odd number of games, not {self.match}")
        return self

    @property
    def game_target(self) -> int:
        """Points to win: 121, or 61 for five-card cribbage, unless set."""
        if self.target is not None:
            return self.target
        return 61 if self.variant == "five-card" else 121

    @property
    def skunk_lines(self) -> tuple[int, int, int]:
        """Scores a loser must reach to escape skunk, double and triple skunk (0 disables a line).

        Unset lines are 91, 61 and 31 for a 121-point game, and 30, 60 and 90 below any other target.
        """
        target = self.game_target
        defaults = [max(0, target - 30 * k) for k in (1, 2, 3)]
        given = [self.skunk, self.double_skunk, self.triple_skunk]
        lines = [g if g is not None else d for g, d in zip(given, defaults, strict=True)]
        return lines[0], lines[1], lines[2]


@dataclass(frozen=True, slots=True)
class Layout:
    """How a deal is made for a variant and number of seats."""

    dealt: int
    """Cards dealt to each player."""
    to_crib: int
    """Cards each player sends to the dealer's crib."""
    own_crib: int
    """Cards each player keeps as their own crib (ten-hand cribbage)."""
    pack_to_crib: int
    """Cards from the pack that top the dealer's crib up to four."""
    kept: int
    """Cards in each playing hand."""


def layout(variant: Variant, players: int) -> Layout:
    """The deal for ``variant`` with ``players`` seats still playing."""
    if variant == "five-card":
        return Layout(dealt=5, to_crib=2, own_crib=0, pack_to_crib=0, kept=3)
    if variant == "ten-hand":
        dealt = 10 if players == 2 else 9
        to_crib = dealt - 8
        return Layout(dealt, to_crib, own_crib=4, pack_to_crib=4 - to_crib * players, kept=4)
    if players == 2:
        return Layout(dealt=6, to_crib=2, own_crib=0, pack_to_crib=0, kept=4)
    return Layout(dealt=5, to_crib=1, own_crib=0, pack_to_crib=4 - players, kept=4)

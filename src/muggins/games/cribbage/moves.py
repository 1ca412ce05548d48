"""Cribbage's own verb: ten-hand's ``crib``, laying four cards away as one's own crib."""

from __future__ import annotations

from dataclasses import dataclass

from muggins.games.moves import CardsMove, move_type


@dataclass(frozen=True, slots=True)
class KeepCrib(CardsMove):
    """Ten-hand cribbage: lay four cards away as one's own crib (``crib 5H 6D 7S 8C``)."""


move_type(KeepCrib, "crib", example="5H 6D 7S 8C")

"""Cribbage's own verbs: ten-hand's ``crib``, laying four cards away as one's own crib, and Auction
cribbage's ``bid N`` and ``pass``."""

from __future__ import annotations

from dataclasses import dataclass

from muggins.games.moves import AmountMove, BareMove, CardsMove, move_type


@dataclass(frozen=True, slots=True)
class KeepCrib(CardsMove):
    """Ten-hand cribbage: lay four cards away as one's own crib (``crib 5H 6D 7S 8C``)."""


move_type(KeepCrib, "crib", example="5H 6D 7S 8C")


@dataclass(frozen=True, slots=True)
class Bid(AmountMove):
    """Auction cribbage: offer ``amount`` points off one's own score for this hand's crib."""


move_type(Bid, "bid")


class Pass(BareMove):
    """Auction cribbage: bid no more; the other player has the crib at the last bid."""


move_type(Pass, "pass")

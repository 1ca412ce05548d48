"""Auction cribbage for the cribbage bots (docs/rules/cribbage.md, "Auction"): what the crib is
worth to a hand and the bid that follows from it. After the bidding every bot reads the crib's
buyer in the dealer's place (``strategy.cribbage.reading.read``): whose crib it is is what their
discards and their reading of the other's throw turn on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from muggins.bots.cribbage.discard import best_split
from muggins.cards import Card
from muggins.games.cribbage.moves import Bid, Pass
from muggins.games.moves import Move
from muggins.strategy.cribbage.cribtables import CribTables
from muggins.strategy.cribbage.playworth import PlayWorth
from muggins.strategy.cribbage.reading import Seat

THROWN: Final = 2
"""Cards each of the two players throws to the crib."""
OWNER, OTHER = 0, 1
"""The crib tables' seat offsets: the crib's owner throwing to it, and the other player."""
BID_SHARE: Final = 0.7
"""How much of the crib's worth to bid up to. A crib won at a price p leaves the swing less p and
one lost at p leaves p (the other paid it), which says half; measured in duplicate games between
experts differing only in this share (docs/bots.md), bidding to 0.65-0.75 of it beats half and
the whole, and 0.9 or more loses heavily."""


def crib_swing(seat: Seat, tables: CribTables, play: PlayWorth) -> float:
    """What owning this hand's crib is worth to me over the other player owning it, in points of
    my score against theirs: my best split of the six cards into my own crib (its expected count
    added) against my best into theirs (taken away), each with the kept hand's expected show and
    what it can expect to peg (leading, as the buyer does, or playing second)."""

    def owning(thrown: tuple[Card, ...], kept: tuple[Card, ...]) -> float:
        return tables.expected("2", OWNER, thrown) + play.worth(kept, False)

    def not_owning(thrown: tuple[Card, ...], kept: tuple[Card, ...]) -> float:
        return play.worth(kept, True) - tables.expected("2", OTHER, thrown)

    return best_split(seat.hand, THROWN, owning)[0] - best_split(seat.hand, THROWN, not_owning)[0]


def bid_move(seat: Seat, bidding: Mapping[str, Any], swing: float) -> Move:
    """Raise by one while the price stays under ``BID_SHARE`` of the ``swing``, else pass."""
    price = bidding["high"] + 1
    if price < BID_SHARE * swing and f"bid {price}" in seat.legal:
        return Bid(price)
    return Pass()

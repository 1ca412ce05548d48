"""Cribbage Squares' events: a card turned for everyone to place, each seat's placing (where is
seen by that seat alone until everyone has placed), the starter, and the grids shown."""

from __future__ import annotations

from typing import Final

from muggins.cards import Card
from muggins.games.events import Event, event_type


class Turned(Event):
    """Card ``number`` (1-16) is turned up: every seat still playing places it on their grid."""

    number: Final[int]
    card: Final[Card]

    def __init__(self, number: int, card: Card) -> None:
        self.number, self.card = number, card


event_type(Turned, "turned")


class Placed(Event):
    """A seat placed the turned card; the cell is theirs to know until everyone has placed it."""

    player: Final[int]
    card: Final[Card]
    cell: Final[str | None]

    def __init__(self, player: int, card: Card, cell: str | None) -> None:
        self.player, self.card, self.cell = player, card, cell


event_type(Placed, "placed", secret=("cell",))


class LaidOut(Event):
    """Everyone has placed card ``number``: each seat's cell for it (None: a seat that has left)."""

    number: Final[int]
    card: Final[Card]
    cells: Final[tuple[str | None, ...]]

    def __init__(self, number: int, card: Card, cells: tuple[str | None, ...]) -> None:
        self.number, self.card, self.cells = number, card, cells


event_type(LaidOut, "laid_out")


class StarterTurned(Event):
    """The seventeenth card, the starter, is turned: every row and column is shown with it."""

    card: Final[Card]

    def __init__(self, card: Card) -> None:
        self.card = card


event_type(StarterTurned, "starter")

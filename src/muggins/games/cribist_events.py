"""Cribist's events: what each move caused, as the table sees it (the deal itself goes out as the
protocol's secret ``dealt`` events)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from muggins.cards import Card
from muggins.games.events import Event
from muggins.scoring.items import Score


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A new deal: who deals and its number (1-based). The cards follow as secret ``dealt`` events."""

    type: ClassVar[str] = "deal"
    dealer: int
    number: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card went to the trick."""

    type: ClassVar[str] = "played"
    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrumpsSet(Event):
    """The opening lead named the trump suit for the hand."""

    type: ClassVar[str] = "trumps"
    player: int
    suit: str


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A trick was won; ``cards`` in the order played, starting with the lead."""

    type: ClassVar[str] = "trick"
    player: int
    number: int
    leader: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """The trick's winner claimed points; ``accepted`` is False for an overclaim, which scores nothing."""

    type: ClassVar[str] = "claimed"
    player: int
    amount: int
    accepted: bool


@dataclass(frozen=True, slots=True)
class MugginsCalled(Event):
    """A call of muggins, as checked: ``valid`` calls win ``amount``, invalid ones lose it (``why``)."""

    type: ClassVar[str] = "muggins"
    player: int
    amount: int
    source: str
    valid: bool
    why: str


@dataclass(frozen=True, slots=True)
class MugginsClosed(Event):
    """Every other player has called or passed; the next trick may be led."""

    type: ClassVar[str] = "muggins_closed"
    trick: Score


@dataclass(frozen=True, slots=True)
class TimeCalled(Event):
    """Time is up: this hand is the last."""

    type: ClassVar[str] = "time_up"
    player: int

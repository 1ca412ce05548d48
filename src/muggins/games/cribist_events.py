"""Cribist's events: what each move caused, as the table sees it (the deal itself goes out as the
protocol's secret ``dealt`` events)."""

from __future__ import annotations

from dataclasses import dataclass

from muggins.cards import Card
from muggins.games.events import Event, event_type
from muggins.scoring.items import Score


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A new deal: who deals and its number (1-based). The cards follow as secret ``dealt`` events."""

    dealer: int
    number: int


event_type(DealStarted, "deal")


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card went to the trick."""

    player: int
    card: Card


event_type(CardPlayed, "played")


@dataclass(frozen=True, slots=True)
class TrumpsSet(Event):
    """The opening lead named the trump suit for the hand."""

    player: int
    suit: str


event_type(TrumpsSet, "trumps")


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A trick was won; ``cards`` in the order played, starting with the lead."""

    player: int
    number: int
    leader: int
    cards: tuple[Card, ...]


event_type(TrickWon, "trick")


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """The trick's winner claimed points; ``accepted`` is False for an overclaim, which scores nothing."""

    player: int
    amount: int
    accepted: bool


event_type(Claimed, "claimed")


@dataclass(frozen=True, slots=True)
class MugginsCalled(Event):
    """A call of muggins, as checked: ``valid`` calls win ``amount``, invalid ones lose it (``why``)."""

    player: int
    amount: int
    source: str
    valid: bool
    why: str


event_type(MugginsCalled, "muggins")


@dataclass(frozen=True, slots=True)
class MugginsClosed(Event):
    """Every other player has called or passed; the next trick may be led."""

    trick: Score


event_type(MugginsClosed, "muggins_closed")


@dataclass(frozen=True, slots=True)
class TimeCalled(Event):
    """Time is up: this hand is the last."""

    player: int


event_type(TimeCalled, "time_up")

"""Cribist's events: what each move caused, as the table sees it (the deal itself goes out as the
protocol's secret ``dealt`` events)."""

from __future__ import annotations

from typing import Final

from muggins.cards import Card
from muggins.games.events import Event, event_type
from muggins.scoring.items import Score


class NewHand(Event):
    """A new deal: its number (1-based) and who deals, named as in every game (``new_hand``). The
    cards follow as secret ``dealt`` events."""

    hand: Final[int]
    dealer: Final[int]

    def __init__(self, hand: int, dealer: int) -> None:
        self.hand, self.dealer = hand, dealer


event_type(NewHand, "new_hand")


class CardPlayed(Event):
    """A card went to the trick."""

    player: Final[int]
    card: Final[Card]

    def __init__(self, player: int, card: Card) -> None:
        self.player, self.card = player, card


event_type(CardPlayed, "played")


class TrumpsSet(Event):
    """The opening lead named the trump suit for the hand."""

    player: Final[int]
    suit: Final[str]

    def __init__(self, player: int, suit: str) -> None:
        self.player, self.suit = player, suit


event_type(TrumpsSet, "trumps")


class TrickWon(Event):
    """A trick was won; ``cards`` in the order played, starting with the lead."""

    player: Final[int]
    number: Final[int]
    leader: Final[int]
    cards: Final[tuple[Card, ...]]

    def __init__(self, player: int, number: int, leader: int, cards: tuple[Card, ...]) -> None:
        self.player, self.number, self.leader, self.cards = player, number, leader, cards


event_type(TrickWon, "trick")


class Claimed(Event):
    """The trick's winner claimed points: made with ``accepted`` None when claimed, and again when the
    muggins window closes, ``accepted`` False for an overclaim, which scores nothing."""

    player: Final[int]
    points: Final[int]
    accepted: Final[bool | None]

    def __init__(self, player: int, points: int, accepted: bool | None) -> None:
        self.player, self.points, self.accepted = player, points, accepted


event_type(Claimed, "claimed")


class MugginsCalled(Event):
    """A call of muggins: made with ``valid`` None when called, and again, judged, when the window
    closes: ``valid`` calls win ``points``, invalid ones lose them (``why``). ``against`` is the
    claimer, as in cribbage's muggins event."""

    player: Final[int]
    against: Final[int]
    points: Final[int]
    source: Final[str]
    valid: Final[bool | None]
    why: Final[str]

    def __init__(  # noqa: PLR0917 (an event's fields, as a dataclass would take them)
        self, player: int, against: int, points: int, source: str, valid: bool | None, why: str
    ) -> None:
        self.player, self.against, self.points = player, against, points
        self.source, self.valid, self.why = source, valid, why


event_type(MugginsCalled, "muggins")


class MugginsClosed(Event):
    """Every other player has called or passed; the next trick may be led."""

    trick: Final[Score]

    def __init__(self, trick: Score) -> None:
        self.trick = trick


event_type(MugginsClosed, "muggins_closed")


class TimeCalled(Event):
    """Time is up: this hand is the last."""

    player: Final[int]

    def __init__(self, player: int) -> None:
        self.player = player


event_type(TimeCalled, "time_up")

"""Cribbage's own events (the generic ones are in ``muggins.games.events``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from muggins.cards import Card
from muggins.games.events import Event
from muggins.scoring.items import Score
from muggins.scoring.speech import say_count


@dataclass(frozen=True, slots=True)
class DealerCut(Event):
    """Players cut for first deal: lowest card deals (ties cut again)."""

    type: ClassVar[str] = "dealer_cut"
    cuts: tuple[tuple[int, Card], ...]
    dealer: int | None


@dataclass(frozen=True, slots=True)
class NewHand(Event):
    """A hand begins: its number and dealer (and game number in a match)."""

    type: ClassVar[str] = "new_hand"
    hand: int
    game: int
    dealer: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A player laid cards away: to the dealer's crib (``to_crib``) or their own crib."""

    type: ClassVar[str] = "discarded"
    secret: ClassVar[tuple[str, ...]] = ("cards",)
    player: int
    count: int
    own_crib: bool
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class CribTopped(Event):
    """Cards from the pack went face down to the crib (three players)."""

    type: ClassVar[str] = "crib_topped"
    count: int


@dataclass(frozen=True, slots=True)
class StarterCut(Event):
    """The starter is turned up."""

    type: ClassVar[str] = "starter"
    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card laid in the play, and the count it makes."""

    type: ClassVar[str] = "played"
    player: int
    card: Card
    count: int


@dataclass(frozen=True, slots=True)
class SaidGo(Event):
    """A player could not lay a card (``auto`` when the engine said it for them)."""

    type: ClassVar[str] = "go"
    player: int
    auto: bool


@dataclass(frozen=True, slots=True)
class CountReset(Event):
    """The count goes back to zero; ``leader`` lays next."""

    type: ClassVar[str] = "reset"
    leader: int | None


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A hand or crib laid face up for the show, with its true score and what was claimed."""

    type: ClassVar[str] = "shown"
    player: int
    what: str
    cards: tuple[Card, ...]
    starter: Card
    score: Score
    claimed: int | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, with the count as a player says it aloud (``said``)."""
        data = Event.to_dict(self)
        data["said"] = say_count(self.score)
        return data


@dataclass(frozen=True, slots=True)
class MugginsCalled(Event):
    """``player`` called muggins on ``against`` and took ``points`` they had missed."""

    type: ClassVar[str] = "muggins"
    player: int
    against: int
    points: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """One game of a match is won; ``match_points`` is what it earned."""

    type: ClassVar[str] = "game_won"
    game: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    skunk: str | None
    match_points: int

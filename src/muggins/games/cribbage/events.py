"""Cribbage's own events (the generic ones are in ``muggins.games.events``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from muggins.cards import Card
from muggins.games.events import Event, event_type
from muggins.scoring.items import Score
from muggins.scoring.speech import say_count


@dataclass(frozen=True, slots=True)
class DealerCut(Event):
    """Players cut for first deal: lowest card deals (ties cut again)."""

    cuts: tuple[tuple[int, Card], ...]
    dealer: int | None


event_type(DealerCut, "dealer_cut")


@dataclass(frozen=True, slots=True)
class NewHand(Event):
    """A hand begins: its number and dealer (and game number in a match)."""

    hand: int
    game: int
    dealer: int


event_type(NewHand, "new_hand")


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A player laid cards away: to the dealer's crib (``to_crib``) or their own crib."""

    player: int
    count: int
    own_crib: bool
    cards: tuple[Card, ...] | None


event_type(Discarded, "discarded", secret=("cards",))


@dataclass(frozen=True, slots=True)
class CribTopped(Event):
    """Cards from the pack went face down to the crib (three players)."""

    count: int


event_type(CribTopped, "crib_topped")


@dataclass(frozen=True, slots=True)
class StarterCut(Event):
    """The starter is turned up."""

    card: Card


event_type(StarterCut, "starter")


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card laid in the play, and the count it makes."""

    player: int
    card: Card
    count: int


event_type(CardPlayed, "played")


@dataclass(frozen=True, slots=True)
class SaidGo(Event):
    """A player could not lay a card (``auto`` when the engine said it for them)."""

    player: int
    auto: bool


event_type(SaidGo, "go")


@dataclass(frozen=True, slots=True)
class CountReset(Event):
    """The count goes back to zero; ``leader`` lays next."""

    leader: int | None


event_type(CountReset, "reset")


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A hand or crib laid face up for the show, with its true score and what was claimed."""

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


event_type(Shown, "shown")


@dataclass(frozen=True, slots=True)
class MugginsCalled(Event):
    """``player`` called muggins on ``against`` and took ``points`` they had missed."""

    player: int
    against: int
    points: int


event_type(MugginsCalled, "muggins")


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """One game of a match is won; ``match_points`` is what it earned."""

    game: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    skunk: str | None
    match_points: int


event_type(GameWon, "game_won")

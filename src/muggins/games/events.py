"""Events: typed, serialisable records of what a move caused, each redacted for every viewer.

An event names its ``player`` (the seat it concerns, if any) and which of its fields are
``secret``: those fields are seen only by that player; everyone else sees them as ``None``.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from mypy_extensions import mypyc_attr

from muggins.cards import Card
from muggins.scoring.items import Item, Score


def to_json(value: Any) -> Any:
    """Cards, scores, enums, tuples and dataclasses as plain JSON values."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Score | Item):
        return value.to_dict()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


@mypyc_attr(allow_interpreted_subclasses=True)  # events of games that are not compiled
class Event:
    """Base of all events: each is a frozen dataclass given its ``type`` (its name in the JSON form)
    and its ``secret`` fields by ``event_type`` after the class body."""

    __slots__ = ()
    type: ClassVar[str] = "event"
    secret: ClassVar[tuple[str, ...]] = ()

    def for_viewer(self, viewer: int | None) -> Event:
        """This event as ``viewer`` (a seat, or None for a spectator) may see it."""
        owner = getattr(self, "player", None)
        if not self.secret or (viewer is not None and viewer == owner):
            return self
        assert dataclasses.is_dataclass(self)
        return dataclasses.replace(self, **dict.fromkeys(self.secret))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"type": ..., <fields>}``."""
        data: dict[str, Any] = {"type": self.type}
        data.update(to_json(self))
        return data


_E = TypeVar("_E", bound="type[Event]")


def event_type(cls: _E, type: str, *, secret: tuple[str, ...] = ()) -> _E:
    """Give an event class its JSON name and the fields only its player sees. Called after the
    class body: mypyc, which compiles the rules core, would take class constants in a dataclass
    body for fields."""
    cls.type, cls.secret = type, secret
    return cls


@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    """The game moved to a new phase (deal, discard, play, show, pause, betting round ...)."""

    phase: str


event_type(PhaseChanged, "phase")


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A player was dealt cards; only they see which."""

    player: int
    count: int
    cards: tuple[Card, ...] | None


event_type(Dealt, "dealt", secret=("cards",))


@dataclass(frozen=True, slots=True)
class Scored(Event):
    """Points went to a player (or their side), with the items that made them and why."""

    player: int
    reason: str
    score: Score
    points: int
    total: int


event_type(Scored, "scored")


@dataclass(frozen=True, slots=True)
class PlayerLeft(Event):
    """A player left the table."""

    player: int


event_type(PlayerLeft, "left")


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended; ``result`` is the game's Result in JSON form."""

    result: dict[str, Any]


event_type(GameOver, "game_over")

"""Events: typed, serialisable records of what a move caused, each redacted for every viewer.

An event names its ``player`` (the seat it concerns, if any) and which of its fields are
``secret``: those fields are seen only by that player; everyone else sees them as ``None``.
"""

from __future__ import annotations

import enum
import inspect
from collections.abc import Callable
from typing import Any, ClassVar, Final, TypeVar

from mypy_extensions import mypyc_attr

from muggins.cards import Card
from muggins.scoring.items import Item, Score

_PLAIN: Final = frozenset({str, int, bool, float, type(None)})
"""The types most fields hold, already JSON: looked at first (an event's JSON form is made for every
line of every log a player is sent)."""


def to_json(value: Any) -> Any:
    """Cards, scores, enums, tuples, lists, dicts and events as plain JSON values."""
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (Score, Item)):
        return value.to_dict()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, Event):
        return {name: to_json(getattr(value, name)) for name in value.fields}
    return value


@mypyc_attr(allow_interpreted_subclasses=True)  # events of games that are not compiled
class Event:
    """Base of all events: an immutable record whose fields are its constructor's parameters.

    Each event class declares its fields ``Final`` and sets them in ``__init__``; ``event_type``
    (after the class body) gives it its ``type`` (its name in the JSON form), its field names and
    its ``secret`` fields. Compiled, such a class is built about twenty times faster than a frozen
    dataclass, whose generated ``__init__`` mypyc leaves interpreted (docs/architecture.md).
    """

    __slots__ = ()
    type: ClassVar[str] = "event"
    fields: ClassVar[tuple[str, ...]] = ()
    secret: ClassVar[tuple[str, ...]] = ()

    def values(self) -> dict[str, Any]:
        """The fields by name, in declaration order."""
        return {name: getattr(self, name) for name in self.fields}

    def for_viewer(self, viewer: int | None) -> Event:
        """This event as ``viewer`` (a seat, or None for a spectator) may see it."""
        owner = getattr(self, "player", None)
        if not self.secret or (viewer is not None and viewer == owner):
            return self
        return type(self)(**(self.values() | dict.fromkeys(self.secret)))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"type": ..., <fields>}``."""
        data: dict[str, Any] = {"type": self.type}
        for name in self.fields:  # to_json's own loop, written into the result (0.16 against 0.30 µs)
            data[name] = to_json(getattr(self, name))
        return data

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Event) and self.values() == other.values()

    def __hash__(self) -> int:
        return hash((type(self), tuple(self.values().values())))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in self.values().items())
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Callable[..., Event], tuple[Any, ...]]:
        return type(self), tuple(self.values().values())


_E = TypeVar("_E", bound="type[Event]")


def event_type(cls: _E, type: str, *, secret: tuple[str, ...] = ()) -> _E:
    """Give an event class its JSON name, its fields (its constructor's parameters) and the fields
    only its player sees. Called after the class body: mypyc, which compiles the rules core, takes
    class constants in a class body for the class's own."""
    fields = tuple(inspect.signature(cls).parameters)
    unknown = set(secret) - set(fields)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))} to keep secret")
    cls.type, cls.fields, cls.secret = type, fields, secret
    return cls


class PhaseChanged(Event):
    """The game moved to a new phase (deal, discard, play, show, pause, betting round ...)."""

    phase: Final[str]

    def __init__(self, phase: str) -> None:
        self.phase = phase


event_type(PhaseChanged, "phase")


class Dealt(Event):
    """A player was dealt cards; only they see which."""

    player: Final[int]
    count: Final[int]
    cards: Final[tuple[Card, ...] | None]

    def __init__(self, player: int, count: int, cards: tuple[Card, ...] | None) -> None:
        self.player, self.count, self.cards = player, count, cards


event_type(Dealt, "dealt", secret=("cards",))


class Scored(Event):
    """Points went to a player (or their side), with the items that made them and why."""

    player: Final[int]
    reason: Final[str]
    score: Final[Score]
    points: Final[int]
    total: Final[int]

    def __init__(self, player: int, reason: str, score: Score, points: int, total: int) -> None:
        self.player, self.reason, self.score, self.points, self.total = player, reason, score, points, total


event_type(Scored, "scored")


class PlayerLeft(Event):
    """A player left the game: by leaving the table, or by resigning (``resigned``)."""

    player: Final[int]
    resigned: Final[bool]

    def __init__(self, player: int, resigned: bool = False) -> None:
        self.player, self.resigned = player, resigned


event_type(PlayerLeft, "left")


class GameOver(Event):
    """The game ended; ``result`` is the game's Result in JSON form."""

    result: Final[dict[str, Any]]

    def __init__(self, result: dict[str, Any]) -> None:
        self.result = result


event_type(GameOver, "game_over")

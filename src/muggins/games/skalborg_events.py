"""Skalborg's own events, and the ``count`` move of "you miss it, you lose it" counting.

Hidden cards travel only in ``secret`` fields (the thrown card), which other viewers see as None.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from muggins.cards import Card, CardError, format_cards, parse_cards
from muggins.games.errors import MoveSyntaxError
from muggins.games.events import Event
from muggins.games.moves import Move, move_type
from muggins.scoring.items import Kind, Score

COUNT_KINDS = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH)
"""The combinations a Skalborg player can claim."""


@move_type
@dataclass(frozen=True, slots=True)
class Count(Move):
    """Claim one combination of one's own showdown (manual counting): ``count fifteen 5H 10S``.

    Only claimed combinations that are valid score; ``ready`` ends one's count.
    """

    verb: ClassVar[str] = "count"
    kind: Kind
    cards: tuple[Card, ...]

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        kinds = ", ".join(str(k) for k in COUNT_KINDS)
        if len(args) < 3:
            raise MoveSyntaxError(
                f"'count' takes a combination ({kinds}) and its cards, e.g. 'count fifteen 5H 10S'"
            )
        kind = next((k for k in COUNT_KINDS if str(k) == args[0].lower()), None)
        if kind is None:
            raise MoveSyntaxError(f"'count' needs one of {kinds}, not {args[0]!r}")
        try:
            return cls(kind, parse_cards(args[1:]))
        except CardError as exc:
            raise MoveSyntaxError(str(exc)) from None

    def args_text(self) -> str:
        return f"{self.kind} {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand: its number, the dealer and the blinds in force."""

    type: ClassVar[str] = "hand_started"
    hand: int
    dealer: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    """A seat put in its blind (less if that is all it has)."""

    type: ClassVar[str] = "blind"
    player: int
    blind: str
    amount: int


@dataclass(frozen=True, slots=True)
class Thrown(Event):
    """A seat threw a card face down to the crib; only it sees which."""

    type: ClassVar[str] = "thrown"
    secret: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class BoardTurned(Event):
    """Crib cards were turned face up (flop, turn or river); ``board`` is every face-up card."""

    type: ClassVar[str] = "board"
    street: str
    cards: tuple[Card, ...]
    board: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A betting action: what it was, the chips it put in, and the seat's total bet this round."""

    type: ClassVar[str] = "action"
    player: int
    action: str
    chips: int
    bet: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A contender's hand at the showdown; ``score`` is its count (None until it has counted)."""

    type: ClassVar[str] = "shown"
    player: int
    cards: tuple[Card, ...]
    score: Score | None
    points: int | None


@dataclass(frozen=True, slots=True)
class Counted(Event):
    """A combination claimed in manual counting, and what it scored (0 if it is not one)."""

    type: ClassVar[str] = "counted"
    player: int
    kind: str
    cards: tuple[Card, ...]
    points: int
    valid: bool


@dataclass(frozen=True, slots=True)
class PotWon(Event):
    """A pot went to its winners (``shares`` by seat); ``reason``: showdown or everyone else folded."""

    type: ClassVar[str] = "pot"
    pot: int
    amount: int
    shares: dict[int, int]
    reason: str


@dataclass(frozen=True, slots=True)
class Busted(Event):
    """A seat lost its last chip and leaves the table."""

    type: ClassVar[str] = "busted"
    player: int

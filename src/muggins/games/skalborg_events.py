"""Skalborg's own events, and the ``count`` move of "you miss it, you lose it" counting.

Hidden cards travel only in ``secret`` fields (the thrown card), which other viewers see as None.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from muggins.cards import Card, CardError, format_cards, parse_cards
from muggins.games.errors import MoveSyntaxError
from muggins.games.events import Event, event_type
from muggins.games.moves import Move, move_type
from muggins.scoring.items import Kind, Score

COUNT_KINDS = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH)
"""The combinations a Skalborg player can claim."""


@dataclass(frozen=True, slots=True)
class Count(Move):
    """Claim one combination of one's own showdown (manual counting): ``count fifteen 5H 10S``.

    Only claimed combinations that are valid score; ``ready`` ends one's count.
    """

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


move_type(Count, "count")


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand: its number, the dealer and the blinds in force."""

    hand: int
    dealer: int
    small_blind: int
    big_blind: int


event_type(HandStarted, "hand_started")


@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    """A seat put in its blind (less if that is all it has)."""

    player: int
    blind: str
    amount: int


event_type(BlindPosted, "blind")


@dataclass(frozen=True, slots=True)
class Thrown(Event):
    """A seat threw a card face down to the crib; only it sees which."""

    player: int
    card: Card | None


event_type(Thrown, "thrown", secret=("card",))


@dataclass(frozen=True, slots=True)
class BoardTurned(Event):
    """Crib cards were turned face up (flop, turn or river); ``board`` is every face-up card."""

    street: str
    cards: tuple[Card, ...]
    board: tuple[Card, ...]


event_type(BoardTurned, "board")


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A betting action: what it was, the chips it put in, and the seat's total bet this round."""

    player: int
    action: str
    chips: int
    bet: int
    all_in: bool


event_type(Acted, "action")


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """A contender's hand at the showdown; ``score`` is its count (None until it has counted)."""

    player: int
    cards: tuple[Card, ...]
    score: Score | None
    points: int | None


event_type(Shown, "shown")


@dataclass(frozen=True, slots=True)
class Counted(Event):
    """A combination claimed in manual counting, and what it scored (0 if it is not one)."""

    player: int
    kind: str
    cards: tuple[Card, ...]
    points: int
    valid: bool


event_type(Counted, "counted")


@dataclass(frozen=True, slots=True)
class PotWon(Event):
    """A pot went to its winners (``shares`` by seat); ``reason``: showdown or everyone else folded."""

    pot: int
    amount: int
    shares: dict[int, int]
    reason: str


event_type(PotWon, "pot")


@dataclass(frozen=True, slots=True)
class Busted(Event):
    """A seat lost its last chip and leaves the table."""

    player: int


event_type(Busted, "busted")

"""Moves: small immutable values with a textual form that parses back, in the spirit of UCI.

Every game shares one vocabulary (``discard 5H 6D``, ``play JS``, ``go``, ``claim 12``,
``muggins 2``, ``ready``, ``leave`` ...); a game adds its own verbs in its ``moves`` module
(Skalborg's betting, ten-hand's ``crib``) and says which verbs it accepts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, Self, TypeVar

from mypy_extensions import mypyc_attr

from muggins.cards import Card, CardError, format_cards, parse_card, parse_cards
from muggins.games.errors import MoveSyntaxError

_VERBS: dict[str, type[Move]] = {}
_M = TypeVar("_M", bound="type[Move]")


@mypyc_attr(allow_interpreted_subclasses=True)  # moves of games that are not compiled
class Move:
    """Base of all moves. Subclasses are frozen dataclasses registered under their ``verb``.

    (Not an ``abc.ABC``: engines test move types on every move, and ABC instance checks are slow.)
    """

    __slots__ = ()
    verb: ClassVar[str] = ""
    example: ClassVar[str] = ""
    """Example arguments, for the hint in a syntax error."""
    server_only: ClassVar[bool] = False
    """True for moves only the table itself may make (a clock saying time is up), never a client."""

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        """Build the move from the words after the verb, or raise ``MoveSyntaxError``."""
        raise NotImplementedError

    def args_text(self) -> str:
        """The words after the verb."""
        raise NotImplementedError

    def __str__(self) -> str:
        args = self.args_text()
        return f"{self.verb} {args}" if args else self.verb


def move_type(cls: _M, verb: str, *, example: str = "", server_only: bool = False) -> _M:
    """Give a move class its verb (and example arguments, and whether only the table may make it)
    and register it under the verb. Called after the class body, not as a decorator: mypyc, which
    compiles the rules core, would take class constants in a dataclass body for fields."""
    cls.verb, cls.example, cls.server_only = verb, example, server_only
    _VERBS[verb] = cls
    return cls


def parse_move(text: str, verbs: frozenset[str] | None = None) -> Move:
    """Parse a move's textual form. A verb outside ``verbs`` (a game's own; by default every verb)
    is an error naming them: another game's verb too, whichever games this process has loaded.

    >>> parse_move("discard 5h 6d")
    Discard(cards=(Card('5H'), Card('6D')))
    >>> str(parse_move("PLAY js"))
    'play JS'
    """
    known = frozenset(_VERBS) if verbs is None else verbs
    said = ", ".join(sorted(verb for verb in known if not _VERBS[verb].server_only))
    words = text.split()
    if not words:
        raise MoveSyntaxError("empty move: expected a verb such as " + said)
    verb = words[0].lower()
    cls = _VERBS.get(verb) if verb in known else None
    if cls is None:
        raise MoveSyntaxError(f"unknown move {words[0]!r}: expected one of {said}")
    return cls.parse_args(words[1:])


def _no_args(verb: str, args: list[str]) -> None:
    if args:
        raise MoveSyntaxError(f"'{verb}' takes nothing after it, not {' '.join(args)!r}")


def _one_card(verb: str, args: list[str]) -> Card:
    if len(args) != 1:
        raise MoveSyntaxError(f"'{verb}' takes exactly one card, e.g. '{verb} JS'")
    try:
        return parse_card(args[0])
    except CardError as exc:
        raise MoveSyntaxError(str(exc)) from None


def _amount(verb: str, args: list[str], *, minimum: int = 0) -> int:
    if len(args) != 1:
        raise MoveSyntaxError(f"'{verb}' takes one whole number, e.g. '{verb} 20'")
    text = args[0]
    if not (text.isascii() and text.isdigit()):  # int() would take "５", "1_0" and "+2" too
        raise MoveSyntaxError(f"'{verb}' needs a whole number written with the digits 0-9, not {text!r}")
    value = int(text)
    if value < minimum:
        raise MoveSyntaxError(f"'{verb}' needs a number of at least {minimum}, not {value}")
    return value


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class CardsMove(Move):
    """A move naming one or more cards."""

    cards: tuple[Card, ...]

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        if not args:
            raise MoveSyntaxError(f"'{cls.verb}' needs cards, e.g. '{cls.verb} {cls.example}'")
        try:
            return cls(parse_cards(args))
        except CardError as exc:
            raise MoveSyntaxError(str(exc)) from None

    def args_text(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True, slots=True)
class Discard(CardsMove):
    """Lay cards away face down to the crib (``discard 5H 6D``)."""


move_type(Discard, "discard", example="5H 6D")


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Lay one card: to the pegging pile, or to a trick."""

    card: Card

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        return cls(_one_card(cls.verb, args))

    def args_text(self) -> str:
        return str(self.card)


move_type(Play, "play")


@mypyc_attr(allow_interpreted_subclasses=True)
class BareMove(Move):
    """A move with no arguments."""

    __slots__ = ()

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        _no_args(cls.verb, args)
        return cls()

    def args_text(self) -> str:
        return ""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.verb)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Go(BareMove):
    """Say go: no card can be laid without passing 31."""


move_type(Go, "go")


class Leave(BareMove):
    """Leave the table: worst unfilled rank, and the hand ends at once."""


move_type(Leave, "leave")


class Resign(BareMove):
    """Concede the game: it counts as leaving it (worst unfilled rank, the hand ends at once), but
    the player keeps their seat at the table, for a rematch."""


move_type(Resign, "resign")


class Ready(BareMove):
    """Ready to go on from a pause (before or after the show, between hands)."""


move_type(Ready, "ready")
READY: Final = Ready()
"""The one ``ready`` every game's legal moves list (moves are immutable)."""


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class AmountMove(Move):
    """A move with one whole-number argument."""

    amount: int

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        return cls(_amount(cls.verb, args))

    def args_text(self) -> str:
        return str(self.amount)


@dataclass(frozen=True, slots=True)
class Claim(AmountMove):
    """Claim ``amount`` points for one's own hand, crib or trick (manual counting)."""


move_type(Claim, "claim")


@dataclass(frozen=True, slots=True)
class Muggins(Move):
    """Call muggins: claim ``amount`` points an opponent missed, optionally naming their source
    as scoring items (``muggins 2 fifteen 5H 10S``); the game says whether a source is required."""

    amount: int
    source: str = ""

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        return cls(_amount(cls.verb, args[:1], minimum=1), " ".join(args[1:]))

    def args_text(self) -> str:
        return f"{self.amount} {self.source}".rstrip()


move_type(Muggins, "muggins")


class Correct(BareMove):
    """Ask that an opponent's claim be corrected: it is more than their show makes."""


move_type(Correct, "correct")


def verbs() -> frozenset[str]:
    """Every verb the parser knows."""
    return frozenset(_VERBS)


def server_only_verbs() -> frozenset[str]:
    """The verbs of moves only the table may make (see ``Move.server_only``), among those registered."""
    return frozenset(verb for verb, cls in _VERBS.items() if cls.server_only)

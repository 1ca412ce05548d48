"""The outcome of a finished game: how it ended, ranks, winners, skunks and match points."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, Final

from muggins.games.events import Event, Scored


class Termination(enum.StrEnum):
    """Why a game ended, for programs (``Result.reason`` says it for people)."""

    TARGET = "target"
    """A side reached the target score (or won the match)."""
    DEALS = "deals"
    """The agreed number of deals or hands was played."""
    TIME = "time"
    """The agreed time ran out and the hand in progress was finished."""
    LEFT = "left"
    """Players left the table until at most one side was still playing."""
    ALL_CHIPS = "all chips"
    """One player holds every chip."""


class Result:
    """How a game ended. Per-player tuples are indexed by seat; partners share ranks and points.

    ``termination`` says why the game ended and ``reason`` says it in words ("player 0 reached
    121"). ``ranks`` are 1 for first place, equal for ties and partners; ``skunks`` name the skunk a
    losing seat suffered ("skunk", "double skunk", "triple skunk") or None. Immutable, and equal,
    hashed, printed and pickled by its fields as a frozen dataclass would be; a plain class with
    ``Final`` fields because mypyc leaves a dataclass's generated ``__init__`` interpreted.
    """

    ranks: Final[tuple[int, ...]]
    scores: Final[tuple[int, ...]]
    reason: Final[str]
    termination: Final[Termination]
    skunks: Final[tuple[str | None, ...]]
    match_points: Final[tuple[int, ...]]

    def __init__(  # noqa: PLR0917 (the fields, as a dataclass would take them)
        self,
        ranks: tuple[int, ...],
        scores: tuple[int, ...],
        reason: str,
        termination: Termination,
        skunks: tuple[str | None, ...] = (),
        match_points: tuple[int, ...] = (),
    ) -> None:
        self.ranks, self.scores, self.reason, self.termination = ranks, scores, reason, termination
        self.skunks, self.match_points = skunks, match_points

    def _fields(self) -> tuple[Any, ...]:
        return self.ranks, self.scores, self.reason, self.termination, self.skunks, self.match_points

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Result(ranks={self.ranks!r}, scores={self.scores!r}, reason={self.reason!r}, "
            f"termination={self.termination!r}, skunks={self.skunks!r}, match_points={self.match_points!r})"
        )

    def __reduce__(self) -> tuple[type[Result], tuple[Any, ...]]:
        return Result, self._fields()

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: each field as a list (``reason`` and ``termination`` as text) and ``winners``."""
        return {
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "reason": self.reason,
            "termination": self.termination.value,
            "skunks": list(self.skunks),
            "match_points": list(self.match_points),
            "winners": list(self.winners),
        }


class Finished:
    """A game played to its end on a quick path that leaves the game itself unchanged: the scores it
    ended on, by seat, and how many moves were made from the position it started from."""

    scores: Final[tuple[int, ...]]
    moves: Final[int]

    def __init__(self, scores: tuple[int, ...], moves: int) -> None:
        self.scores, self.moves = scores, moves

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Finished) and (self.scores, self.moves) == (other.scores, other.moves)

    def __hash__(self) -> int:
        return hash((self.scores, self.moves))

    def __repr__(self) -> str:
        return f"Finished(scores={self.scores!r}, moves={self.moves!r})"


class DealPoints:
    """One deal of a game played on a quick path: who dealt (None in a game without a dealer),
    whether a game was won in it, and the points each seat scored in it by reason (``Scored.reason``),
    as ``{(seat, reason): points}`` with only the reasons that scored."""

    dealer: Final[int | None]
    won: Final[bool]
    scored: Final[dict[tuple[int, str], int]]

    def __init__(self, dealer: int | None, won: bool, scored: dict[tuple[int, str], int]) -> None:
        self.dealer, self.won, self.scored = dealer, won, scored

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealPoints) and (self.dealer, self.won, self.scored) == (
            other.dealer,
            other.won,
            other.scored,
        )

    def __hash__(self) -> int:
        return hash((self.dealer, self.won, frozenset(self.scored.items())))

    def __repr__(self) -> str:
        return f"DealPoints(dealer={self.dealer!r}, won={self.won!r}, scored={self.scored!r})"


class Played:
    """A game played to its end by random moves on a quick path that leaves the game itself
    unchanged: its result, the moves made, and its deals from the one in progress on."""

    result: Final[Result]
    moves: Final[int]
    deals: Final[tuple[DealPoints, ...]]

    def __init__(self, result: Result, moves: int, deals: tuple[DealPoints, ...]) -> None:
        self.result, self.moves, self.deals = result, moves, deals

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Played) and (self.result, self.moves, self.deals) == (
            other.result,
            other.moves,
            other.deals,
        )

    def __hash__(self) -> int:
        return hash((self.result, self.moves, self.deals))

    def __repr__(self) -> str:
        return f"Played(result={self.result!r}, moves={self.moves!r}, deals={self.deals!r})"


def rank_by(values: Sequence[float], *, order: Sequence[int] | None = None) -> tuple[int, ...]:
    """Competition ranks (1 = highest value; ties share a rank, the next rank skips).

    With ``order`` (worst first: seats that must rank below everyone still playing, e.g. players
    who left), those seats take the worst ranks in that order.
    """
    n = len(values)
    ranks = [0] * n
    forced = list(order or ())
    playing = [s for s in range(n) if s not in forced]
    for seat in playing:
        ranks[seat] = 1 + sum(1 for other in playing if values[other] > values[seat])
    for position, seat in enumerate(forced):
        ranks[seat] = n - position
    return tuple(ranks)


DEAL_EVENTS: Final = frozenset({"new_hand"})
"""Event types that start a deal in the registered games."""
# What an event is to a ledger (constants, so that compiled code reads no global for them):
_OTHER: Final = 0
"""None of its business."""
_SCORED: Final = 1
"""Points scored."""
_DEAL: Final = 2
"""A new deal."""
_WON: Final = 3
"""A game won."""


def _kind(event_type: str) -> int:
    if event_type == Scored.type:
        return _SCORED
    if event_type in DEAL_EVENTS:
        return _DEAL
    return _WON if event_type == "game_won" else _OTHER


def ledger(events: Sequence[Event]) -> list[DealPoints]:
    """A game's deals from its events: each deal's dealer (None in a game without one), whether a
    game was won in it, and the points each seat scored in it by reason. Compiled, and each event's
    kind known by its class: a random Cribist game has almost 900 events, five in six of them
    plays and tricks to pass over."""
    kinds: dict[type[Event], int] = {}
    dealers: list[int | None] = []
    scored: list[dict[tuple[int, str], int]] = []
    won_in: set[int] = set()
    now: dict[tuple[int, str], int] = {}
    for event in events:
        cls = type(event)
        kind = kinds.get(cls)
        if kind is None:
            kind = kinds[cls] = _kind(cls.type)
        if kind == _SCORED:  # the most frequent of the kinds looked for
            if dealers:
                assert isinstance(event, Scored)
                key = (event.player, event.reason)
                now[key] = now.get(key, 0) + event.points
        elif kind == _DEAL:
            now = {}
            dealer: int | None = getattr(event, "dealer", None)
            dealers.append(dealer)
            scored.append(now)
        elif kind == _WON and dealers:
            won_in.add(len(dealers) - 1)
    return [DealPoints(dealer, i in won_in, scored[i]) for i, dealer in enumerate(dealers)]

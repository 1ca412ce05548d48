"""Itemised scores: every point is an item naming its kind, the cards that made it and its worth."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

from muggins.cards import Card


class Kind(enum.StrEnum):
    """What an item of score is, in the game's own words."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    PAIR_ROYAL = "pair royal"
    DOUBLE_PAIR_ROYAL = "double pair royal"
    FIVE_OF_A_KIND = "five of a kind"
    SIX_OF_A_KIND = "six of a kind"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"
    HIS_HEELS = "his heels"
    GO = "go"
    LAST_CARD = "last card"
    THIRTY_ONE = "thirty-one"
    JACK_OF_TRUMPS = "jack of trumps"
    TRICKS = "tricks"
    PONE_START = "pone's three"
    CLAIMED = "claimed"
    MUGGINS = "muggins"
    BID = "bid"
    CRASH = "crash"


class Item:
    """One scoring combination: its kind, the cards that make it, and its points. Immutable (a
    compiled class with ``Final`` fields rather than a frozen dataclass, for the speed of building
    one, as for events)."""

    kind: Final[Kind]
    cards: Final[tuple[Card, ...]]
    points: Final[int]

    def __init__(self, kind: Kind, cards: tuple[Card, ...], points: int) -> None:
        self.kind, self.cards, self.points = kind, cards, points

    def _key(self) -> tuple[Kind, tuple[Card, ...], int]:
        return self.kind, self.cards, self.points

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Item) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Item(kind={self.kind!r}, cards={self.cards!r}, points={self.points!r})"

    def __reduce__(self) -> tuple[type[Item], tuple[Kind, tuple[Card, ...], int]]:
        return Item, self._key()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"kind": "pair", "cards": ["5H", "5D"], "points": 2}``."""
        return {"kind": str(self.kind), "cards": [str(c) for c in self.cards], "points": self.points}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Item:
        """Inverse of ``to_dict``."""
        from muggins.cards import parse_cards

        return Item(Kind(data["kind"]), parse_cards(data["cards"]), int(data["points"]))


class Score:
    """An itemised score; ``total`` is always the sum of the items' points.

    A score may be ``deferred``: its total known at once from a fast table and its items worked
    out only when someone looks at them, so engines and bots pay for itemising only when shown.
    """

    __slots__ = ("_items", "_make", "_total")

    def __init__(self, items: tuple[Item, ...] = ()) -> None:
        self._items: tuple[Item, ...] | None = items
        self._make: Callable[[], Score] | None = None
        self._total = -1

    @staticmethod
    def deferred(total: int, make: Callable[[], Score]) -> Score:
        """A score whose ``total`` is known and whose items ``make()`` will itemise on demand."""
        score = Score()
        score._items, score._make, score._total = None, make, total
        return score

    @property
    def items(self) -> tuple[Item, ...]:
        if self._items is None:
            assert self._make is not None
            self._items = self._make().items
            self._make = None
        return self._items

    @property
    def total(self) -> int:
        if self._total < 0:
            self._total = sum(item.points for item in self.items)
        return self._total

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self.items == other.items

    def __hash__(self) -> int:
        return hash(self.items)

    def __repr__(self) -> str:
        return f"Score({self.items!r})"

    def __reduce__(self) -> tuple[type[Score], tuple[tuple[Item, ...]]]:
        """Pickled by its items (a deferred score is itemised first: its maker need not pickle)."""
        return Score, (self.items,)

    def __iter__(self) -> Iterator[Item]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __add__(self, other: Score) -> Score:
        return Score(self.items + other.items)

    def of_kind(self, *kinds: Kind) -> tuple[Item, ...]:
        """The items of the given kinds, in order."""
        return tuple(item for item in self.items if item.kind in kinds)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"total": N, "items": [...]}``."""
        return {"total": self.total, "items": [item.to_dict() for item in self.items]}

    @staticmethod
    def of(items: Iterable[Item]) -> Score:
        return Score(tuple(items))

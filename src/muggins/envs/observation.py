"""Fixed-size observation vectors, one per seat, made from that seat's view of the game alone.

The view (``Game.game_view``) is what the rules let a seat see, so no observation can carry a hidden
card. Seats are relative: slot 0 is the observer, slot 1 the next seat in seat order, and so on (4
slots in every game, the unused ones zero). Card planes have one entry per card index (``Card.index``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

import numpy as np
import numpy.typing as npt

from muggins.cards import joker_pack
from muggins.games.base import Game

SEATS: Final = 4
"""Seat slots in an observation, unless the game's layout says more (five-handed cribbage)."""

Vector = npt.NDArray[np.float32]
View = Mapping[str, Any]
T = TypeVar("T")


CARD_INDEX: Final[dict[str, int]] = {str(card): card.index for card in joker_pack()}
"""A card's notation -> its index: views name cards in notation."""


class Encoder:
    """Writes one observation: card planes, then numbers, in the order of the layout tables.
    Only the entries that are not zero are kept until the vector is made."""

    def __init__(self, deck: int, me: int, players: int, seats: int = SEATS) -> None:
        self.deck, self.me, self.players, self.seats = deck, me, players, seats
        self.at = 0
        self.where: list[int] = []
        self.what: list[float] = []

    def rel(self, seat: int) -> int:
        """The observer-relative slot of ``seat``."""
        return (seat - self.me) % self.players

    def cards(self, cards: Iterable[str], weights: Sequence[float] | None = None) -> None:
        """A plane marking ``cards`` (by ``weights`` in order, e.g. play order, else 1)."""
        at = self.at
        for i, text in enumerate(cards):
            self.where.append(at + CARD_INDEX[text])
            self.what.append(1.0 if weights is None else weights[i])
        self.at += self.deck

    def seat_planes(self, by_seat: Sequence[Iterable[str]]) -> None:
        """One card plane per relative seat slot."""
        start = self.at
        for seat, cards in enumerate(by_seat):
            self.at = start + self.rel(seat) * self.deck
            self.cards(cards)
        self.at = start + self.seats * self.deck

    def numbers(self, values: Iterable[float], scale: float = 1.0) -> None:
        for value in values:
            if value:
                self.where.append(self.at)
                self.what.append(float(value) / scale)
            self.at += 1

    def per_seat(self, values: Sequence[float], scale: float = 1.0) -> None:
        """A number per relative seat slot."""
        for seat, value in enumerate(values):
            if value:
                self.where.append(self.at + self.rel(seat))
                self.what.append(float(value) / scale)
        self.at += self.seats

    def seats_in(self, seats: Iterable[int] | None) -> None:
        """A 0/1 flag per relative seat slot: which seats are in ``seats`` (None: none)."""
        for seat in seats or ():
            self.where.append(self.at + self.rel(int(seat)))
            self.what.append(1.0)
        self.at += self.seats

    def one_hot(self, value: object, choices: Sequence[object]) -> None:
        self.where.append(self.at + choices.index(value))
        self.what.append(1.0)
        self.at += len(choices)

    def vector(self) -> Vector:
        out = np.zeros(self.at, dtype=np.float32)
        out.put(self.where, self.what)
        return out


def present(value: T | None) -> list[T]:
    """``[value]``, or ``[]`` for None (a seat or card not there yet)."""
    return [] if value is None else [value]


@dataclass(frozen=True)
class Layout:
    """How one game's views become vectors: its cards run 0 to ``deck - 1``, and ``write`` puts
    a view's planes and numbers into an encoder (each game's is in ``muggins.envs.<game>.layout``)."""

    deck: int
    write: Callable[[View, Encoder], None]
    seats: int = SEATS
    """Seat slots: the most players the game seats."""


def seat_view(game: Game, seat: int) -> View:
    """What ``seat`` may see, as ``Game.view`` gives it, without the parts no observation uses
    (options, the legal moves as text): the game's own part of the view, the seat and the scores."""
    view = game.game_view(seat)
    view["you"], view["scores"] = seat, game.scores
    return view


def observe(layout: Layout, view: View, players: int, picked: Iterable[str] = ()) -> Vector:
    """The observation vector, in the game's ``layout``, of the seat whose ``view`` this is;
    ``picked`` are the cards it has chosen so far towards a move of several cards (a plane of their
    own, first)."""
    return encode(layout, view, players, picked).vector()


def encode(layout: Layout, view: View, players: int, picked: Iterable[str] = ()) -> Encoder:
    """``observe``'s entries, not yet made a vector: many observations can then be written into one
    array at once (the vector form)."""
    out = Encoder(layout.deck, int(view["you"]), players, layout.seats)
    out.cards(picked)
    layout.write(view, out)
    return out

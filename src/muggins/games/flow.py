"""The flow every game shares: the seats in the direction of play, their sides and who has left,
the seats a game is waiting on, and how a game ends. Compiled: the engines ask it on every move.

In the spirit of boardgame.io's turn orders: a game keeps one ``Seating`` and one ``Waiting`` and
says what happens at each step; the bookkeeping of whose input is due is written once, here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from muggins.games.errors import OptionError
from muggins.games.events import Event, GameOver
from muggins.games.result import Result

MAX_SEATS: Final = 5
"""No game of the family seats more than five (five-handed cribbage)."""
SEAT_SETS: Final = tuple(
    frozenset(seat for seat in range(MAX_SEATS) if mask >> seat & 1) for mask in range(1 << MAX_SEATS)
)
"""Every set of seats, by its bit mask: ``to_move`` hands out these, made once."""


def mask_of(seats: Iterable[int]) -> int:
    """``seats`` as a bit mask."""
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


class Seating:
    """The seats in the direction of play, grouped into sides, and which are still playing."""

    def __init__(
        self, players: int, *, direction: int = 1, sides: Sequence[tuple[int, ...]] | None = None
    ) -> None:
        if players > MAX_SEATS:
            raise OptionError(f"no game seats more than {MAX_SEATS} players, not {players}")
        self.players = players
        self.direction = direction
        """1 clockwise (to the left), -1 anticlockwise."""
        self.sides: list[tuple[int, ...]] = list(sides) if sides else [(seat,) for seat in range(players)]
        self.side_of = [0] * players
        for number, side in enumerate(self.sides):
            for seat in side:
                self.side_of[seat] = number
        self.active = list(range(players))
        """The seats still playing, in seat order."""
        self.everyone = mask_of(self.active)
        """``active`` as a bit mask: what a wait on every seat still playing waits on."""

    def next(self, seat: int, step: int = 0) -> int:
        """The next seat still playing after ``seat`` in the direction of play (``step=-1``: before
        it in seat order; ``step=-direction``: before it in the direction of play)."""
        step = step or self.direction
        nxt = (seat + step) % self.players
        if len(self.active) == self.players:  # nobody has left
            return nxt
        while nxt not in self.active:
            nxt = (nxt + step) % self.players
        return nxt

    def order_from(self, first: int) -> list[int]:
        """The seats still playing in the direction of play, starting with ``first``."""
        order = [first]
        while len(order) < len(self.active):
            order.append(self.next(order[-1]))
        return order

    def leave(self, seat: int) -> None:
        """``seat`` plays no more."""
        if seat in self.active:
            self.active.remove(seat)
            self.everyone &= ~(1 << seat)

    def side_active(self, side: int) -> bool:
        """Whether anyone of ``side`` is still playing."""
        return any(seat in self.active for seat in self.sides[side])

    def sides_playing(self) -> list[int]:
        """The sides with someone still playing."""
        return [side for side in range(len(self.sides)) if self.side_active(side)]


class Waiting:
    """The seats whose one input each the game waits for (a discard, a 'ready', a pass of the
    muggins window, or the single seat whose turn it is), as a bit mask."""

    def __init__(self) -> None:
        self.mask = 0

    def on(self, seats: int) -> None:
        """Wait for the seats of the mask ``seats``."""
        self.mask = seats

    def only(self, seat: int) -> None:
        """Wait for ``seat`` alone."""
        self.mask = 1 << seat

    def clear(self) -> None:
        self.mask = 0

    def done(self, seat: int) -> bool:
        """``seat`` has given its input; True when nobody is left to wait for."""
        self.mask &= ~(1 << seat)
        return not self.mask

    def has(self, seat: int) -> bool:
        return bool(self.mask >> seat & 1)

    def lowest(self) -> int:
        """The lowest seat waited for; -1 when nobody is."""
        return (self.mask & -self.mask).bit_length() - 1

    @property
    def seats(self) -> frozenset[int]:
        return SEAT_SETS[self.mask]

    def listed(self) -> list[int]:
        """The seats waited on, in seat order."""
        return [seat for seat in range(MAX_SEATS) if self.mask >> seat & 1]


def game_over(result: Result) -> Event:
    """The event that ends a game with ``result``."""
    return GameOver(result=result.to_dict())


__all__ = ["MAX_SEATS", "SEAT_SETS", "Seating", "Waiting", "game_over", "mask_of"]

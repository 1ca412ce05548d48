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
from muggins.games.cribist.rules import MAX_TRICK_POINTS

SEATS: Final = 4
"""Seat slots in every observation (the most players any game seats)."""

Vector = npt.NDArray[np.float32]
View = Mapping[str, Any]
T = TypeVar("T")


CARD_INDEX: Final[dict[str, int]] = {str(card): card.index for card in joker_pack()}
"""A card's notation -> its index: views name cards in notation."""


class Encoder:
    """Writes one observation: card planes, then numbers, in the order of the layout tables.
    Only the entries that are not zero are kept until the vector is made."""

    def __init__(self, deck: int, me: int, players: int) -> None:
        self.deck, self.me, self.players = deck, me, players
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
        self.at = start + SEATS * self.deck

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
        self.at += SEATS

    def seats_in(self, seats: Iterable[int] | None) -> None:
        """A 0/1 flag per relative seat slot: which seats are in ``seats`` (None: none)."""
        for seat in seats or ():
            self.where.append(self.at + self.rel(int(seat)))
            self.what.append(1.0)
        self.at += SEATS

    def one_hot(self, value: object, choices: Sequence[object]) -> None:
        self.where.append(self.at + choices.index(value))
        self.what.append(1.0)
        self.at += len(choices)

    def vector(self) -> Vector:
        out = np.zeros(self.at, dtype=np.float32)
        out[self.where] = self.what
        return out


def present(value: T | None) -> list[T]:
    """``[value]``, or ``[]`` for None (a seat or card not there yet)."""
    return [] if value is None else [value]


def cribbage(view: View, out: Encoder) -> None:
    """Cribbage: hand, picks, own throw, own crib, starter, pile, played and shown cards; scores
    and state."""
    target = float(view["target"])
    out.cards(view["hand"])
    out.cards(view["discards"])
    out.cards(view["own_crib"])
    out.cards(present(view["starter"]))
    pile = [card for _, card in view["pile"]]
    out.cards(pile, [(k + 1) / 8 for k in range(len(pile))])
    out.seat_planes(view["played"])
    out.cards(c for show in view["shows"] for c in show["cards"])
    out.one_hot(
        view["phase"],
        ("discard", "play", "pre-show", "show", "muggins", "post-show", "over"),
    )
    out.per_seat(view["scores"], target)
    out.numbers(
        [
            target / 121,
            view["count"] / 31,
            view["crib_size"] / 4,
            float(view["muggins_open"]),
        ]
    )
    out.seats_in([view["dealer"]])
    out.seats_in(present(view["turn"]))
    out.seats_in(view["passed"])
    out.seats_in(view["active"])
    out.seats_in(next(side for side in view["sides"] if view["you"] in side))
    out.per_seat(view["hand_sizes"], 10)


SKALBORG_PHASES: Final = (
    "throw",
    "preflop",
    "flop",
    "turn",
    "river",
    "count",
    "hand_over",
    "game_over",
)


def skalborg(view: View, out: Encoder) -> None:
    """Skalborg: own cards and throw, the board, showdown hands; chips, blinds, betting state and
    this hand's betting so far."""
    chips = float(max(1, sum(view["stacks"]) + view["pot"]))
    out.cards(view["cards"])
    out.cards(present(view["thrown"]))
    out.cards(view["board"])
    shown: list[list[str]] = [[] for _ in range(out.players)]
    for entry in view["showdown"]:
        shown[entry["player"]] = entry["cards"]
    out.seat_planes(shown)
    out.one_hot(view["phase"], SKALBORG_PHASES)
    out.per_seat(view["stacks"], chips)
    out.per_seat(view["bets"], chips)
    out.per_seat(view["committed"], chips)
    money = [view["pot"], view["current_bet"], view["small_blind"], view["big_blind"]]
    money += [view.get(k) or 0 for k in ("to_call", "min_raise_to", "max_raise_to")]
    out.numbers(money, chips)
    out.numbers([view["face_down"] / 4])
    out.seats_in([view["dealer"]])
    out.seats_in(present(view["acting"]))
    for key in ("dealt", "folded", "out", "all_in", "thrown_by"):
        out.seats_in(view[key])
    betting_history(view["actions"], out, chips)


STREETS: Final = SKALBORG_PHASES[1:5]
AGGRESSIVE: Final = frozenset({"bet", "raise", "allin"})


def betting_history(actions: list[dict[str, Any]], out: Encoder, chips: float) -> None:
    """This hand's betting, by street and relative seat: chips put in, then bets and raises made."""
    put_in = [[0.0] * SEATS for _ in STREETS]
    raised = [[0.0] * SEATS for _ in STREETS]
    for action in actions:
        street, slot = STREETS.index(action["street"]), out.rel(action["player"])
        put_in[street][slot] += action["chips"]
        raised[street][slot] += action["action"] in AGGRESSIVE
    for row in put_in:
        out.numbers(row, chips)
    for row in raised:
        out.numbers(row, 4)


CRIBIST_PHASES: Final = ("play", "claim", "muggins", "hand over", "over")


def cribist(view: View, out: Encoder) -> None:
    """Cribist: hand, the trick and earlier tricks by seat; trumps, scores, tricks and claims."""
    trick: list[list[str]] = [[] for _ in range(out.players)]
    for seat, card in view["trick"]:
        trick[seat].append(card)
    out.seat_planes(trick)
    played: list[list[str]] = [[] for _ in range(out.players)]
    for done in view["tricks"]:
        for seat, card in done["cards"]:
            played[seat].append(card)
    out.cards(view["hand"])
    out.seat_planes(played)
    out.one_hot(view["phase"], CRIBIST_PHASES)
    out.one_hot(view["trumps"], ("C", "D", "H", "S", None))
    out.per_seat(view["scores"], 100)
    out.per_seat(view["tricks_won"], 13)
    out.per_seat(view["hand_sizes"], 13)
    out.seats_in([view["dealer"]])
    out.seats_in([view["leader"]])
    out.seats_in(present(view["trick_winner"]))
    claim = view["claim"]
    out.seats_in(present(claim and claim["player"]))
    out.numbers([claim["points"] / MAX_TRICK_POINTS if claim else 0.0])
    out.seats_in(view["muggins"] and view["muggins"]["waiting"])


@dataclass(frozen=True)
class Layout:
    """How one game's views become vectors."""

    deck: int
    write: Callable[[View, Encoder], None]


LAYOUTS: Final[dict[str, Layout]] = {
    "cribbage": Layout(52, cribbage),
    "skalborg": Layout(54, skalborg),
    "cribist": Layout(52, cribist),
}


def seat_view(game: Game, seat: int) -> View:
    """What ``seat`` may see, as ``Game.view`` gives it, without the parts no observation uses
    (options, the legal moves as text): the game's own part of the view, the seat and the scores."""
    view = game.game_view(seat)
    view["you"], view["scores"] = seat, game.scores
    return view


def observe(game: str, view: View, players: int, picked: Iterable[str] = ()) -> Vector:
    """The observation vector of the seat whose ``view`` this is; ``picked`` are the cards it has
    chosen so far towards a move of several cards (a plane of their own, first)."""
    layout = LAYOUTS[game]
    out = Encoder(layout.deck, int(view["you"]), players)
    out.cards(picked)
    layout.write(view, out)
    return out.vector()

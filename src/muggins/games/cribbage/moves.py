"""Cribbage's own verbs: ten-hand's ``crib``, laying four cards away as one's own crib, Auction
cribbage's ``bid N`` and ``pass``, and wild jokers' ``joker JKR 5H``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from muggins.cards import Card, CardError, call_text, parse_call
from muggins.games.errors import MoveSyntaxError
from muggins.games.moves import AmountMove, BareMove, CardsMove, Move, move_type


@dataclass(frozen=True, slots=True)
class KeepCrib(CardsMove):
    """Ten-hand cribbage: lay four cards away as one's own crib (``crib 5H 6D 7S 8C``)."""


move_type(KeepCrib, "crib", example="5H 6D 7S 8C")


@dataclass(frozen=True, slots=True)
class Bid(AmountMove):
    """Auction cribbage: offer ``amount`` points off one's own score for this hand's crib."""


move_type(Bid, "bid")


class Pass(BareMove):
    """Auction cribbage: bid no more; the other player has the crib at the last bid."""


move_type(Pass, "pass")


@dataclass(frozen=True, slots=True)
class PlayJoker(Move):
    """Wild jokers: lay ``joker`` in the play called as ``called``, any of the 52 cards that keeps
    the count to 31 (``joker JKR=5H``; ``joker JKR 5H`` and ``joker JKR as 5H`` are read too); it
    counts as that card from then on, in the play and in its holder's show."""

    joker: Card
    called: Card

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        if len(args) == 1 and "=" in args[0]:
            text = args[0]
        elif len(args) == 2 or (len(args) == 3 and args[1].lower() == "as"):
            text = f"{args[0]}={args[-1]}"
        else:
            raise MoveSyntaxError(
                f"'{cls.verb}' takes a joker and the card it is called, e.g. '{cls.verb} JKR=5H'"
            )
        try:
            return cls(*parse_call(text))
        except CardError as exc:
            raise MoveSyntaxError(str(exc)) from None

    def args_text(self) -> str:
        return call_text(self.joker, self.called)


move_type(PlayJoker, "joker", example="JKR=5H")

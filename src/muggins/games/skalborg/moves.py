"""Skalborg's own verbs: the betting (``check``, ``call``, ``fold``, ``allin``, ``bet N``, ``raise N``)
and ``count``, a claim of one combination under "you miss it, you lose it" counting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from muggins.cards import Card, CardError, format_cards, parse_cards
from muggins.games.errors import MoveSyntaxError
from muggins.games.moves import AmountMove, BareMove, Move, move_type
from muggins.scoring.items import Kind


class Check(BareMove):
    """Bet nothing when nothing is owed."""


move_type(Check, "check")


class Call(BareMove):
    """Put in what is owed to match the highest bet."""


move_type(Call, "call")


class Fold(BareMove):
    """Give up the hand and any claim on the pot."""


move_type(Fold, "fold")


class AllIn(BareMove):
    """Put in every chip one holds."""


move_type(AllIn, "allin")


@dataclass(frozen=True, slots=True)
class Bet(AmountMove):
    """Open the betting with ``amount`` chips."""


move_type(Bet, "bet")


@dataclass(frozen=True, slots=True)
class Raise(AmountMove):
    """Raise the bet to a total of ``amount`` chips this round."""


move_type(Raise, "raise")


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

"""Skalborg's betting verbs: ``check``, ``call``, ``fold``, ``allin``, ``bet N``, ``raise N``."""

from __future__ import annotations

from dataclasses import dataclass

from muggins.games.moves import AmountMove, BareMove, move_type


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

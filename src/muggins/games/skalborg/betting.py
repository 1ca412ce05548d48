"""One Skalborg betting round, as in Hold 'Em: check, bet, call, raise, fold and all-in under
no-limit, pot-limit or fixed-limit, with minimum raises and short all-ins that do not reopen.

The round knows the table (stacks, folds, what is already in the pot) through ``Table``; it keeps
only what belongs to the round: the bets, the level to match, the last full raise and who has acted.
"""

from __future__ import annotations

import enum
from typing import Final

from muggins.games.moves import Move
from muggins.games.skalborg.moves import AllIn, Bet, Call, Check, Fold, Raise

FIXED_LIMIT_CAP: Final = 4
"""Fixed-limit: at most four bets a round (a bet and three raises; the blind counts before the flop)."""
_CHECK: Final = Check()
_FOLD: Final = Fold()
_CALL: Final = Call()
_ALL_IN: Final = AllIn()
"""The moves without an amount, made once: moves are immutable, and the legal moves list them on
every turn."""
_BETS: Final[dict[int, Move]] = {}
_RAISES: Final[dict[int, Move]] = {}
SIZED_KEPT: Final = 4096
"""Bets and raises listed, kept by their total to be listed again (moves are immutable); each
table is emptied when it holds this many, so a process's chip counts cannot grow it."""


def _sized(bet: bool, total: int) -> Move:
    """The bet (or raise) to ``total``: the one kept, else made and kept."""
    kept = _BETS if bet else _RAISES
    found = kept.get(total)
    if found is None:
        if len(kept) >= SIZED_KEPT:
            kept.clear()
        found = kept[total] = Bet(total) if bet else Raise(total)
    return found


class Limit(enum.StrEnum):
    """How much a bet or raise may be."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class Table:
    """The chips of one hand: what each seat holds behind, has committed this hand, and who folded.
    (A plain class: a dataclass's generated ``__init__`` stays interpreted under mypyc.)"""

    stacks: list[int]
    committed: list[int]
    folded: set[int]
    dealt: list[int]
    """Seats dealt in, from the dealer's left round to the dealer."""

    def __init__(self, stacks: list[int], committed: list[int], folded: set[int], dealt: list[int]) -> None:
        self.stacks, self.committed, self.folded, self.dealt = stacks, committed, folded, dealt

    def live(self, seat: int) -> bool:
        """In the hand, not folded, with chips behind: a seat that can still act."""
        return seat in self.dealt and seat not in self.folded and self.stacks[seat] > 0

    def put(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.committed[seat] += chips


class Round:
    """One betting round (``street``: preflop, flop, turn or river). A plain class, as ``Table``."""

    street: str
    limit: Limit
    big_blind: int
    bets: list[int]
    current: int
    """The bet every contender must match."""
    min_raise: int
    """The smallest raise increment allowed (the last full bet or raise)."""
    raises: int
    acted: set[int]
    forced: bool
    """Before the flop nobody may fold to the blinds alone."""

    def __init__(
        self,
        street: str,
        limit: Limit,
        big_blind: int,
        bets: list[int],
        *,
        current: int = 0,
        min_raise: int = 0,
        raises: int = 0,
        forced: bool = False,
    ) -> None:
        self.street, self.limit, self.big_blind, self.bets = street, limit, big_blind, bets
        self.current, self.min_raise, self.raises, self.forced = current, min_raise, raises, forced
        self.acted = set()

    @property
    def fixed_size(self) -> int:
        """Fixed-limit bet size: the big blind before the flop and on the flop, double after."""
        return self.big_blind if self.street in ("preflop", "flop") else 2 * self.big_blind

    def owed(self, seat: int) -> int:
        return self.current - self.bets[seat]

    def needs_action(self, table: Table, seat: int) -> bool:
        """Whether ``seat`` must still act: it owes chips, or has not acted and someone could answer."""
        if not table.live(seat):
            return False
        if self.owed(seat) > 0:
            return True
        return seat not in self.acted and any(table.live(o) for o in table.dealt if o != seat)

    def can_fold(self, table: Table, seat: int) -> bool:
        return self.owed(seat) > 0 and not (self.forced and self.current <= self.big_blind)

    def can_raise(self, table: Table, seat: int) -> bool:
        """A bet or raise is open to ``seat``: it has more than the call, has not acted since the
        last full raise, someone can still answer, and (fixed-limit) the cap is not reached."""
        if table.stacks[seat] <= self.owed(seat) or seat in self.acted:
            return False
        if not any(table.live(o) for o in table.dealt if o != seat):
            return False
        return not (self.limit is Limit.FIXED_LIMIT and self.raises >= FIXED_LIMIT_CAP)

    def raise_bounds(self, table: Table, seat: int) -> tuple[int, int]:
        """The smallest and largest full bet or raise (as this round's total for ``seat``); an all-in
        below the smallest is also allowed."""
        all_in = self.bets[seat] + table.stacks[seat]
        if self.limit is Limit.FIXED_LIMIT:
            target = self.current + self.fixed_size
            return target, target
        smallest = self.current + max(self.min_raise, self.big_blind)
        if self.limit is Limit.POT_LIMIT:
            pot = sum(table.committed) + self.owed(seat)
            return smallest, min(all_in, self.current + pot)
        return smallest, all_in

    def legal(self, table: Table, seat: int) -> list[Move]:
        """The legal moves, with representative amounts: the minimum, the pot and all-in."""
        moves: list[Move] = []
        owed = self.owed(seat)
        if owed == 0:
            moves.append(_CHECK)
        if self.can_fold(table, seat):
            moves.append(_FOLD)
        if owed > 0:
            moves.append(_CALL)
        if not self.can_raise(table, seat):
            return moves
        all_in = self.bets[seat] + table.stacks[seat]
        low, high = self.raise_bounds(table, seat)
        pot_sized = self.current + sum(table.committed) + owed
        for total in sorted({low, min(max(pot_sized, low), high)}):
            if total < all_in and total <= high:
                moves.append(_sized(self.current == 0, total))
        if all_in <= high:
            moves.append(_ALL_IN)
        return moves

    def illegal_reason(self, table: Table, seat: int, move: Move) -> str | None:
        """Why ``move`` is not allowed to ``seat`` now, in words; None when it is."""
        owed = self.owed(seat)
        stack = table.stacks[seat]
        if isinstance(move, Check):
            return None if owed == 0 else f"you cannot check: {owed} to call"
        if isinstance(move, Call):
            return None if owed > 0 else "there is nothing to call: check or bet"
        if isinstance(move, Fold):
            if owed == 0:
                return "you cannot fold when you can check for nothing"
            if not self.can_fold(table, seat):
                return "before the flop nobody may fold to the blinds: call or raise"
            return None
        if isinstance(move, AllIn):
            total = self.bets[seat] + stack
            if total <= self.current:
                return None
            return self._raise_reason(table, seat, total, "go all-in")
        if isinstance(move, Bet | Raise):
            if isinstance(move, Bet) and self.current > 0:
                return f"there is already a bet of {self.current}: raise (to a total) instead"
            if isinstance(move, Raise) and self.current == 0:
                return "there is no bet to raise: bet instead"
            return self._raise_reason(table, seat, move.amount, move.verb)
        return f"'{move.verb}' is not a betting move"

    def _raise_reason(self, table: Table, seat: int, total: int, what: str) -> str | None:
        all_in = self.bets[seat] + table.stacks[seat]
        if not self.can_raise(table, seat):
            if table.stacks[seat] <= self.owed(seat):
                return f"you cannot {what}: you have only {table.stacks[seat]} chips, so call to go all-in"
            if seat in self.acted:
                return f"you cannot {what}: nobody has made a full raise since you acted (call or fold)"
            if self.limit is Limit.FIXED_LIMIT and self.raises >= FIXED_LIMIT_CAP:
                return f"you cannot {what}: the betting is capped at {FIXED_LIMIT_CAP} bets this round"
            return f"you cannot {what}: nobody is left to call it"
        if total > all_in:
            return f"you cannot {what} to {total}: you have only {all_in} in all"
        low, high = self.raise_bounds(table, seat)
        if total > high:
            return f"you cannot {what} to {total}: the most allowed is {high}"
        if total < low and total != all_in:
            return f"you cannot {what} to {total}: the minimum is {low}"
        return None

    def apply(self, table: Table, seat: int, move: Move) -> tuple[str, int]:
        """Make a validated move; return what it was (check, call, bet, raise, fold, allin) and the
        chips it put in."""
        if isinstance(move, Fold):
            table.folded.add(seat)
            return "fold", 0
        if isinstance(move, Check):
            self.acted.add(seat)
            return "check", 0
        if isinstance(move, Call):
            return "call", self._put_to(table, seat, min(self.current, self.bets[seat] + table.stacks[seat]))
        if isinstance(move, AllIn):
            total, action = self.bets[seat] + table.stacks[seat], "allin"
        elif isinstance(move, Bet | Raise):
            total, action = move.amount, move.verb
        else:
            raise ValueError(f"'{move.verb}' is not a betting move")
        if total <= self.current:
            return action, self._put_to(table, seat, total)
        increment = total - self.current
        full = self.fixed_size if self.limit is Limit.FIXED_LIMIT else max(self.min_raise, self.big_blind)
        chips = self._put_to(table, seat, total)
        if increment >= full:
            self.min_raise = increment
            self.raises += 1
            self.acted = {seat}
        self.current = total
        return action, chips

    def _put_to(self, table: Table, seat: int, total: int) -> int:
        chips = total - self.bets[seat]
        table.put(seat, chips)
        self.bets[seat] = total
        self.acted.add(seat)
        return chips

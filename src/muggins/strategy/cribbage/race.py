"""The end of a two-player play played for the game rather than the points: each side lays for its
chance to win. Whoever reaches the target first wins at once, in the middle of the play too; a play
that ends with nobody there is worth the chance to win from its scores (``Race.after``: the pone's
show, then the dealer's hand and crib, then the deals after, from ``winchance``). Every card is
known in a search (one holding of the other's at a time, averaged as ``play.play_values`` averages
margins), so it suits the end of a play, where ``play`` searches too.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from muggins.strategy.cribbage.play import (
    LIMIT,
    SEARCHING,
    VALUE,
    Ranks,
    fitting,
    hand_code,
    hand_without,
    pile_start,
    state_after,
    state_count,
    state_lays,
    state_points,
)
from muggins.strategy.cribbage.winchance import TARGET, WinChance


class Race:
    """The scores as a decision is made (mine, the other's) and my chance to win from the scores a
    play ends on (``after[mine * TARGET + theirs]``, both below the target: one array of doubles,
    which the C searches read in place)."""

    def __init__(self, mine: int, theirs: int, after: array[float]) -> None:
        if not (0 <= mine < TARGET and 0 <= theirs < TARGET):
            raise ValueError(f"a race is played below {TARGET}: not {mine} against {theirs}")
        if after.typecode != "d" or len(after) != TARGET * TARGET:
            raise ValueError(f"a race's chances are {TARGET} x {TARGET} doubles, mine by theirs")
        self.mine = mine
        self.theirs = theirs
        self.after = after

    @classmethod
    def from_rows(cls, mine: int, theirs: int, rows: Sequence[Sequence[float]]) -> Race:
        """The race with the chances given as rows (``rows[mine][theirs]``)."""
        return cls(mine, theirs, array("d", [chance for row in rows for chance in row]))


def race(win: WinChance, mine: int, theirs: int, *, dealing: bool, show: int) -> Race:
    """The race from ``mine`` against ``theirs`` for the seat that deals (``dealing``) or not, whose
    kept hand shows ``show`` with the starter; the other's show and the crib as ``win`` has them."""
    return Race(mine, theirs, _after(win, dealing, show))


@functools.lru_cache(maxsize=24)
def _after(win: WinChance, dealing: bool, show: int) -> array[float]:
    """My chance to win from each pair of scores a play ends on (mine, theirs): the pone's show
    counts first, then the dealer's hand and crib; then the next deal, dealt by the other. Kept
    for the seats and shows most recently raced (58 can be made): 117 KB each as doubles.

    Each show of theirs moves their score along a row, so its chances are a slice of one block of
    rows, shifted, and nothing past the target (where they have won): the same sums, in the same
    order, as looking each pair of scores up."""
    last = TARGET - 1
    rows = np.minimum(np.arange(TARGET) + show, last if not dealing else 2 * TARGET - 1)
    block = _crib_to_come(win)[rows] if dealing else win.dealer_wins[rows]
    shows = win.pone_show if dealing else win.dealer_show
    after = np.zeros((TARGET, TARGET))
    for shown, q in shows.items():  # the pone shows first if I deal; else the dealer, then the crib
        if shown < TARGET:
            after[:, : TARGET - shown] += q * block[:, shown:]
    if not dealing:  # my show first: I may have won with it
        after = np.where(np.arange(TARGET)[:, None] + show >= TARGET, 1.0, after)
    return array("d", np.clip(after, 0.0, 1.0).tobytes())


@functools.lru_cache(maxsize=4)
def _crib_to_come(win: WinChance) -> npt.NDArray[np.float64]:
    """``[a, b]``: the dealer's chance with ``a`` points before the crib is counted (to twice the
    target, so a hand's show can be added to any score) against the pone's ``b``."""
    last = TARGET - 1
    dealer = np.arange(2 * TARGET)[:, None]
    pone = np.arange(TARGET)[None, :]
    chance = np.zeros((2 * TARGET, TARGET))
    for crib, c in win.crib.items():
        me = dealer + crib
        chance += c * np.where(me >= TARGET, 1.0, 1.0 - win.dealer_wins[pone, np.minimum(me, last)])
    return chance


def race_values(
    state: Race, hand: Ranks, pile: Ranks, go: bool, others: Iterable[tuple[Ranks, float]]
) -> dict[int, float]:
    """For each rank the seat may lay from ``hand`` on ``pile``, its chance to win the game, averaged
    over the other player's possible ``holdings`` with their weights, each searched with every card
    known, both sides laying for the game. ``go``: the other has said go on this count."""
    with SEARCHING:
        start = pile_start(pile)
        legal = fitting(hand, state_lays(start))
        mine = hand_code(hand)
        search = _Search(state)
        sums = dict.fromkeys(legal, 0.0)
        total = 0.0
        for held, weight in others:
            total += weight
            theirs = hand_code(held)
            for rank in legal:
                sums[rank] += weight * search.lay(
                    mine, theirs, start, go, True, state.mine, state.theirs, rank
                )
    if not total:
        raise ValueError("no holding of the other player is possible")
    return {rank: value / total for rank, value in sums.items()}


class _Search:
    """One race searched, on the codes ``play`` searches with: positions remembered with both
    scores, my chance to win from each."""

    def __init__(self, state: Race) -> None:
        self.after = state.after
        self.memo: dict[int, float] = {}

    def lay(  # noqa: PLR0917 (the search's step: every part of a position)
        self, me: int, them: int, pile: int, go: bool, my_turn: bool, mine: int, theirs: int, rank: int
    ) -> float:
        """My chance after the side to lay (me, if ``my_turn``) lays ``rank`` (held, and fitting)."""
        rest = hand_without(me if my_turn else them, rank)
        total = state_count(pile) + VALUE[rank]
        points = state_points(pile, rank)
        last = not rest and not (them if my_turn else me)
        if last and total != LIMIT:
            points += 1  # the last card (a 31 has scored its own two)
        if my_turn:
            me, mine = rest, mine + points
            if mine >= TARGET:
                return 1.0
        else:
            them, theirs = rest, theirs + points
            if theirs >= TARGET:
                return 0.0
        if last:
            return self.after[mine * TARGET + theirs]
        if total == LIMIT:  # the other leads the next count
            return self.position(me, them, 0, False, not my_turn, mine, theirs)
        # after the other's go the mover lays on alone; else the other lays next
        return self.position(me, them, state_after(pile, rank), go, my_turn == go, mine, theirs)

    def position(  # noqa: PLR0917 (as lay)
        self, me: int, them: int, pile: int, go: bool, my_turn: bool, mine: int, theirs: int
    ) -> float:
        """My chance from a position, the side to lay choosing best for itself."""
        key = (((pile << 2 | go << 1 | my_turn) << 32 | me << 16 | them) << 14) | mine << 7 | theirs
        found = self.memo.get(key)
        if found is not None:
            return found
        if not me and not them:
            return self.after[mine * TARGET + theirs]
        mover = me if my_turn else them
        best = -1.0 if my_turn else 2.0
        previous = 0
        while mover:
            rank = mover & 15
            if rank != previous and state_points(pile, rank) >= 0:
                chance = self.lay(me, them, pile, go, my_turn, mine, theirs, rank)
                best = max(best, chance) if my_turn else min(best, chance)
            previous = rank
            mover >>= 4
        if best < 0.0 or best > 1.0:  # the mover cannot lay
            if not go:  # the mover says go
                best = self.position(me, them, pile, True, not my_turn, mine, theirs)
            else:  # neither can lay: the mover laid the last card and takes the go; the other leads
                point = 1 if pile else 0
                if my_turn:
                    mine += point
                else:
                    theirs += point
                if mine >= TARGET or theirs >= TARGET:
                    best = 1.0 if mine >= TARGET else 0.0
                else:
                    best = self.position(me, them, 0, False, not my_turn, mine, theirs)
        self.memo[key] = best
        return best

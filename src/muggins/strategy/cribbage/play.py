"""The play on ranks: what laying each rank on a pile pegs, and the exact value of the rest of a
two-player play.

Only ranks matter in the play (suits score nothing there), so everything here works on ranks 1-13
and is cached. ``rest_of_play`` searches the rest of the play to its end with every card known:
each player lays to make the most for themselves less what the other makes (fifteens, thirty-ones,
pairs, runs, the go and the last card). ``play_values`` is that search averaged over every holding
the other player could have, given what the seat has seen: the value of each card it may lay.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterable, Sequence
from typing import Final

_SETS: Final = (0, 0, 2, 6, 12, 20, 30)
"""Points for the run of equal ranks ending a pile, by its length (five and six of a kind: wild jokers)."""

Ranks = tuple[int, ...]

VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""A rank's counting value (ace 1 ... court cards 10), indexed by rank 1-13."""

LIMIT: Final = 31

MEMO_LIMIT = 2_000_000
"""Positions (and piles) the search keeps; past this a table is cleared (a few hundred MB at most)."""
LAYS_KEPT: Final = 1 << 14
"""Piles whose points for every rank are kept (``lay_points_at``); past this they are forgotten."""

WIDE: Final = 1000
"""Beyond any margin a play can make: the search's open window."""


def play_points(pile: Ranks, rank: int) -> int:
    """Points for laying a card of ``rank`` on ``pile`` (ranks laid since the count was reset):
    fifteen or thirty-one, pairs, runs; equal to ``score_play(...).total`` for those ranks."""
    return lay_points(pile)[rank]


def pile_count(pile: Ranks) -> int:
    """The count of the ranks laid since the reset."""
    count = 0
    for laid in pile:
        count += VALUE[laid]
    return count


def lay_points(pile: Ranks) -> tuple[int, ...]:
    """For each rank 1-13 (index 0 unused), the points for laying it on ``pile``; -1 if it would
    pass 31."""
    return lay_points_at(*live_pile(pile))


def pile_end(pile: Ranks) -> Ranks:
    """The end of ``pile`` that later cards can score with, the count aside (``pile_suffix``)."""
    end: Ranks = ()
    for rank in pile:
        end = pile_suffix(end, rank)
    return end


def live_pile(pile: Ranks) -> tuple[Ranks, int]:
    """A pile given whole (the ranks laid since the count was reset) as the searches keep it: its
    live end (``live_end``) and its count."""
    count = pile_count(pile)
    return live_end(pile_end(pile), count), count


def live_after(end: Ranks, count: int, rank: int) -> tuple[Ranks, int]:
    """The live end and the count once ``rank`` is laid on the live end ``end`` at ``count``."""
    total = count + VALUE[rank]
    return live_end(pile_suffix(end, rank), total), total


_LAYS: Final[dict[tuple[Ranks, int], tuple[int, ...]]] = {}


def lay_points_at(pile: Ranks, count: int) -> tuple[int, ...]:
    """``lay_points`` with the count given: ``pile`` need only be the end of the cards laid since
    the reset that later cards can score with (the run of equal ranks, or of distinct ranks)."""
    found = _LAYS.get((pile, count))
    if found is None:
        if len(_LAYS) >= LAYS_KEPT:
            _LAYS.clear()
        found = _LAYS[pile, count] = _lay_points(pile, count)
    return found


def _lay_points(pile: Ranks, count: int) -> tuple[int, ...]:
    last = pile[-1] if pile else 0
    same = 0
    while same < len(pile) and pile[-1 - same] == last:
        same += 1
    # Suffixes of distinct ranks (length >= 2) with their lowest and highest rank; a rank m makes a
    # run of length L + 1 with the last L cards if it is not among them and fills the gap exactly.
    position = [0] * 14  # how far from the end each rank was last laid (0: not laid)
    for back, rank in enumerate(reversed(pile), start=1):
        if not position[rank]:
            position[rank] = back
    stretches = []
    low, high, seen = 14, 0, set()
    for length, rank in enumerate(reversed(pile), start=1):
        if rank in seen:
            break
        seen.add(rank)
        low, high = min(low, rank), max(high, rank)
        if length >= 2:
            stretches.append((length, low, high))
    stretches.reverse()
    points = [-1] * 14
    for rank in range(1, 14):
        total = count + VALUE[rank]
        if total > LIMIT:
            continue
        got = 2 if total in (15, LIMIT) else 0
        if rank == last:
            got += _SETS[min(same + 1, 6)]
        where = position[rank] or 99
        for length, lo, hi in stretches:
            if where > length and max(hi, rank) - min(lo, rank) == length:
                got += length + 1
                break
        points[rank] = got
    return tuple(points)


def run_out(pile: Ranks, ranks: Ranks) -> int:
    """The most a player can peg laying from ``ranks`` alone on ``pile`` (nobody else can lay), with
    the go (or last card) point for the last card unless it makes 31."""
    return _run_out(*live_pile(pile), ranks)


@functools.lru_cache(maxsize=1 << 13)
def _run_out(end: Ranks, count: int, ranks: Ranks) -> int:
    """``run_out`` from the pile's live end and count: piles alike there run out alike, so they
    share an entry."""
    points = lay_points_at(end, count)
    best = -1
    for i, rank in enumerate(ranks):
        if points[rank] >= 0 and rank not in ranks[:i]:
            rest = ranks[:i] + ranks[i + 1 :]
            best = max(best, points[rank] + _run_out(*live_after(end, count, rank), rest))
    if best >= 0:
        return best
    return 0 if count in (0, LIMIT) else 1  # nothing laid yet, or 31: no go


def pile_suffix(pile: Ranks, rank: int) -> Ranks:
    """The part of ``pile`` + ``rank`` that later cards can score with (the count aside): the run of
    equal ranks at its end when the last two are equal, else its longest end of distinct ranks."""
    if pile and pile[-1] == rank:
        same = 1
        while same < len(pile) and pile[-1 - same] == rank:
            same += 1
        return (rank,) * (same + 1)
    end = len(pile)
    start = end
    while start > 0 and pile[start - 1] != rank and pile[start - 1] not in pile[start:end]:
        start -= 1
    return (*pile[start:end], rank)


def live_end(suffix: Ranks, count: int) -> Ranks:
    """The part of a pile's ``suffix`` (at ``count``) that can still score: ranks laid before it
    could only ever be in a run with cards to come if those filled its gaps, and the gaps are worth
    more than the count leaves (31 - count). Piles that differ only before it score alike from
    here on, so they are one state of the search."""
    if len(suffix) < 2 or suffix[-1] == suffix[-2]:
        return suffix  # a pair's end (or one card): all of it counts
    room = LIMIT - count
    for start in range(len(suffix) - 1):  # distinct ranks: the longest end first
        end = suffix[start:]
        gaps = sum(VALUE[rank] for rank in range(min(end) + 1, max(end)) if rank not in end)
        if gaps <= room:
            return end
    return suffix[-1:]


def rest_of_play(mover: Ranks, other: Ranks, pile: Ranks, go: bool) -> int:
    """The rest of a two-player play with both hands known (four cards each at most), played best
    by both: the points the player to lay (holding the ranks ``mover``) makes from here, less the
    other's. ``go``: the other has said go on this count."""
    with SEARCHING:
        _make_room()
        return _rest(hand_code(mover), hand_code(other), _start(pile), go, -WIDE, WIDE)


def lay_value(mover: Ranks, other: Ranks, pile: Ranks, go: bool, rank: int) -> int:
    """What laying ``rank`` (held in ``mover``, and legal on ``pile``) is worth to the player to lay:
    its points now plus the rest of the play, theirs less the other's. ``go``: the other player has
    said go on this count, so the mover lays on alone."""
    with SEARCHING:
        _make_room()
        start = _start(pile)
        rest = hand_without(hand_code(mover), rank)
        return _lay(rest, hand_code(other), start, go, rank, _POINTS[start * 14 + rank], -WIDE, WIDE)


def pile_start(pile: Ranks) -> int:
    """The number of a pile's state, for a search on codes (``race``, ``counterplay``), which holds
    ``SEARCHING`` from here to its end: good until the next search starts (this one may clear the
    tables first)."""
    with SEARCHING:
        _make_room()
        return _start(pile)


def start_afresh() -> None:
    """Empty the shared tables (pile states and positions), once no search is under way: the
    memory back, and the next search starts cold."""
    with SEARCHING:
        _NUMBERINGS[0] += 1
        _MEMO.clear()
        _PILES.clear()
        del _SUFFIX[:], _COUNT[:], _POINTS[:], _AFTER[:]
        _pile_state((), 0)  # state 0: the empty pile


def state_points(state: int, rank: int) -> int:
    """The points ``rank`` makes laid on the pile's state; -1 where it would pass 31."""
    return _POINTS[state * 14 + rank]


def state_count(state: int) -> int:
    """The count of the pile's state."""
    return _COUNT[state]


def state_lays(state: int) -> list[int]:
    """For each rank 1-13 (index 0 unused), the points it makes laid on the pile's state; -1 where
    it would pass 31 (``lay_points`` of the pile)."""
    return _POINTS[state * 14 : state * 14 + 14]


# The search works on codes, not tuples: a hand is its ranks in ascending order, four bits each
# (the lowest first); a pile is the number of its state (the end of it later cards can score with,
# and the count), with the points each rank makes on it and the state each rank leads to; a
# position is one number made of the two hands, the pile's state and the go. The tables hold only
# numbers (flat lists, by state * 14 + rank), so the garbage collector has nothing in them to walk.
HAND_CARDS: Final = 4
"""The most cards a coded hand holds (``hand_code``: a rank in each four bits of 16)."""
_PILES: Final[dict[int, int]] = {}  # a pile's end (``hand_code`` bits, in order laid) and count -> state
_SUFFIX: Final[list[int]] = []
_COUNT: Final[list[int]] = []
_POINTS: Final[list[int]] = []
_AFTER: Final[list[int]] = []
_MEMO: Final[dict[int, int]] = {}
_NUMBERINGS: Final[list[int]] = [0]  # how many times the pile states were numbered afresh
SEARCHING: Final = threading.RLock()
"""Held through every search on the tables above, which every thread shares: a search must not see
them started afresh, or grown, by another thread's (the server reviews games in threads)."""


def numbering() -> int:
    """Which numbering of the pile states is in use: a table keyed by state numbers holds while this
    is unchanged (the numbers start afresh when the tables are full)."""
    return _NUMBERINGS[0]


def _make_room() -> None:
    """Start the tables afresh when they hold ``MEMO_LIMIT`` entries (only between searches: a
    search in progress holds pile states by number)."""
    if len(_MEMO) >= MEMO_LIMIT or len(_SUFFIX) >= MEMO_LIMIT or not _SUFFIX:
        start_afresh()


def _pile_state(suffix: Ranks, count: int) -> int:
    suffix = live_end(suffix, count)
    code = 0
    for rank in suffix:
        code = code << 4 | rank
    key = code << 5 | count
    found = _PILES.get(key)
    if found is None:
        found = _PILES[key] = len(_SUFFIX)
        _SUFFIX.append(code)
        _COUNT.append(count)
        _POINTS.extend(_lay_points(suffix, count))
        _AFTER.extend([-1] * 14)
    return found


def _suffix(state: int) -> Ranks:
    """The end of the pile of a state, as ranks in the order laid."""
    code = _SUFFIX[state]
    ranks = []
    while code:
        ranks.append(code & 15)
        code >>= 4
    return tuple(reversed(ranks))


def _start(pile: Ranks) -> int:
    """The state of a pile given whole."""
    return _pile_state(pile_end(pile), pile_count(pile))


def state_after(pile: int, rank: int) -> int:
    """The pile's state after ``rank`` is laid on state ``pile`` (and does not make 31)."""
    at = pile * 14 + rank
    found = _AFTER[at]
    if found < 0:
        found = _AFTER[at] = _pile_state(pile_suffix(_suffix(pile), rank), _COUNT[pile] + VALUE[rank])
    return found


def hand_code(ranks: Ranks) -> int:
    """A hand of four cards at most as the searches code it."""
    if len(ranks) > HAND_CARDS:
        raise ValueError(f"the search takes hands of {HAND_CARDS} cards at most, not {len(ranks)}")
    code = 0
    for rank in sorted(ranks, reverse=True):
        code = code << 4 | rank
    return code


def hand_ranks(code: int) -> Ranks:
    """The ranks of a coded hand, ascending (``hand_code`` undone)."""
    ranks = []
    while code:
        ranks.append(code & 15)
        code >>= 4
    return tuple(ranks)


def hand_without(hand: int, rank: int) -> int:
    """A coded hand less one card of ``rank`` (which it holds)."""
    shift = 0
    while (hand >> shift) & 15 != rank:
        shift += 4
    return _drop(hand, shift)


def _drop(hand: int, shift: int) -> int:
    """A coded hand less the card ``shift`` bits up."""
    return (hand & ((1 << shift) - 1)) | ((hand >> (shift + 4)) << shift)


def _lay(  # noqa: PLR0917 (the search's inner step: positional, as mypyc calls it fastest)
    rest: int, other: int, pile: int, go: bool, rank: int, points: int, alpha: int, beta: int
) -> int:
    """The value of laying ``rank`` (``rest``: the mover's hand after it) on state ``pile``, exact
    where it falls strictly between ``alpha`` and ``beta``, else a bound on that side."""
    total = _COUNT[pile] + VALUE[rank]
    if not rest and not other:
        return points + (0 if total == LIMIT else 1)  # the last card (a 31 has scored its own two)
    if total == LIMIT:  # the other leads the next count
        return points - _rest(other, rest, 0, False, points - beta, points - alpha)
    after = state_after(pile, rank)
    if go:
        return points + _rest(rest, other, after, True, alpha - points, beta - points)
    return points - _rest(other, rest, after, False, points - beta, points - alpha)


def _rest(  # noqa: PLR0917 (as _lay)
    mover: int, other: int, pile: int, go: bool, alpha: int, beta: int
) -> int:
    """``rest_of_play`` on codes, searched with the window ``alpha``-``beta`` (fail-soft alpha-beta):
    exact strictly inside it, else a bound on that side. Only exact values are remembered."""
    key = ((pile << 1 | go) << 32) | mover << 16 | other
    found = _MEMO.get(key)
    if found is not None:
        return found
    if not mover and not other:
        return 0
    lays = pile * 14
    best = -WIDE
    low = alpha
    shift = 0
    previous = 0
    while mover >> shift:
        rank = (mover >> shift) & 15
        points = _POINTS[lays + rank]
        if points >= 0 and rank != previous:
            value = _lay(_drop(mover, shift), other, pile, go, rank, points, low, beta)
            if value > best:
                best = value
                if value >= beta:
                    return best  # the other will not allow this: a bound, not remembered
                low = max(low, value)
        previous = rank
        shift += 4
    if best == -WIDE:
        if go:  # neither can lay: the mover laid the last card and takes the go; the other leads next
            point = 1 if pile else 0
            best = point - _rest(other, mover, 0, False, point - beta, point - alpha)
        else:
            best = -_rest(other, mover, pile, True, -beta, -alpha)  # the mover says go
    if alpha < best < beta:
        _MEMO[key] = best
    return best


def holdings(unseen: Sequence[int], size: int, lowest: int = 1) -> list[tuple[Ranks, float]]:
    """Every holding of ``size`` cards the other player could have, as sorted ranks with its weight:
    the number of ways to hold those ranks among the unseen cards (``unseen[r - 1]`` of rank r), all
    cards equally likely. Ranks worth less than ``lowest`` are ruled out (a go at count c showed the
    player held nothing worth 31 - c or less)."""
    ranks = [r for r in range(1, 14) if VALUE[r] >= lowest and unseen[r - 1] > 0]
    found: list[tuple[Ranks, float]] = []

    def extend(start: int, held: list[int], weight: float) -> None:
        if len(held) == size:
            found.append((tuple(held), weight))
            return
        for at in range(start, len(ranks)):
            rank = ranks[at]
            have = held.count(rank)
            if have < unseen[rank - 1]:
                # one more of this rank: C(n, k + 1) / C(n, k) = (n - k) / (k + 1)
                held.append(rank)
                extend(at, held, weight * (unseen[rank - 1] - have) / (have + 1))
                held.pop()

    extend(0, [], 1.0)
    return found


def fitting(hand: Ranks, lays: Sequence[int]) -> list[int]:
    """The distinct ranks of ``hand`` that may be laid (``lays``: ``lay_points_at`` the pile), in order."""
    return sorted({rank for rank in hand if lays[rank] >= 0})


def play_values(
    hand: Ranks, pile: Ranks, go: bool, others: Iterable[tuple[Ranks, float]]
) -> dict[int, float]:
    """For each rank the seat may lay from ``hand`` on ``pile``, its value (points pegged from now
    to the end of the play, mine less the other's), averaged over the other player's possible
    ``holdings`` with their weights; each is searched as if every card were known."""
    with SEARCHING:
        _make_room()
        start = _start(pile)
        lays = state_lays(start)
        legal = fitting(hand, lays)
        mine = hand_code(hand)
        rests = [hand_without(mine, rank) for rank in legal]
        sums = [0.0] * len(legal)
        total = 0.0
        for held, weight in others:
            total += weight
            theirs = hand_code(held)
            for at, rank in enumerate(legal):
                sums[at] += weight * _lay(rests[at], theirs, start, go, rank, lays[rank], -WIDE, WIDE)
    if not total:
        raise ValueError("no holding of the other player is possible")
    return {rank: sums[at] / total for at, rank in enumerate(legal)}

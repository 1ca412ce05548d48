"""The rest of a play at a table of three or four (or two), every card known: each seat lays for its
side's points less the other sides' mean (max-n: each mover maximises its own side's margin), by
the engine's rules of the play at any table: a seat that cannot lay says go and is passed over until
the count is reset; when every seat has said go the last to lay takes the go point and the seat after
it leads; a 31 resets the count and the seat after the one that made it leads; the last card of all
takes a point unless it made 31.

Only ranks matter, as in ``play`` (whose two-player search is the fast path for two seats): seats
are numbered by their place in the order of play, ``hands[i]`` the sorted ranks the i-th seat
holds. ``table_play_values`` averages a seat's choices over every joint holding of the others; it is
exact where that enumeration is small, and the bots search only there (``LIMIT``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from muggins.strategy.cribbage.play import (
    LIMIT,
    VALUE,
    Ranks,
    fitting,
    holdings,
    lay_points_at,
    live_after,
    live_pile,
)

Points = tuple[int, ...]
"""Points scored from here to the end of the play, by side."""


class Table:
    """The seats of a play in the order they lay and the side each scores for."""

    def __init__(self, sides: Sequence[int]) -> None:
        self.sides = tuple(sides)
        self.seats = len(sides)
        self.count_of_sides = max(sides) + 1
        self.everyone = (1 << self.seats) - 1
        self.memo: dict[tuple[tuple[Ranks, ...], Ranks, int, int, int], Points] = {}

    def margin(self, points: Points, seat: int) -> float:
        """What ``seat`` lays for: its side's points less the mean of the other sides'."""
        mine = self.sides[seat]
        others = sum(points) - points[mine]
        return points[mine] - others / (self.count_of_sides - 1)

    def rest(self, hands: tuple[Ranks, ...], pile: Ranks, count: int, mover: int, passed: int) -> Points:
        """Points by side from here to the end of the play, every seat laying its best. ``passed``:
        the seats (a bit each) that have said go on this count."""
        key = (hands, pile, count, mover, passed)
        found = self.memo.get(key)
        if found is not None:
            return found
        lays = lay_points_at(pile, count)
        best: Points | None = None
        best_margin = 0.0
        previous = 0
        for rank in hands[mover]:
            if lays[rank] >= 0 and rank != previous:
                value = self.lay(hands, pile, count, mover, passed, rank)
                margin = self.margin(value, mover)
                if best is None or margin > best_margin:
                    best, best_margin = value, margin
            previous = rank
        if best is None:
            best = self._go(hands, pile, count, mover, passed)
        self.memo[key] = best
        return best

    def lay(  # noqa: PLR0917 (the search's inner step, as ``rest`` calls it)
        self, hands: tuple[Ranks, ...], pile: Ranks, count: int, mover: int, passed: int, rank: int
    ) -> Points:
        """Points by side from ``mover`` laying ``rank`` (held, and fitting) to the end of the play."""
        points = [0] * self.count_of_sides
        side = self.sides[mover]
        points[side] += lay_points_at(pile, count)[rank]
        held = hands[mover]
        at = held.index(rank)
        after = (*hands[:mover], held[:at] + held[at + 1 :], *hands[mover + 1 :])
        total = count + VALUE[rank]
        if not any(after):
            points[side] += 0 if total == LIMIT else 1  # the last card (a 31 scored its own two)
            return tuple(points)
        if total == LIMIT:
            rest = self.rest(after, (), 0, self.next_seat(mover), 0)
        else:
            rest = self.rest(after, *live_after(pile, count, rank), self.next_unpassed(mover, passed), passed)
        return tuple(p + r for p, r in zip(points, rest, strict=True))

    def _go(self, hands: tuple[Ranks, ...], pile: Ranks, count: int, mover: int, passed: int) -> Points:
        """``mover`` says go. When that makes every seat, ``mover`` laid the last card (the others
        have passed since it laid it): it takes the go, and the seat after it leads."""
        passed |= 1 << mover
        if passed != self.everyone:
            return self.rest(hands, pile, count, self.next_unpassed(mover, passed), passed)
        rest = self.rest(hands, (), 0, self.next_seat(mover), 0)
        points = list(rest)
        points[self.sides[mover]] += 1
        return tuple(points)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def next_unpassed(self, seat: int, passed: int) -> int:
        """The next seat after ``seat`` that has not said go on this count (``seat`` itself if all
        the others have)."""
        nxt = self.next_seat(seat)
        while passed >> nxt & 1 and nxt != seat:
            nxt = self.next_seat(nxt)
        return nxt


def table_holdings(
    unseen: Sequence[int], sizes: Sequence[int], lowest: Sequence[int], limit: int
) -> list[tuple[tuple[Ranks, ...], float]] | None:
    """Every joint holding of the other seats (``sizes[i]`` cards each, none worth less than
    ``lowest[i]``) among the ``unseen`` cards (``unseen[r - 1]`` of rank r), as sorted ranks per seat
    with its weight (the number of ways to deal those cards); None if there are more than ``limit``."""
    found: list[tuple[tuple[Ranks, ...], float]] = []

    def deal(seat: int, left: list[int], dealt: tuple[Ranks, ...], weight: float) -> bool:
        if seat == len(sizes):
            found.append((dealt, weight))
            return len(found) <= limit
        for held, ways in holdings(left, sizes[seat], lowest[seat]):
            for rank in held:
                left[rank - 1] -= 1
            going = deal(seat + 1, left, (*dealt, held), weight * ways)
            for rank in held:
                left[rank - 1] += 1
            if not going:
                return False
        return True

    return found if deal(0, list(unseen), (), 1.0) else None


def table_play_values(
    table: Table,
    hand: Ranks,
    pile: Ranks,
    passed: int,
    others: Iterable[tuple[tuple[Ranks, ...], float]],
) -> dict[int, float]:
    """For each rank seat 0 (to lay, holding ``hand``) may lay on ``pile``, its margin from now to the
    end of the play (its side's points less the other sides' mean), averaged over the joint
    ``others`` holdings of seats 1, 2, ... with their weights, each searched with every card known."""
    hand = tuple(sorted(hand))
    pile, count = live_pile(pile)  # piles alike from here are one position of the search
    legal = fitting(hand, lay_points_at(pile, count))
    sums = dict.fromkeys(legal, 0.0)
    total = 0.0
    for held, weight in others:
        total += weight
        for rank in legal:
            sums[rank] += weight * table.margin(table.lay((hand, *held), pile, count, 0, passed, rank), 0)
    if not total:
        raise ValueError("no holding of the other seats is possible")
    return {rank: value / total for rank, value in sums.items()}

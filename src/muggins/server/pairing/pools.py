"""Who plays whom: the pools' rule, apart from where the pools are kept. A player is paired with
the nearest-rated players waiting in the same pool, within a reach of ratings that widens the
longer they wait; partners are dealt out so that the sides come out even."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

REACH = 100
"""Rating points either side of a player's own that they are paired within when they start waiting."""

WIDENS = 10
"""Points the reach widens every second of waiting: 400 after 30 s, 700 after a minute."""


def reach(waited: float) -> int:
    """How far from their own rating a player who has waited ``waited`` seconds is paired."""
    return REACH + int(WIDENS * max(0.0, waited))


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player in a pool: who, their rating there, since when they wait."""

    user_id: int
    rating: int
    since: float


def pool_key(game: str, players: int, options: dict[str, Any], time: dict[str, Any], rated: bool) -> str:
    """The pool of everyone who asked for the same game, seats, options (every option, as the
    game reads it), time controls and rating, as one string."""
    wanted = {"game": game, "players": players, "options": options, "time": time, "rated": rated}
    return json.dumps(wanted, sort_keys=True, separators=(",", ":"))


def groups(waiting: Sequence[Waiting], size: int, now: float) -> list[list[Waiting]]:
    """The tables of ``size`` players to make from one pool now: again and again the closest
    group in rating that every member's reach takes in (the longest waiting first among equals),
    until no such group is left. Each player is in one group at most.

    >>> groups([Waiting(1, 1500, 0.0), Waiting(2, 1900, 0.0), Waiting(3, 1560, 0.0)], 2, now=0.0)
    [[Waiting(user_id=1, rating=1500, since=0.0), Waiting(user_id=3, rating=1560, since=0.0)]]
    """
    left = sorted(waiting, key=lambda w: (w.rating, w.since, w.user_id))
    made = []
    while len(left) >= size and (group := _closest(left, size, now)) is not None:
        made.append(group)
        taken = {w.user_id for w in group}
        left = [w for w in left if w.user_id not in taken]
    return made


def _closest(by_rating: list[Waiting], size: int, now: float) -> list[Waiting] | None:
    """The closest group of ``size`` that fits, from players sorted by rating: for each lowest and
    highest member, those between them whose reach takes in both (a player just come may be
    passed over for one beyond, who waited long). None if no group fits."""
    reaches = [reach(now - w.since) for w in by_rating]
    best: tuple[tuple[int, float], list[Waiting]] | None = None
    for low, lowest in enumerate(by_rating):
        for high in range(low + size - 1, len(by_rating)):
            spread = by_rating[high].rating - lowest.rating
            if spread > reaches[low] or (best is not None and spread > best[0][0]):
                break
            if reaches[high] < spread:
                continue
            top = by_rating[high].rating
            between = [
                w
                for j, w in enumerate(by_rating[low + 1 : high], low + 1)
                if reaches[j] >= max(w.rating - lowest.rating, top - w.rating)
            ]
            if len(between) < size - 2:
                continue
            group = [lowest, *sorted(between, key=lambda w: w.since)[: size - 2], by_rating[high]]
            rank = (spread, min(w.since for w in group))
            if best is None or rank < best[0]:
                best = (rank, sorted(group, key=lambda w: (w.rating, w.since, w.user_id)))
    return None if best is None else best[1]


def seating(group: Sequence[Waiting], sides: Sequence[Sequence[int]], rng: random.Random) -> list[Waiting]:
    """The group in seat order: the sides (lists of seats) in a random order take the players
    from the highest rated down, turn about and back again, so partners even out (the best with
    the weakest of four); where each plays alone, the seats are simply drawn at random."""
    order = [list(side) for side in sides]
    rng.shuffle(order)
    strongest = sorted(group, key=lambda w: -w.rating)
    seats: dict[int, Waiting] = {}
    turn = 0
    while strongest:
        sweep = order if turn % 2 == 0 else order[::-1]
        for side in sweep:
            if strongest and len(side) > turn:
                seats[side[turn]] = strongest.pop(0)
        turn += 1
    return [seats[seat] for seat in sorted(seats)]

"""The Swiss system, apart from where a tournament is kept: each round pairs players of equal or
nearest points who have not met, by a maximum-weight matching (networkx), with a bye for the
lowest placed player still without one; standings by points, then Buchholz, then wins, then
rating. Only two-seat games play Swiss (docs/server.md, "Tournaments")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import networkx as nx

BYE_POINTS = 1.0
"""What a bye scores: a win, as FIDE's and most Swiss rules give it."""

REPEAT = 10**9
"""What one repeat pairing costs a round's pairing: more than any other difference, so two meet
again only when no pairing of the round avoids it."""

POINTS_GAP = 10**5
"""What a pairing costs for each half point squared between the two: points first."""

NEIGHBOURS = 24
"""Each player is first offered the players this many places either side in the standings (a
sparse graph, quick to match); only if that would repeat a pairing is everyone offered."""


@dataclass(frozen=True, slots=True)
class Player:
    """A player as a round is paired: points so far, rating, whom they met, byes had, and how
    often they took the first seat."""

    user_id: int
    rating: int
    points: float = 0.0
    met: frozenset[int] = frozenset()
    byes: int = 0
    firsts: int = 0


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round: the tables (first seat, second seat) and the player with the bye (if any)."""

    tables: list[tuple[int, int]]
    bye: int | None


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game of a round: the two players (first seat first) and their points."""

    round: int
    players: tuple[int, int]
    points: tuple[float, float]


@dataclass(slots=True)
class Standing:
    """A player's place: points, Buchholz (their opponents' points), wins, rating."""

    user_id: int
    rating: int
    points: float = 0.0
    buchholz: float = 0.0
    wins: int = 0
    games: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)
    firsts: int = 0
    place: int = 0


def placed(players: Sequence[Player]) -> list[Player]:
    """Players in pairing order: points, then rating, then id (for a stable order)."""
    return sorted(players, key=lambda p: (-p.points, -p.rating, p.user_id))


def pair_round(players: Sequence[Player]) -> Pairing:
    """The next round's pairing: every player at a table or (one, if their number is odd) on a
    bye; nobody meets an opponent again unless no pairing avoids it; points as close as they can
    be, then ratings. The first seat goes to whichever of the two took it less often."""
    order = placed(players)
    bye = None
    if len(order) % 2:
        fewest = min(p.byes for p in order)
        bye = next(p for p in reversed(order) if p.byes == fewest).user_id
        order = [p for p in order if p.user_id != bye]
    matched = _match(order, NEIGHBOURS)
    if any(b.user_id in a.met for a, b in matched):
        matched = _match(order, len(order))
    tables = []
    for a, b in matched:
        first, second = (a, b) if (a.firsts, order.index(a)) <= (b.firsts, order.index(b)) else (b, a)
        tables.append((first.user_id, second.user_id))
    return Pairing(tables, bye)


def _match(order: list[Player], reach: int) -> list[tuple[Player, Player]]:
    """A maximum-weight perfect matching of players in pairing order, each offered those within
    ``reach`` places (a perfect one always exists: neighbours in the order are always offered)."""
    graph: nx.Graph[int] = nx.Graph()
    for i, a in enumerate(order):
        for j in range(i + 1, min(len(order), i + 1 + reach)):
            b = order[j]
            cost = (REPEAT if b.user_id in a.met else 0) + POINTS_GAP * int(2 * abs(a.points - b.points)) ** 2
            cost += abs(a.rating - b.rating)  # far less than half a point: ratings only break ties
            graph.add_edge(i, j, weight=2 * REPEAT + 10 * POINTS_GAP - cost)
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted(((order[min(i, j)], order[max(i, j)]) for i, j in pairs), key=lambda ab: order.index(ab[0]))


def standings(
    ratings: dict[int, int], results: Sequence[Result], byes: Sequence[tuple[int, int]]
) -> list[Standing]:
    """Every entrant's standing (``ratings``: each entrant's rating) from the games finished and
    the byes given (round, player), placed by points, Buchholz, wins, rating; equal on all four,
    by id, sharing nothing (a place each)."""
    table = {uid: Standing(uid, rating) for uid, rating in ratings.items()}
    for result in results:
        for me, (uid, points) in enumerate(zip(result.players, result.points, strict=True)):
            standing = table[uid]
            standing.points += points
            standing.games += 1
            standing.wins += points > result.points[1 - me]
            standing.opponents.append(result.players[1 - me])
            standing.firsts += me == 0
    for _round, uid in byes:
        table[uid].points += BYE_POINTS
        table[uid].byes += 1
    for standing in table.values():
        standing.buchholz = sum(table[o].points for o in standing.opponents)
    ordered = sorted(table.values(), key=lambda s: (-s.points, -s.buchholz, -s.wins, -s.rating, s.user_id))
    for place, standing in enumerate(ordered, start=1):
        standing.place = place
    return ordered


def players_for_next_round(ordered: Sequence[Standing], playing: set[int]) -> list[Player]:
    """The players of the next round (those still in, ``playing``) as its pairing reads them."""
    return [
        Player(s.user_id, s.rating, s.points, frozenset(s.opponents), s.byes, s.firsts)
        for s in ordered
        if s.user_id in playing
    ]

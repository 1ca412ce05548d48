"""The Swiss system, apart from where a tournament is kept: each round seats players of equal or
nearest points who have not met, two to a table by a maximum-weight matching (networkx), three
or four by grouping the standings and swapping players between neighbouring tables while that
lessens the repeats; byes for the lowest placed players with the fewest; standings by points,
then Buchholz, then wins, then rating (docs/server.md, "Tournaments")."""

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
    """A round: the tables (their players by seat) and the players with a bye."""

    tables: list[tuple[int, ...]]
    byes: list[int]


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game of a round: its players by seat and their points (``place_points``)."""

    round: int
    players: tuple[int, ...]
    points: tuple[float, ...]


def place_points(ranks: list[int]) -> tuple[float, ...]:
    """Each seat's points from a game's ranks: first place 1, last 0, the places between evenly
    spaced (two seats: a win 1, a loss 0; four: 1, 2/3, 1/3, 0); seats that share a rank share
    the places they cover (a tie of two: a half each)."""
    last = len(ranks) - 1
    points = []
    for rank in ranks:
        covered = range(rank - 1, rank - 1 + ranks.count(rank))  # the places (0 = first) this rank takes
        points.append(sum(last - place for place in covered) / len(covered) / last)
    return tuple(points)


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


def pair_round(players: Sequence[Player], seats: int = 2) -> Pairing:
    """The next round's pairing: every player at a table of ``seats`` or, as many as are left
    over, on a bye (the lowest placed of those with the fewest byes); points as close as they can
    be, then ratings. Two to a table, nobody meets an opponent again unless no pairing avoids it;
    more to a table, as few meet again as swapping players between neighbouring tables finds.
    The first seat goes to whoever of a table took it least often."""
    order = placed(players)
    byes: list[int] = []
    for _ in range(len(order) % seats):
        fewest = min(p.byes for p in order)
        bye = next(p for p in reversed(order) if p.byes == fewest)
        byes.append(bye.user_id)
        order.remove(bye)
    if seats == 2:
        matched = _match(order, NEIGHBOURS)
        if any(b.user_id in a.met for a, b in matched):
            matched = _match(order, len(order))
        groups: list[list[Player]] = [list(pair) for pair in matched]
    else:
        groups = _group(order, seats)
    tables = []
    for group in groups:
        group.sort(key=lambda p: (p.firsts, order.index(p)))
        tables.append(tuple(p.user_id for p in group))
    return Pairing(tables, byes)


SWAP_REACH = 3
"""Tables apart whose players are tried swapped when tables seat more than two."""


def _group(order: list[Player], seats: int) -> list[list[Player]]:
    """Tables of ``seats`` from players in pairing order: cut from the top down, then players
    swapped between tables up to ``SWAP_REACH`` apart while a swap makes fewer meetings again (or
    as few, with points closer), until no swap does."""
    groups = [order[i : i + seats] for i in range(0, len(order), seats)]
    rank = {p.user_id: i for i, p in enumerate(order)}

    def cost(group: list[Player]) -> tuple[int, int]:
        repeats = sum(b.user_id in a.met for i, a in enumerate(group) for b in group[i + 1 :])
        spread = POINTS_GAP * int(2 * (max(p.points for p in group) - min(p.points for p in group))) ** 2
        return repeats, spread + max(rank[p.user_id] for p in group) - min(rank[p.user_id] for p in group)

    costs = [cost(g) for g in groups]
    better = True
    while better:
        better = False
        for i, a in enumerate(groups):
            for j in range(i + 1, min(len(groups), i + 1 + SWAP_REACH)):
                b = groups[j]
                if costs[i][0] + costs[j][0] == 0:
                    continue  # neither table repeats a meeting: nothing to mend
                for x in range(seats):
                    for y in range(seats):
                        a[x], b[y] = b[y], a[x]
                        new_a, new_b = cost(a), cost(b)
                        before = (costs[i][0] + costs[j][0], costs[i][1] + costs[j][1])
                        if (new_a[0] + new_b[0], new_a[1] + new_b[1]) < before:
                            costs[i], costs[j], better = new_a, new_b, True
                        else:
                            a[x], b[y] = b[y], a[x]
    return groups


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


def won(result: Result, seat: int) -> bool:
    """Whether ``seat`` won ``result``'s game: more points than every other seat."""
    return all(result.points[seat] > points for other, points in enumerate(result.points) if other != seat)


def standings(
    ratings: dict[int, int], results: Sequence[Result], byes: Sequence[tuple[int, int]]
) -> list[Standing]:
    """Every entrant's standing (``ratings``: each entrant's rating) from the games finished and
    the byes given (round, player), placed by points, Buchholz (the points of every opponent met),
    wins, rating; equal on all four, by id, sharing nothing (a place each)."""
    table = {uid: Standing(uid, rating) for uid, rating in ratings.items()}
    for result in results:
        for me, (uid, points) in enumerate(zip(result.players, result.points, strict=True)):
            standing = table[uid]
            standing.points += points
            standing.games += 1
            standing.wins += won(result, me)
            standing.opponents += [other for other in result.players if other != uid]
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

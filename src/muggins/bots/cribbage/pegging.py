"""Choosing a card in the play: the greedy bot's (most points now) and the expert's (a short search
over the cards the next player may hold).

The expert scores each card it can lay as: the points it pegs now, minus (or, for a partner, plus)
what the next player can expect to peg in reply, plus what it can then peg back, plus the go and
the cards it can run out alone if the next player cannot lay. The next player's holding is read
from the cards the seat has not seen, weighted by how many cards they hold, by what their discards
reveal (how often an expert in their seat keeps each rank) and by what their "go"s revealed (a
player who said go at count c holds nothing worth 31 - c or less). The reply is modelled as their
best-scoring card, or any other card in proportion to its chance. Only ranks matter in the play, so
everything is computed on ranks and cached.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from muggins.cards import Card
from muggins.games.moves import Go, Move, Play
from muggins.strategy.cribbage.cribtables import CribTables
from muggins.strategy.cribbage.reading import Seat

_SETS = (0, 0, 2, 6, 12)
KEEP_LOW = 0.1
"""Bonus per pip of the card laid after the lead: lay higher cards first, keep low ones for the go."""

Ranks = tuple[int, ...]


VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""A rank's counting value (ace 1 ... court cards 10), indexed by rank 1-13."""


def play_points(pile: Ranks, rank: int) -> int:
    """Points for laying a card of ``rank`` on ``pile`` (ranks laid since the count was reset):
    fifteen or thirty-one, pairs, runs; equal to ``score_play(...).total`` for those ranks."""
    return lay_points(pile)[rank]


@functools.cache
def lay_points(pile: Ranks) -> tuple[int, ...]:
    """For each rank 1-13 (index 0 unused), the points for laying it on ``pile``; -1 if it would
    pass 31."""
    count = sum(map(VALUE.__getitem__, pile))
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
        if total > 31:
            continue
        got = 2 if total in (15, 31) else 0
        if rank == last:
            got += _SETS[min(same + 1, 4)]
        where = position[rank] or 99
        for length, lo, hi in stretches:
            if where > length and max(hi, rank) - min(lo, rank) == length:
                got += length + 1
                break
        points[rank] = got
    return tuple(points)


@functools.cache
def run_out(pile: Ranks, ranks: Ranks) -> int:
    """The most a player can peg laying from ``ranks`` alone on ``pile`` (nobody else can lay), with
    the go (or last card) point for the last card unless it makes 31."""
    count = sum(map(VALUE.__getitem__, pile))
    best = -1
    for i, rank in enumerate(ranks):
        if count + VALUE[rank] <= 31 and rank not in ranks[:i]:
            rest = ranks[:i] + ranks[i + 1 :]
            best = max(best, play_points(pile, rank) + run_out((*pile, rank), rest))
    if best >= 0:
        return best
    return 0 if count == 31 or not pile else 1


def greedy_play(seat: Seat) -> Move:
    """Lay the card that pegs the most now (ties: the lowest); go when nothing can be laid."""
    pile = tuple(card.rank for _, card in seat.pile)
    playable = _playable(seat.hand, seat.count)
    if not playable:
        return Go()
    return Play(max(playable, key=lambda card: (play_points(pile, card.rank), -card.sort_key)))


def _playable(hand: Sequence[Card], count: int) -> list[Card]:
    """The cards that keep the count to 31, in the view's (sorted) order."""
    return [card for card in hand if count + card.value <= 31]


def holding_chances(
    unseen: Sequence[int], cards: int, min_value: int, kept: Sequence[float] = (1.0,) * 13
) -> list[float]:
    """By rank (index 0-12), the chance that a player holding ``cards`` cards has at least one of
    that rank, when ``unseen[r]`` cards of each rank are unaccounted for, none of the player's cards
    counts less than ``min_value`` (what their go revealed), and ``kept[r]`` says how much likelier
    than average a card of rank ``r`` is to have been kept rather than thrown."""
    possible = [n * kept[r] if VALUE[r + 1] >= min_value else 0.0 for r, n in enumerate(unseen)]
    total = max(sum(possible), float(cards))
    if cards <= 0 or not total:
        return [0.0] * 13
    chances = []
    for n in possible:
        none = 1.0
        for i in range(cards):
            none *= max(0.0, (total - n - i) / (total - i))
        chances.append(1.0 - none)
    return chances


def kept_weights(tables: CribTables, config: str, offset: int, dealt: int, thrown: int) -> list[float]:
    """By rank, how much likelier than average a card of that rank is in the hand an expert at seat
    ``offset`` kept, from how often the expert throws each rank (the crib tables' throw counts)."""
    frequency = tables.throw_frequencies(config, offset)
    share = [0.0] * 13
    if thrown == 2:
        for key, f in enumerate(frequency):
            low, high = divmod(key // 2, 13)
            share[low] += f / 2
            share[high] += f / 2
    else:
        share = list(frequency)
    kept = dealt - thrown
    return [max(0.05, (dealt / 13 - thrown * s) / (kept / 13)) for s in share]


def unseen_ranks(seat: Seat) -> list[int]:
    """How many cards of each rank (index 0-12) the seat has not seen."""
    left = [4] * 13
    for card in (*seat.hand, *seat.discards, *seat.own_crib):
        left[card.rank - 1] -= 1
    for cards in seat.played:
        for card in cards:
            left[card.rank - 1] -= 1
    if seat.starter is not None:
        left[seat.starter.rank - 1] -= 1
    return left


class ExpertPegger:
    """The expert's play, remembering within a hand what each player's "go"s revealed."""

    def __init__(self, tables: CribTables) -> None:
        self.tables = tables
        self.hand_number = -1
        self.min_value: dict[int, int] = {}

    def choose(self, seat: Seat) -> Move:
        playable = _playable(seat.hand, seat.count)
        self._learn(seat)
        if not playable:
            return Go()
        if len({card.rank for card in playable}) == 1:
            return Play(playable[-1])
        worth = self.worths(seat)
        if seat.next_to_lay() is None:
            return Play(max(playable, key=lambda c: (worth[c], c.value)))
        keep_low = KEEP_LOW if seat.pile else 0.0
        return Play(max(playable, key=lambda c: (worth[c] + keep_low * c.value, c.sort_key)))

    def worths(self, seat: Seat) -> dict[Card, float]:
        """Each card the seat may lay now, with its expected points (mine minus the next player's,
        or what I can run out alone when nobody else can lay); learns what the "go"s revealed."""
        self._learn(seat)
        playable = _playable(seat.hand, seat.count)
        pile = tuple(card.rank for _, card in seat.pile)
        mine = tuple(sorted(card.rank for card in seat.hand))
        responder = seat.next_to_lay()
        if responder is None:
            return {card: float(_alone(pile, mine, card.rank)) for card in playable}
        sign = 1.0 if seat.is_friend(responder) else -1.0
        chances = holding_chances(
            unseen_ranks(seat),
            seat.hand_sizes[responder],
            self.min_value.get(responder, 1),
            self._kept(seat, responder),
        )
        return {card: _card_worth(pile, mine, card.rank, chances, sign) for card in playable}

    def _learn(self, seat: Seat) -> None:
        if seat.hand_number != self.hand_number:
            self.hand_number, self.min_value = seat.hand_number, {}
        for other in seat.passed:
            if other != seat.me and seat.hand_sizes[other]:
                self.min_value[other] = max(self.min_value.get(other, 1), 32 - seat.count)

    def _kept(self, seat: Seat, responder: int) -> Sequence[float]:
        """How the responder's discards bias their hand (six-card deals; others are taken as even)."""
        if seat.variant != "six-card":
            return (1.0,) * 13
        players = len(seat.active)
        offset = seat.offset(responder)
        config = seat.crib_config
        dealt, thrown = (6, 2) if players == 2 else (5, 1)
        return _kept_cached(self.tables, config, offset, dealt, thrown)


@functools.lru_cache(maxsize=64)
def _kept_cached(tables: CribTables, config: str, offset: int, dealt: int, thrown: int) -> tuple[float, ...]:
    return tuple(kept_weights(tables, config, offset, dealt, thrown))


def _alone(pile: Ranks, mine: Ranks, rank: int) -> int:
    rest = list(mine)
    rest.remove(rank)
    return play_points(pile, rank) + run_out((*pile, rank), tuple(rest))


def _card_worth(pile: Ranks, mine: Ranks, rank: int, chances: Sequence[float], sign: float) -> float:
    """Expected points (mine minus the responder's) of laying ``rank`` now.

    The responder lays their best-scoring card if they hold one (the replies are tried best first,
    each held with its chance); with no scoring card they lay one of the others, each in proportion
    to its chance; with no card at all they say go and I lay out what I can.
    """
    now = play_points(pile, rank)
    after = (*pile, rank)
    if sum(map(VALUE.__getitem__, after)) == 31:
        return now
    rest = list(mine)
    rest.remove(rank)
    distinct = set(rest)
    worth = float(now)
    left = 1.0
    quiet, quiet_weight, quiet_back = 1.0, 0.0, 0.0
    for theirs, reply, back_row in _replies(after):
        q = chances[reply - 1]
        if not q:
            continue
        back = max([back_row[m] for m in distinct]) if distinct else 0
        if theirs:
            worth += left * q * (sign * theirs + back)
            left *= 1.0 - q
        else:
            quiet *= 1.0 - q
            quiet_weight += q
            quiet_back += q * back
    if quiet_weight:
        worth += left * (1.0 - quiet) * quiet_back / quiet_weight
    go = left * quiet
    return worth + (go * run_out(after, tuple(rest)) if go > 0.02 else 0.0)


@functools.cache
def _replies(pile: Ranks) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each rank the responder could lay on ``pile`` as (their points, rank, what each rank laid
    back on it would peg), best-scoring for them first."""
    replies = []
    for rank, theirs in enumerate(lay_points(pile)):
        if theirs >= 0 and rank:
            replies.append((theirs, rank, lay_points((*pile, rank))))
    replies.sort(key=lambda r: -r[0])
    return replies

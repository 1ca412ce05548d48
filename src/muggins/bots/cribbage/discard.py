"""Choosing discards: the greedy bot's (most points held now) and the expert's (the most expected
points: the hand over every starter, plus or minus the crib the throw makes, plus with two players
what the kept hand can expect to peg, with the board position weighed near the end of the game).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from typing import Final

from muggins.bots.cribbage.position import go_out_value, points_needed, racing, win_chances
from muggins.cards import Card, parse_cards
from muggins.games.cribbage.moves import KeepCrib
from muggins.games.moves import Discard, Move
from muggins.scoring.fast import counted_points
from muggins.strategy.cribbage.cribtables import CribTables
from muggins.strategy.cribbage.keeps import keep_means, show_counts
from muggins.strategy.cribbage.playworth import PlayWorth
from muggins.strategy.cribbage.reading import Seat
from muggins.strategy.cribbage.winchance import WinChance

OWN_CRIB: Final = 4
"""Cards a ten-hand player lays away as their own crib."""
HAND: Final = 4
"""Cards in a ten-hand player's playing hand, the rest going to the cribs."""


def throw_size(seat: Seat) -> tuple[str, int]:
    """The discard verb now asked for ("discard" or "crib") and how many cards it takes."""
    words = seat.legal[0].split()
    return words[0], len(words) - 1


def allowed_throws(seat: Seat) -> frozenset[frozenset[Card]] | None:
    """The throws the game allows now, as sets of cards, when it allows fewer than every ``n`` cards
    of the hand (Toss Fives: every five held must go); None when any ``n`` cards may go."""
    _, n = throw_size(seat)
    if len(seat.legal) == math.comb(len(seat.hand), n):
        return None
    return frozenset(frozenset(parse_cards(move.split()[1:])) for move in seat.legal)


def allows(allowed: frozenset[frozenset[Card]] | None, thrown: Sequence[Card]) -> bool:
    """Whether ``thrown`` is among the ``allowed`` throws (every throw, when None)."""
    return allowed is None or frozenset(thrown) in allowed


def crib_weight(seat: Seat) -> float:
    """What a point in this crib is worth to me: 1 if my side's, else minus a share among opponents."""
    if seat.crib_is_mine:
        return 1.0
    return -1.0 / max(1, seat.opponents)


# --- greedy -----------------------------------------------------------------------------


def held_points(cards: Sequence[Card]) -> int:
    """Points the cards hold before any starter: fifteens, pairs, runs and a flush."""
    points = counted_points([card.rank - 1 for card in cards])  # any number held, three to six
    if len({card.suit for card in cards}) == 1:
        points += len(cards)
    return points


def greedy_discard(seat: Seat, *, least: bool = False) -> Move:
    """Hold the cards (all but the throw, or in ten-hand's first step four) that hold the most points
    now (with ``least``, the fewest: Lowball) and lay away the rest; in ten-hand's first step the
    highest of the rest go to the dealer's crib."""
    verb, n = throw_size(seat)
    hand = seat.hand
    hold = min(len(hand) - n, HAND) if seat.variant == "ten-hand" else len(hand) - n
    allowed = allowed_throws(seat)
    holds = list(itertools.combinations(hand, hold))
    if allowed is not None:
        holds = [kept for kept in holds if allows(allowed, _complement(hand, kept)[-n:])]
    best = min(holds, key=held_points) if least else max(holds, key=held_points)
    return _move(verb, _complement(hand, best)[-n:])


# --- expert -----------------------------------------------------------------------------


def expert_discard(
    seat: Seat, tables: CribTables, play: PlayWorth | None = None, chances: WinChance | None = None
) -> Move:
    """The throw with the most expected points (or, near the end, the best chance to win with
    ``chances`` for two players, else to go out); with ``play``, two players' kept hands are also
    valued by what they can expect to peg."""
    verb, n = throw_size(seat)
    if verb == "crib":
        return KeepCrib(_own_crib_split(seat.hand, seat.discards))
    if seat.variant == "ten-hand":
        return Discard(_ten_hand_throw(seat, tables, n))
    config, offset, weight = seat.crib_config, seat.offset(seat.me), crib_weight(seat)
    need = points_needed(seat)
    pegs = play if config == "2" else None
    dealing = seat.dealer == seat.me

    def crib_worth(thrown: tuple[Card, ...]) -> float:
        return weight * tables.expected(config, offset, thrown)

    def play_worth(kept: tuple[Card, ...]) -> float:
        return 0.0 if pegs is None else pegs.worth(kept, dealing)

    def worth(thrown: tuple[Card, ...], kept: tuple[Card, ...]) -> float:
        return crib_worth(thrown) + play_worth(kept)

    race = chances if chances is not None and racing(seat) else None
    allowed = allowed_throws(seat)
    if need is None and race is None:
        return Discard(best_throw(seat.hand, n, worth, allowed))
    hand = seat.hand
    splits = [(tuple(hand[i] for i in k), tuple(hand[i] for i in t)) for k, t in _splits(len(hand), n)]
    thrown = [t for _, t in splits]
    free = [i for i, t in enumerate(thrown) if allows(allowed, t)]
    crib = [crib_worth(t) for t in thrown]
    plays = [play_worth(k) for k, _ in splits]
    keep = len(hand) - n
    values = [mean + c + p for mean, c, p in zip(keep_means(hand, keep), crib, plays, strict=True)]
    if race is not None:  # crib worth is the crib itself, signed: two players
        won = win_chances(seat, race, show_counts(hand, keep), [weight * c for c in crib], plays)
        return Discard(thrown[max(free, key=lambda i: (round(won[i], 5), values[i]))])
    assert need is not None
    values = go_out_value(seat, need, keep, crib, values)
    return Discard(thrown[max(free, key=values.__getitem__)])


def best_throw(
    hand: Sequence[Card],
    n: int,
    worth: Callable[[tuple[Card, ...], tuple[Card, ...]], float],
    allowed: frozenset[frozenset[Card]] | None = None,
    *,
    least: bool = False,
) -> tuple[Card, ...]:
    """The ``n`` cards to throw, among the ``allowed`` throws, that maximise (or with ``least``,
    minimise) the kept hand's expected show plus ``worth(thrown, kept)`` (the crib's expected
    points, signed by whose crib it is, and what else the throw and the kept hand are worth)."""
    return best_split(hand, n, worth, allowed, least=least)[1]


def best_split(
    hand: Sequence[Card],
    n: int,
    worth: Callable[[tuple[Card, ...], tuple[Card, ...]], float],
    allowed: frozenset[frozenset[Card]] | None = None,
    *,
    least: bool = False,
) -> tuple[float, tuple[Card, ...]]:
    """``best_throw``'s throw with its value: the kept hand's expected show plus ``worth``."""
    sign = -1.0 if least else 1.0
    best_value, best = float("-inf"), tuple(hand[:n])
    means = keep_means(hand, len(hand) - n)
    for mean, (kept_at, thrown_at) in zip(means, _splits(len(hand), n), strict=True):
        thrown = tuple(hand[i] for i in thrown_at)
        if allowed is not None and frozenset(thrown) not in allowed:
            continue
        value = sign * (mean + worth(thrown, tuple(hand[i] for i in kept_at)))
        if value > best_value:
            best_value, best = value, thrown
    return sign * best_value, best


@functools.cache
def _splits(cards: int, n: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every way to keep all but ``n`` of ``cards`` (positions, in ``itertools.combinations`` order,
    as ``keep_means`` gives them), with the positions thrown."""
    every = range(cards)
    return tuple(
        (kept, tuple(i for i in every if i not in kept)) for kept in itertools.combinations(every, cards - n)
    )


def _complement(hand: Sequence[Card], kept: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(card for card in hand if card not in kept)


def _move(verb: str, cards: tuple[Card, ...]) -> Move:
    return KeepCrib(cards) if verb == "crib" else Discard(cards)


def _subset_rows(cards: int) -> dict[frozenset[int], int]:
    return {frozenset(c): i for i, c in enumerate(itertools.combinations(range(cards), OWN_CRIB))}


@functools.cache
def _ten_hand_plans(cards: int, throw: int) -> list[tuple[tuple[int, ...], list[tuple[int, int]]]]:
    """For each throw (positions), every (hand row, own-crib row) split of the rest into fours."""
    rows = _subset_rows(cards)
    plans = []
    for thrown in itertools.combinations(range(cards), throw):
        rest = [i for i in range(cards) if i not in thrown]
        pairs = [
            (rows[frozenset(kept)], rows[frozenset(rest) - frozenset(kept)])
            for kept in itertools.combinations(rest, OWN_CRIB)
        ]
        plans.append((thrown, pairs))
    return plans


def _ten_hand_throw(seat: Seat, tables: CribTables, n: int) -> tuple[Card, ...]:
    """Ten-hand, first step: the throw whose best split of the rest into hand and own crib, plus the
    dealer's crib it makes, is worth most."""
    hand = seat.hand
    held = keep_means(hand, OWN_CRIB)
    laid = keep_means(hand, OWN_CRIB, crib=True)
    config, offset, weight = seat.crib_config, seat.offset(seat.me), crib_weight(seat)
    best_value, best_throw = float("-inf"), tuple(hand[:n])
    for thrown, pairs in _ten_hand_plans(len(hand), n):
        split = max(held[a] + laid[b] for a, b in pairs)
        cards = tuple(hand[i] for i in thrown)
        value = split + weight * tables.expected(config, offset, cards)
        if value > best_value:
            best_value, best_throw = value, cards
    return best_throw


def _own_crib_split(hand: Sequence[Card], discards: Sequence[Card]) -> tuple[Card, ...]:
    """Ten-hand, second step: the four cards to lay away as my own crib."""
    held = keep_means(hand, OWN_CRIB, seen=discards)
    laid = keep_means(hand, OWN_CRIB, crib=True, seen=discards)
    subsets = list(itertools.combinations(hand, OWN_CRIB))
    rows = {frozenset(s): i for i, s in enumerate(subsets)}
    best = max(
        range(len(subsets)),
        key=lambda i: held[i] + laid[rows[frozenset(hand) - frozenset(subsets[i])]],
    )
    return _complement(hand, subsets[best])

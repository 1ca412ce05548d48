"""A seat's cards in the play valued by the exact search (``play.rest_of_play``), from what the
seat has seen: every holding the other player could have, or a sample of them.

Two players, six-card deals (five-card's play stops at the first go or 31, which the search does
not model). What the seat knows: its hand and throw, every card played this hand, the starter,
how many cards the other holds, whether the other has said go on this count, and the count at each
of their gos this hand (they held nothing that fitted, and hold less now).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from math import prod

from muggins.scoring.fast import show_points
from muggins.strategy.cribbage.play import LIMIT, VALUE, Ranks
from muggins.strategy.cribbage.race import Race, race
from muggins.strategy.cribbage.reading import Seat
from muggins.strategy.cribbage.searches import (
    counter_values,
    drawn,
    holdings,
    kept_weight,
    play_values,
    race_values,
)
from muggins.strategy.cribbage.tableplay import Table, table_holdings, table_play_values
from muggins.strategy.cribbage.winchance import TARGET, WinChance

TABLE_LIMIT = 400
"""The most joint holdings of the other seats a search at a table of three or four averages over:
past it (the others hold more than about three cards between them) it is not exact in a few
milliseconds, and the bots do not search."""


class SearchError(ValueError):
    """A position the search does not cover (not a two-player six-card play, nothing to lay)."""


def unseen_ranks(seat: Seat) -> list[int]:
    """How many cards of each rank (index 0-12) the seat has not seen (a wild joker seen is none of
    them: its calls are not cards of the pack)."""
    left = [4] * 13
    seen = [*seat.hand, *seat.discards, *seat.own_crib]
    for cards in seat.played:
        seen.extend(cards)
    if seat.starter is not None:
        seen.append(seat.starter)
    for card in seen:
        if not card.is_joker:
            left[card.rank - 1] -= 1
    return left


def searched_ranks(
    hand: Ranks,
    pile: Ranks,
    unseen: Sequence[int],
    other: int,
    *,
    go: bool,
    lowest: int,
    samples: int | None = None,
    rng: random.Random | None = None,
    kept: Sequence[float] | None = None,
) -> dict[int, float]:
    """Each rank of ``hand`` that fits on ``pile``, with its value: points from now to the end of
    the play, the seat's less the other's, averaged over the holdings of ``other`` cards among the
    ``unseen`` (index 0-12), none worth less than ``lowest`` (all of them, or ``samples`` drawn by
    weight with ``rng``), each searched with every card known. ``go``: the other has said go on
    this count. ``kept``: by rank, how much likelier than average the other is to hold it (else
    every card alike)."""
    return play_values(hand, pile, go, drawn(holdings(unseen, other, lowest, kept), samples, rng))


def searched_values(
    seat: Seat,
    samples: int | None = None,
    rng: random.Random | None = None,
    kept: Sequence[float] | None = None,
) -> dict[int, float]:
    """``searched_ranks`` for the seat to lay, from what it has seen."""
    hand, pile, unseen, other, go, lowest = _two_player(seat)
    return searched_ranks(
        hand, pile, unseen, other, go=go, lowest=lowest, samples=samples, rng=rng, kept=kept
    )


def countered_values(
    seat: Seat,
    kept: Sequence[float] | None = None,
    samples: int | None = None,
    rng: random.Random | None = None,
    win: WinChance | None = None,
) -> dict[int, float]:
    """Each rank of the seat's hand that fits on the pile with its value over the other's holdings
    (weighed as ``searched_values`` weighs them; where there are more than ``samples``, that many
    drawn by weight with ``rng``), searched from what the seat can know against a model of the
    other (``counterplay.counter_values``): the margin of points, or given ``win``, the chance to
    win the game."""
    hand, pile, unseen, other, go, lowest = _two_player(seat)
    found = drawn(holdings(unseen, other, lowest, kept), samples, rng)
    return counter_values(hand, pile, go, found, _race(seat, win) if win is not None else None)


def blended_values(
    seat: Seat,
    kept: Sequence[float] | None = None,
    samples: int | None = None,
    rng: random.Random | None = None,
    known_samples: int | None = None,
) -> dict[int, float]:
    """Each rank of the seat's hand that fits on the pile with the mean of the two searches' values
    in points: from what the seat knows (``countered_values``, over ``samples`` holdings at most),
    which holds the other to a model, and with every card known (``searched_values``, over
    ``known_samples`` at most, drawn apart), which credits the other with replies it could not know
    to make. Laying by the mean hedges each search's error about the other player with the other's."""
    hand, pile, unseen, other, go, lowest = _two_player(seat)
    found = holdings(unseen, other, lowest, kept)
    countered = counter_values(hand, pile, go, drawn(found, samples, rng))
    known = play_values(hand, pile, go, drawn(found, known_samples, rng))
    return {rank: (value + countered[rank]) / 2 for rank, value in known.items()}


def raced_values(
    seat: Seat,
    win: WinChance,
    samples: int | None = None,
    rng: random.Random | None = None,
    kept: Sequence[float] | None = None,
) -> dict[int, float]:
    """Each rank of the seat's hand that fits on the pile with its chance to win the game, both
    sides laying for the game (``searches.race_values``), over the other's holdings as
    ``searched_values`` takes them."""
    state = _race(seat, win)
    hand, pile, unseen, other, go, lowest = _two_player(seat)
    found = holdings(unseen, other, lowest, kept)
    return race_values(state, hand, pile, go, drawn(found, samples, rng))


def _race(seat: Seat, win: WinChance) -> Race:
    """The race to the target from the seat's scores, its kept hand's show counted."""
    if seat.starter is None or seat.target != TARGET:
        raise SearchError(f"the race is searched in a play to {TARGET}, with the starter turned")
    rival = next(s for s in seat.active if s != seat.me)
    own = (*seat.hand, *seat.played[seat.me])
    return race(
        win,
        seat.scores[seat.me],
        seat.scores[rival],
        dealing=seat.dealer == seat.me,
        show=show_points(own, seat.starter),
    )


def _two_player(seat: Seat) -> tuple[Ranks, Ranks, list[int], int, bool, int]:
    """A two-player six-card seat to lay, as the search takes it: its hand, the pile, the ranks it
    has not seen, how many cards the other holds, whether they have said go, and the least their
    cards can be worth."""
    if len(seat.active) != 2 or seat.variant != "six-card":
        raise SearchError(
            f"the search covers two-player six-card plays, not {len(seat.active)} players {seat.variant}"
        )
    hand = _to_lay(seat)
    other = next(s for s in seat.active if s != seat.me)
    pile: Ranks = tuple(card.rank for _, card in seat.pile)
    go = other in seat.passed
    return hand, pile, unseen_ranks(seat), seat.hand_sizes[other], go, seat.lowest_value(other)


def _to_lay(seat: Seat) -> Ranks:
    """The seat's hand as sorted ranks, with a card that fits on the count."""
    hand: Ranks = tuple(sorted(card.rank for card in seat.hand))
    if not any(seat.count + VALUE[rank] <= LIMIT for rank in hand):
        raise SearchError("the seat has no card to lay")
    return hand


def table_searched_values(
    seat: Seat, limit: int = TABLE_LIMIT, kept: Mapping[int, Sequence[float]] | None = None
) -> dict[int, float] | None:
    """At a six-card play of three or four seats (partnerships too), each rank of the seat's hand
    that fits on the pile with its value: points from now to the end of the play, its side's less
    the other sides' mean, averaged over every joint holding of the other seats consistent with
    what the seat has seen (cards, and every go this hand), each searched with every card known;
    None where those holdings number more than ``limit``. ``kept``: by seat, as for
    ``searched_ranks`` (seats not in it take every card alike)."""
    if len(seat.active) < 3 or seat.variant != "six-card":
        raise SearchError(f"the table search covers six-card plays of three or four, not {seat.variant}")
    hand = _to_lay(seat)
    order = [seat.me]
    while len(order) < len(seat.active):
        order.append(seat.next_seat(order[-1]))
    side_of = {s: i for i, side in enumerate(seat.sides) for s in side}
    others = table_holdings(
        unseen_ranks(seat),
        [seat.hand_sizes[s] for s in order[1:]],
        [seat.lowest_value(s) for s in order[1:]],
        limit,
    )
    if others is None:
        return None
    if kept is not None:
        seats = [kept.get(s, (1.0,) * 13) for s in order[1:]]
        others = [
            (held, ways * prod(kept_weight(h, k) for h, k in zip(held, seats, strict=True)))
            for held, ways in others
        ]
    sides = sorted({side_of[s] for s in order})
    table = Table([sides.index(side_of[s]) for s in order])
    passed = sum(1 << order.index(s) for s in seat.passed if s in order)
    pile: Ranks = tuple(card.rank for _, card in seat.pile)
    return table_play_values(table, hand, pile, passed, others)

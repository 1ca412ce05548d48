"""Determinised search for Cribist: deal the unseen cards to the other seats as the view allows
(hand sizes, suits they have shown void in), play the hand out with the greedy policy
(``greedy.greedy``) for every seat, and
score each candidate card by the points it leads to — trick combinations and one a trick.

Cards are plain integers here (``suit * 13 + rank - 1``, as ``Card.index``) for speed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from muggins.games.cribist.options import SEATS
from muggins.games.cribist.rules import trick_points_of
from muggins.strategy.cribist.greedy import SUIT, beats, greedy

SEARCH_SECONDS: Final = 2.0
"""The CPU time a search may take before it stops sampling deals: a guard for slow builds (pure
Python), well above what the budget costs compiled. The slowest decision of a game took 0.15 s on a
slow two-core machine, where a cap of 0.15 s made the play depend on the machine's speed; on a
slower one (2026-11-29: 3.0 s of CPU for ``sum(range(10**8))``) 0.19 s, and 0.75 s in a spell when
everything ran three times slower, when a cap of 0.5 s bound and an engine's moves differed."""


@dataclass(slots=True)
class Position:
    """One seat's knowledge of the hand in progress, in card indices."""

    me: int
    hand: list[int]
    trump: int  # -1 before the opening lead
    leader: int
    trick: list[int]
    unseen: list[int]  # cards in the other three hands
    sizes: list[int]  # cards held by each seat
    voids: list[set[int]]  # suits each seat is known to lack


def sample_hands(pos: Position, rng: random.Random, tries: int = 20) -> list[list[int]]:
    """A deal of the unseen cards to the other seats with the right counts, respecting known voids
    where the random assignment allows (after ``tries`` failures, voids are ignored)."""
    others = [s for s in range(SEATS) if s != pos.me]
    for _ in range(tries):
        cards = list(pos.unseen)
        rng.shuffle(cards)
        hands: list[list[int]] = [[] for _ in range(SEATS)]
        room = list(pos.sizes)
        room[pos.me] = 0
        # Cards of suits some seat lacks go first, to the seats that may hold them.
        cards.sort(key=lambda c: -sum(SUIT[c] in pos.voids[s] for s in others))
        for card in cards:
            seats = [s for s in others if room[s] and SUIT[card] not in pos.voids[s]]
            if not seats:
                break
            seat = rng.choice(seats)
            hands[seat].append(card)
            room[seat] -= 1
        else:
            hands[pos.me] = list(pos.hand)
            return hands
    cards = list(pos.unseen)
    rng.shuffle(cards)
    hands = [[] for _ in range(SEATS)]
    hands[pos.me] = list(pos.hand)
    for seat in others:
        hands[seat], cards = cards[: pos.sizes[seat]], cards[pos.sizes[seat] :]
    return hands


def play_out(hands: list[list[int]], pos: Position, first: int) -> list[int]:
    """Points each seat scores from here to the end of the hand when ``pos.me`` plays ``first``
    and everyone then plays ``greedy`` (``hands`` are consumed)."""
    points = [0] * SEATS
    trump = pos.trump
    trick = list(pos.trick)
    leader = pos.leader
    seat = (leader + len(trick)) % SEATS
    card = first
    while True:
        hands[seat].remove(card)
        if trump < 0:
            trump = SUIT[card]
        trick.append(card)
        if len(trick) == SEATS:
            best = 0
            for position in range(1, SEATS):
                if beats(trick[position], trick[best], trump):
                    best = position
            leader = (leader + best) % SEATS
            points[leader] += trick_points_of(trick, trump) + 1
            trick = []
            seat = leader
            if not hands[seat]:
                return points
        else:
            seat = (seat + 1) % SEATS
        card = greedy(hands[seat], trick, trump)


def search(
    pos: Position,
    candidates: Sequence[int],
    rng: random.Random,
    budget: int,
    *,
    max_deals: int = 300,
    seconds: float = SEARCH_SECONDS,
) -> int:
    """The candidate with the best average margin (own points less the others' mean) over sampled
    deals. ``budget`` bounds the work (card plays simulated, dealing counted alike); ``seconds`` is
    a guard against a slow machine: no new deal is sampled after this search has used that much CPU
    time (its own thread's, so that other processes on a busy machine do not change its play)."""
    if len(candidates) == 1:
        return candidates[0]
    deals = deals_for(pos, len(candidates), budget, max_deals)
    totals, _ = margin_totals(pos, candidates, rng, deals, seconds)
    return max(candidates, key=lambda c: (totals[c], -c))


def deals_for(pos: Position, candidates: int, budget: int, max_deals: int = 300) -> int:
    """How many deals a search of ``candidates`` cards samples within ``budget`` card plays."""
    cost = candidates * sum(pos.sizes) + 3 * len(pos.unseen) + 20
    return min(max_deals, max(2, budget // cost))


def margin_totals(
    pos: Position, candidates: Sequence[int], rng: random.Random, deals: int, seconds: float
) -> tuple[dict[int, float], int]:
    """Each candidate's margin (own points less the others' mean) summed over up to ``deals``
    sampled deals (none begun after ``seconds`` of this thread's CPU time), and the deals played:
    ``search``'s figures."""
    totals = dict.fromkeys(candidates, 0.0)
    deadline = time.thread_time() + seconds
    played = 0
    for _ in range(deals):
        if time.thread_time() > deadline:
            break
        hands = sample_hands(pos, rng)
        for card in candidates:
            points = play_out([list(h) for h in hands], pos, card)
            mine = points[pos.me]
            totals[card] += mine - (sum(points) - mine) / (SEATS - 1)
        played += 1
    return totals, played

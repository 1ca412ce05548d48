"""Skalborg scoring, itemised: a hand of four with the four board cards, counted as one 8-card show.

Fifteens and pairs are cribbage's (jokers take no part). Runs and flushes count only the longest
sequence for each distinct set of cards; a joker is wild in runs (any rank, including the slot
between king and ace) and adds itself to every flush of its colour. The rulings behind each rule
are in docs/rules/skalborg-scoring.md; ``muggins.scoring.skalborg_fast`` gives the same totals
from tables.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from muggins.cards import Card, Suit, require_distinct
from muggins.scoring.combos import fifteens, pairs
from muggins.scoring.items import Item, Kind, Score

SIDE: Final = 4
"""Cards in a Skalborg hand, and on the board."""
SLOTS: Final = 14
"""Places in the run cycle: slot 0 (only a joker can stand there, between king and ace), then 1-13."""
MIN_RUN: Final = 3
MIN_FLUSH: Final = 4


class SkalborgError(ValueError):
    """Cards that cannot be scored as a Skalborg showdown: the wrong number, or not cards at all."""


def score_skalborg(hand: Sequence[Card], board: Sequence[Card]) -> Score:
    """Score ``hand`` (4 cards) with the ``board`` (the 4 community cards), itemised.

    Items come in counting order: fifteens, pairs, runs, flushes.

    >>> from muggins.cards import parse_cards
    >>> score_skalborg(parse_cards("5S 5H 3S JKB"), parse_cards("6D 7H QH JH")).total
    31
    """
    check_skalborg(hand, board)
    cards = (*hand, *board)
    return Score((*fifteens(cards), *pairs(cards), *runs(cards), *flushes(cards)))


def check_skalborg(hand: Sequence[Card], board: Sequence[Card]) -> None:
    """Raise ``SkalborgError`` unless hand and board are 4 cards each; ``DuplicateCardError`` on a repeat."""
    for name, side in (("hand", hand), ("board", board)):
        if len(side) != SIDE:
            raise SkalborgError(f"a Skalborg {name} has {SIDE} cards, not {len(side)}")
        for card in side:
            if not isinstance(card, Card):
                raise SkalborgError(f"the {name} holds {card!r}, which is not a card")
    require_distinct((*hand, *board))


def runs(cards: Sequence[Card]) -> list[Item]:
    """Every run that no longer run contains, once per distinct set of cards; it scores one per card.

    Straight from the definition: try every set of three or more cards, longest first, and keep
    each set that is a run (``run_order``) and lies inside no run already kept.
    """
    kept: list[frozenset[Card]] = []
    items: list[Item] = []
    for size in range(len(cards), MIN_RUN - 1, -1):
        found: list[frozenset[Card]] = []
        for combo in itertools.combinations(cards, size):
            members = frozenset(combo)
            if any(members < longer for longer in kept):
                continue
            order = run_order(combo)
            if order is not None:
                found.append(members)
                items.append(Item(Kind.RUN, order, size))
        kept.extend(found)
    return items


def run_order(cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The cards laid out as a run, jokers in the slots they fill; None if they are not a run.

    A run is three or more cards of distinct ranks that fill consecutive slots of the cycle
    0 (joker only), A, 2, ..., K, 0: jokers fill the gaps and any joker left over extends the top.
    Going from king to ace is only possible through a joker standing in slot 0.
    """
    standard = sorted((c for c in cards if not c.is_joker), key=lambda c: c.rank)
    jokers = [c for c in cards if c.is_joker]
    ranks = [c.rank for c in standard]
    if len(cards) < MIN_RUN or len(set(ranks)) != len(ranks) or not standard:
        return None
    # The run covers the cycle except its widest gap between neighbouring ranks.
    gaps = [b - a for a, b in itertools.pairwise(ranks)] + [ranks[0] + SLOTS - ranks[-1]]
    widest = max(range(len(gaps)), key=gaps.__getitem__)
    start = (widest + 1) % len(standard)
    span = SLOTS - gaps[widest] + 1
    if span - len(standard) > len(jokers):
        return None
    by_slot = {c.rank: c for c in standard}
    spare = iter(jokers)
    order = [by_slot.get((ranks[start] + step) % SLOTS) or next(spare) for step in range(span)]
    return (*order, *spare)


def flushes(cards: Sequence[Card]) -> list[Item]:
    """For each suit, its cards and the joker of its colour make one flush if there are four or more."""
    items: list[Item] = []
    for suit in Suit:
        members = tuple(c for c in cards if c.suit == suit or (c.is_joker and c.colour_red == suit.is_red))
        if len(members) >= MIN_FLUSH:
            items.append(Item(Kind.FLUSH, members, len(members)))
    return items

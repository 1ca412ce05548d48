"""Skalborg scoring, itemised: a hand of four with the four board cards, counted as one 8-card show.

Fifteens and pairs are cribbage's (jokers take no part). Runs and flushes count only the longest
sequence for each distinct set of cards; a joker is wild in runs (any rank, including the slot
between king and ace) and adds itself to every flush of its colour. The rulings behind each rule
are in docs/rules/scoring.md (Skalborg section); ``muggins.scoring.skalborg.fast`` gives the same totals
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
    return _score((*hand, *board))


def score_so_far(hand: Sequence[Card], board: Sequence[Card]) -> Score:
    """What ``hand`` (4 cards) would score with the board cards turned so far (0 to 4): the same
    count as the showdown's, on fewer cards. Equal to ``score_skalborg`` once all four are turned.

    >>> from muggins.cards import parse_cards
    >>> score_so_far(parse_cards("5S 5H 3S JKB"), parse_cards("6D 7H")).total
    16
    """
    check_skalborg(hand, board, turned=range(SIDE + 1))
    return _score((*hand, *board))


def _score(cards: Sequence[Card]) -> Score:
    return Score((*fifteens(cards), *pairs(cards), *runs(cards), *flushes(cards)))


def check_skalborg(
    hand: Sequence[Card], board: Sequence[Card], turned: range = range(SIDE, SIDE + 1)
) -> None:
    """Raise ``SkalborgError`` unless the hand is 4 cards and the board has a number ``turned``
    allows (4: the showdown's); ``DuplicateCardError`` on a repeat."""
    for name, side, sizes in (("hand", hand, range(SIDE, SIDE + 1)), ("board", board, turned)):
        if len(side) not in sizes:
            wanted = f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else str(sizes[0])
            raise SkalborgError(f"a Skalborg {name} has {wanted} cards, not {len(side)}")
        for card in side:
            if not isinstance(card, Card):
                raise SkalborgError(f"the {name} holds {card!r}, which is not a card")
    require_distinct((*hand, *board))


def runs(cards: Sequence[Card]) -> list[Item]:
    """Every run that no longer run contains, once per distinct set of cards; it scores one per card.

    A joker left out of a run could always extend it, so every counted run holds all the jokers
    present: try each set of ranks present, most ranks first, keep it if its cards with the jokers
    form a run (``run_order``) and no set of ranks kept before contains it, and count one run for
    each choice of one card per rank.
    """
    jokers = [c for c in cards if c.is_joker]
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        if not card.is_joker:
            by_rank.setdefault(card.rank, []).append(card)
    kept: list[frozenset[int]] = []
    items: list[Item] = []
    for size in range(len(by_rank), max(MIN_RUN - len(jokers), 1) - 1, -1):
        for ranks in itertools.combinations(sorted(by_rank), size):
            if shortest_arc(ranks)[1] - size > len(jokers) or any(k.issuperset(ranks) for k in kept):
                continue
            kept.append(frozenset(ranks))
            for choice in itertools.product(*(by_rank[rank] for rank in ranks)):
                order = run_order((*choice, *jokers))
                assert order is not None, "a set of ranks that fits its arc with the jokers is a run"
                items.append(Item(Kind.RUN, order, len(order)))
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
    if len(cards) < MIN_RUN or not standard or len(set(ranks)) != len(ranks):
        return None
    first, span = shortest_arc(ranks)
    if span - len(standard) > len(jokers):
        return None
    by_slot = {c.rank: c for c in standard}
    spare = iter(jokers)
    order = [by_slot.get((ranks[first] + step) % SLOTS) or next(spare) for step in range(span)]
    return (*order, *spare)


def shortest_arc(ranks: Sequence[int]) -> tuple[int, int]:
    """For distinct ranks in increasing order: the shortest stretch of the slot cycle holding them
    all, as (position in ``ranks`` of the rank it starts from, number of slots). It leaves out the
    widest gap between neighbouring ranks."""
    gaps = [b - a for a, b in itertools.pairwise(ranks)] + [ranks[0] + SLOTS - ranks[-1]]
    widest = max(range(len(gaps)), key=gaps.__getitem__)
    return (widest + 1) % len(ranks), SLOTS - gaps[widest] + 1


def flushes(cards: Sequence[Card]) -> list[Item]:
    """For each suit, its cards and the joker of its colour make one flush if there are four or more."""
    items: list[Item] = []
    for suit in Suit:
        members = tuple(c for c in cards if c.suit == suit or (c.is_joker and c.colour_red == suit.is_red))
        if len(members) >= MIN_FLUSH:
            items.append(Item(Kind.FLUSH, members, len(members)))
    return items

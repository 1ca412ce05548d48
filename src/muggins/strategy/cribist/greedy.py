"""Cribist's greedy play on card indices (``suit * 13 + rank - 1``, as ``Card.index``): the greedy
bot's choice, and the policy the search plays its deals out with, so that the search's model of a
greedy table is the greedy table itself.

Win the trick where it scores best (the last to play taking it with the lowest such card, the others
with the highest); otherwise shed the card that puts least on the trick, keeping trumps and high
cards. The opening lead names trumps: the top of the longest suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from muggins.cards import JACK
from muggins.games.cribist.options import SEATS
from muggins.games.cribist.rules import trick_points_of

RANK: Final = tuple(i % 13 + 1 for i in range(52))
"""A card index's rank, ace 1 to king 13."""
SUIT: Final = tuple(i // 13 for i in range(52))
VALUE: Final = tuple(min(rank, 10) for rank in RANK)


def beats(card: int, top: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from ``top``, the card now winning it."""
    suit = SUIT[card]
    return (suit == SUIT[top] and card > top) or (suit == trump and SUIT[top] != trump)


def legal(hand: Sequence[int], led: int) -> list[int]:
    """The cards of ``hand`` that may be played when ``led`` is the suit led (-1: leading)."""
    if led < 0:
        return list(hand)
    following = [c for c in hand if SUIT[c] == led]
    return following or list(hand)


def points_so_far(cards: Sequence[int], trump: int) -> int:
    """The points a trick would hold with these cards: its score once all four are in; before that,
    the fifteens, pairs and runs among them and the jack of trumps."""
    if len(cards) == SEATS:
        return trick_points_of(cards, trump)
    ranks = [RANK[c] for c in cards]
    points = sum(1 for c in cards if SUIT[c] == trump and RANK[c] == JACK)
    values = [VALUE[c] for c in cards]
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            points += 2 * (ranks[i] == ranks[j]) + 2 * (values[i] + values[j] == 15)
    if len(cards) == SEATS - 1:  # three cards: a fifteen of all three, a run of three
        points += 2 * (sum(values) == 15)
        low = min(ranks)
        points += 3 * (sorted(ranks) == [low, low + 1, low + 2])
    return points


def greedy(hand: Sequence[int], trick: Sequence[int], trump: int) -> int:
    """The greedy card from ``hand`` for a trick holding ``trick`` (``trump`` -1 before the opening
    lead); ties go to the earlier card of ``hand``. Each choice is the best of one whole-number key
    (written out as loops: the search plays every card of its deals with this)."""
    if trump < 0:
        return _opening_lead(hand)
    best, most = hand[0], -1
    if not trick:  # lead the highest trump, else the highest card
        for card in hand:
            key = 16 * (SUIT[card] == trump) + RANK[card]
            if key > most:
                best, most = card, key
        return best
    cards = legal(hand, SUIT[trick[0]])
    top = trick[0]
    for card in trick[1:]:
        if beats(card, top, trump):
            top = card
    last = len(trick) == SEATS - 1
    pile = list(trick)
    pile.append(0)
    least = 1 << 30
    winning = False
    for card in cards:
        pile[-1] = card
        points = points_so_far(pile, trump)
        if beats(card, top, trump):  # win where it scores most: the last cheaply, the others high
            key = 32 * points + (16 - RANK[card] if last else RANK[card])
            if not winning or key > most:
                best, most, winning = card, key, True
        elif not winning:  # else give least away, keeping trumps and high cards
            key = 64 * points + 16 * (SUIT[card] == trump) + RANK[card]
            if key < least:
                best, least = card, key
    return best


def _opening_lead(hand: Sequence[int]) -> int:
    """The opening lead, which names trumps: the top of the longest suit (ties: the suit with the
    higher ranks in all, then the lower suit)."""
    lengths = [0, 0, 0, 0]
    for card in hand:
        lengths[SUIT[card]] += 1000 + RANK[card]
    suit = 0
    for other in range(1, 4):
        if lengths[other] > lengths[suit]:
            suit = other
    best = -1
    for card in hand:
        if SUIT[card] == suit and (best < 0 or RANK[card] > RANK[best]):
            best = card
    return best

"""Points in the play (pegging), itemised: for the card just laid, and the go / last card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from muggins.cards import ALL_CARDS, Card, require_distinct
from muggins.scoring.items import Item, Kind, Score

_SETS: Final = {
    2: (Kind.PAIR, 2),
    3: (Kind.PAIR_ROYAL, 6),
    4: (Kind.DOUBLE_PAIR_ROYAL, 12),
    5: (Kind.FIVE_OF_A_KIND, 20),
    6: (Kind.SIX_OF_A_KIND, 30),
}
"""A run of equal ranks ending the pile, by its length: a pair for every two of them. Five and six
of a kind need wild jokers called to repeat a rank (docs/rules/cribbage.md, "Wild jokers")."""
_SET_POINTS: Final = (0, 0, 2, 6, 12, 20, 30)
"""A pair, pair royal or double pair royal's points (and five and six of a kind's), by how many equal
ranks end the pile."""
_NOTHING: Final = Score()
"""The score of a card that makes nothing (most cards): a score is immutable, so one serves all."""


class PeggingError(ValueError):
    """A pile that could not have been played: over 31, empty, repeated cards or jokers."""


def pile_count(pile: Sequence[Card]) -> int:
    """The running count of the cards laid since the last reset."""
    return sum(c.value for c in pile)


def score_play(pile: Sequence[Card]) -> Score:
    """Points for laying ``pile[-1]`` on the cards before it (all laid since the last reset).

    Fifteen 2 and thirty-one 2 on the count; the longest suffix of equal ranks as a pair (2),
    pair royal (6) or double pair royal (12); and the longest suffix of three or more cards
    that form a run when sorted, one point per card.
    """
    check_pile(pile)
    return peg(list(pile), pile_count(pile))


def peg(pile: list[Card], count: int) -> Score:
    """``score_play`` without checking the pile: for engines that have already checked each card."""
    size = len(pile)
    last = pile[size - 1]
    same = 1
    while same < size and pile[size - 1 - same].rank == last.rank:
        same += 1
    run = _run_suffix(pile) if same == 1 and size >= 3 else 0  # a pair ends every run
    if count not in (15, 31) and same == 1 and not run:
        return _NOTHING
    items: list[Item] = []
    if count == 15:
        items.append(Item(Kind.FIFTEEN, tuple(pile), 2))
    elif count == 31:
        items.append(Item(Kind.THIRTY_ONE, tuple(pile), 2))
    if same >= 2:
        kind, points = _SETS[same]
        items.append(Item(kind, tuple(pile[-same:]), points))
    if run:
        items.append(Item(Kind.RUN, tuple(pile[-run:]), run))
    return Score(tuple(items))


def longest_run_suffix(pile: Sequence[Card]) -> int:
    """The length of the longest suffix (3 or more) whose ranks are distinct and consecutive; else 0."""
    return _run_suffix(list(pile))


def _run_suffix(pile: list[Card]) -> int:
    """``longest_run_suffix`` of a list."""
    return run_suffix([card.rank for card in pile])


def run_suffix(ranks: list[int]) -> int:
    """``longest_run_suffix`` of the ranks laid (compiled, a list of ints is read natively)."""
    size = len(ranks)
    best, low, high, seen = 0, 14, 0, 0
    for length in range(1, size + 1):
        rank = ranks[size - length]
        bit = 1 << rank
        if seen & bit:
            break  # every longer suffix holds this pair too
        seen |= bit
        low = min(low, rank)
        high = max(high, rank)
        if high - low >= size:
            break  # a longer suffix spans at least as many ranks, more than the pile has cards
        if length >= 3 and high - low == length - 1:
            best = length
    return best


def rank_points(ranks: list[int], count: int) -> int:
    """``peg(...).total`` from the ranks laid since the reset alone: for engines that play on
    numbers and need no items."""
    size = len(ranks)
    last = ranks[size - 1]
    same = 1
    while same < size and ranks[size - 1 - same] == last:
        same += 1
    points = 2 if count in (15, 31) else 0
    if same >= 2:
        return points + _SET_POINTS[same]
    if size >= 3:
        points += run_suffix(ranks)
    return points


def score_go(pile: Sequence[Card], *, last_card: bool = False) -> Score:
    """The point for the last card laid before a reset: 1 unless the count is 31 (already scored 2).

    ``last_card`` names it "last card" (the final card of the play) rather than "go".
    """
    check_pile(pile)
    return go_point(pile, pile_count(pile), last_card=last_card)


def go_point(pile: Sequence[Card], count: int, *, last_card: bool = False) -> Score:
    """``score_go`` without checking the pile, for engines that know its ``count``."""
    if count == 31:
        return _NOTHING
    return (_LAST_CARD_POINTS if last_card else _GO_POINTS)[pile[-1].index]


_GO_POINTS: Final = tuple(Score((Item(Kind.GO, (card,), 1),)) for card in ALL_CARDS)
"""The go point for each last card laid, by its index, made once (a score is immutable)."""
_LAST_CARD_POINTS: Final = tuple(Score((Item(Kind.LAST_CARD, (card,), 1),)) for card in ALL_CARDS)


def check_pile(pile: Sequence[Card]) -> None:
    """Raise ``PeggingError`` unless ``pile`` is a possible sequence of plays since a reset."""
    if not pile:
        raise PeggingError("no card has been laid")
    if any(c.is_joker for c in pile):
        raise PeggingError("jokers are wild only at a table with jokers: this count takes the 52 cards")
    require_distinct(pile)
    if pile_count(pile) > 31:
        raise PeggingError(f"the count may not pass 31 (these cards count {pile_count(pile)})")

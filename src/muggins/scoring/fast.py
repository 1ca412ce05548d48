"""Fast cribbage show totals from precomputed tables, one hand at a time.

The fifteens, pairs and runs of a show depend only on the ranks of its cards, so they are
looked up in a table with one entry per *ordered* tuple of ranks (13**5 entries for a four-card
hand and starter, 13**4 for the three-card hand of five-card cribbage): no sorting is needed.
Flush and nobs depend on suits and are added with a few comparisons. The itemised
``muggins.scoring.show.score_show`` is the reference these totals must always equal.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from muggins.cards import JACK, STANDARD_CARDS, Card
from muggins.shipped import shipped_bytes

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

RANKS: Final = 13
SHOW_SIZES: Final = (3, 4)
"""Hand sizes the table-driven show scorers accept: four cards, or three in five-card cribbage."""
LONG_SHOW_SIZES: Final = (5, 6)
"""Longer hands, counted from their ranks (no table is shipped for six or seven cards shown): the
five-card hands of seven-card cribbage and the six-card hands of eight-card cribbage."""
FIFTEEN: Final = 15
_VALUE_OF_RANK: Final = tuple(min(rank + 1, 10) for rank in range(RANKS))

_RANK_OF: Final = tuple(card.rank - 1 for card in STANDARD_CARDS)
_SUIT_OF: Final = tuple(int(card.suit or 0) for card in STANDARD_CARDS)
_NOBS_JACK: Final = tuple(RANKS * suit + JACK - 1 for suit in _SUIT_OF)
"""For each starter index, the index of the jack that scores his nobs with it."""
_NOT_STANDARD: Final = 1 << 52
"""A sum of ``1 << card.index`` over distinct standard cards stays below this."""


RANK_TABLE_FILES: Final = {cards: f"cribbage_ranks{cards}.zlib" for cards in (3, 4, 5)}
"""The shipped rank tables in ``muggins.data`` by number of cards: one byte an entry, zlib-compressed
(``python -m muggins.scoring.ranks`` writes them; a test holds them to the builder)."""


@functools.cache
def rank_bytes(cards: int) -> bytes:
    """The rank table of ``cards`` cards (3, 4 or 5) as bytes, one entry each: fifteens, pairs
    and runs of every ordered tuple of ranks (0 = ace ... 12 = king) read as base-13 digits, first
    card most significant. Read from its shipped file once per process, without numpy."""
    return shipped_bytes(RANK_TABLE_FILES[cards], RANKS**cards)


@functools.cache
def rank_table(cards: int) -> npt.NDArray[np.uint8]:
    """``rank_bytes(cards)`` as a read-only numpy array, for whole-array scoring."""
    import numpy as np

    table: npt.NDArray[np.uint8] = np.frombuffer(rank_bytes(cards), dtype=np.uint8)
    return table


class _ScalarTables:
    """The rank tables by number of cards shown, as bytes (the quickest lookup from compiled code),
    loaded on the first show: a compiled attribute read, where a cached function is a Python call."""

    def __init__(self) -> None:
        self.four = b""
        self.five = b""

    def load(self) -> None:
        self.four, self.five = rank_bytes(4), rank_bytes(5)


_TABLES: Final = _ScalarTables()

RANK_PLACES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r * RANKS**place for r in _RANK_OF) for place in range(5)
)
"""``RANK_PLACES[p][card.index]``: the card's rank (0-12) times 13**p, its share of a rank-table index
when it is the p-th card from the end."""


def show_points(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The show total of ``hand`` (4 cards; 3, 5 or 6 in five-, seven- and eight-card cribbage) with
    ``starter``.

    Equal to ``score_show(hand, starter, crib=crib).total`` and checks its input the same way
    (``ShowError`` for a wrong size, a joker or a repeated card), at a small fraction of the cost.

    >>> from muggins.cards import parse_cards
    >>> *hand, starter = parse_cards("5H 5D 5S JC 5C")
    >>> show_points(hand, starter)
    29
    """
    tables = _TABLES
    if not tables.five:
        tables.load()
    cards = tuple(hand)  # the same tuple if it is one: read by index in C, not by iteration
    if len(cards) == 4:
        ia, ib, ic, id_, i5 = cards[0].index, cards[1].index, cards[2].index, cards[3].index, starter.index
        ba, bb, bc, bd, b5 = 1 << ia, 1 << ib, 1 << ic, 1 << id_, 1 << i5
        every = ba + bb + bc + bd + b5
        if every >= _NOT_STANDARD or ba | bb | bc | bd | b5 != every:  # a joker, or a card twice
            _refuse(hand, starter)
        return index_points(ia, ib, ic, id_, i5, crib)
    if len(cards) == 3:
        ia, ib, ic, i5 = cards[0].index, cards[1].index, cards[2].index, starter.index
        ba, bb, bc, b5 = 1 << ia, 1 << ib, 1 << ic, 1 << i5
        every = ba + bb + bc + b5
        if every >= _NOT_STANDARD or ba | bb | bc | b5 != every:
            _refuse(hand, starter)
        r = _RANK_OF
        points = tables.four[((r[ia] * RANKS + r[ib]) * RANKS + r[ic]) * RANKS + r[i5]]
        s = _SUIT_OF
        suit = s[ia]
        if s[ib] == suit and s[ic] == suit:
            points += 4 if s[i5] == suit else 0 if crib else 3
        jack = _NOBS_JACK[i5]
        if jack in (ia, ib, ic):
            points += 1
        return points
    if len(cards) in LONG_SHOW_SIZES:
        return _long_show(cards, starter, crib)
    _refuse(hand, starter)  # raises for the wrong number of cards
    raise AssertionError("unreachable")  # pragma: no cover


def _long_show(cards: tuple[Card, ...], starter: Card, crib: bool) -> int:
    """The show total of a five- or six-card hand with the starter, checked as ``show_points`` does."""
    every = 1 << starter.index
    bits = every
    for card in cards:
        bit = 1 << card.index
        every += bit
        bits |= bit
    if every >= _NOT_STANDARD or bits != every:
        _refuse(cards, starter)
    return counted_show(cards, starter, crib)


def counted_show(hand: Sequence[Card], starter: Card, crib: bool) -> int:
    """The show total of standard cards, any number of them, counted from their ranks and suits and
    unchecked: also for a hand holding one card twice (a wild joker called as a card held)."""
    points = counted_points([card.rank - 1 for card in (*hand, starter)])
    suit = hand[0].suit
    if all(card.suit == suit for card in hand):
        points += len(hand) + 1 if starter.suit == suit else 0 if crib else len(hand)
    for card in hand:
        if card.rank == JACK and card.suit == starter.suit:
            points += 1
    return points


def counted_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of cards given by rank (0 = ace ... 12 = king), any number of them,
    worked out from the ranks: the subsets making fifteen by counting sums card by card, the pairs
    and the runs from how many cards each rank has.

    >>> counted_points([4, 4, 4, 4, 10])  # four fives and a jack: fifteen 16, double pair royal 12
    28
    """
    ways = [0] * (FIFTEEN + 1)  # ways[s]: subsets of the cards so far summing to s
    ways[0] = 1
    counts = [0] * (RANKS + 1)  # a last empty rank ends a run at the king
    for rank in ranks:
        value = _VALUE_OF_RANK[rank]
        for total in range(FIFTEEN, value - 1, -1):
            ways[total] += ways[total - value]
        counts[rank] += 1
    points = 2 * ways[FIFTEEN]
    length, product = 0, 1
    for count in counts:
        points += count * (count - 1)  # two points for each two cards of one rank
        if count:
            length += 1
            product *= count
            continue
        if length >= 3:
            points += length * product
        length, product = 0, 1
    return points


def index_points(ia: int, ib: int, ic: int, id_: int, i5: int, crib: bool) -> int:  # noqa: PLR0917
    """The show total of four cards and a starter given by their indices, unchecked: for engines
    whose cards are already known to be four distinct standard cards and a fifth."""
    tables = _TABLES
    if not tables.five:
        tables.load()
    r = _RANK_OF
    key = (((r[ia] * RANKS + r[ib]) * RANKS + r[ic]) * RANKS + r[id_]) * RANKS + r[i5]
    points: int = tables.five[key]
    s = _SUIT_OF
    suit = s[ia]
    if s[ib] == suit and s[ic] == suit and s[id_] == suit:
        points += 5 if s[i5] == suit else 0 if crib else 4
    jack = _NOBS_JACK[i5]
    if jack in (ia, ib, ic, id_):
        points += 1
    return points


def _refuse(hand: Sequence[Card], starter: Card) -> None:
    """Raise the itemised scorer's ``ShowError`` for a hand that cannot be shown (imported here:
    ``muggins.scoring.show`` counts its totals with this module)."""
    from muggins.scoring.show import check_show

    check_show(hand, starter)

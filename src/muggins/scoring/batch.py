"""Show totals for many hands at once (numpy), and the expected show of each way to keep a deal.

Hands are arrays of card indices (``Card.index``, 0-51); the same rank tables as the scalar
``muggins.scoring.fast.show_points`` give fifteens, pairs and runs, and flush and nobs come from
per-card suit and jack bits. These are the scorers bots and analysis call in their inner loops.
"""

from __future__ import annotations

import functools
import itertools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from muggins.cards import JACK, STANDARD_CARDS, Card, require_distinct
from muggins.scoring.fast import RANK_PLACES, RANKS, SHOW_SIZES, rank_table
from muggins.scoring.show import ShowError

_INDICES: Final = np.arange(52)
CHUNK: Final = 1 << 15
"""Rows scored together: small enough for the working arrays to stay in cache."""
_SUITS_AT: Final = 20
"""A packed code (``_card_codes``) holds the rank-table index's share below this bit, and from it
each suit's count among the hand's cards (3 bits each), the suits of the hand's jacks (4 bits) and
the starter's suit (2 bits): 18 bits that index ``_suit_points``."""
_KEY_MASK: Final = (1 << _SUITS_AT) - 1
_CARD_BIT: Final = np.left_shift(np.uint64(1), _INDICES.astype(np.uint64))
"""One bit per card index, to find a card repeated within a row."""


class BatchError(ShowError):
    """Hands or starters that cannot be scored: wrong shape, a card index outside 0-51, a repeat."""


@functools.cache
def _card_codes(size: int) -> tuple[npt.NDArray[np.int64], ...]:
    """For each place of a hand of ``size`` cards and then the starter, each card's packed code; a
    row's codes add up without carries to its rank-table index and its suit counts, jacks' suits and
    starter's suit (``_SUITS_AT``)."""
    suit = _INDICES // RANKS
    jack = (_INDICES % RANKS == JACK - 1).astype(np.int64)
    hand = [
        np.array(RANK_PLACES[size - place], dtype=np.int64)
        + (np.int64(1) << (_SUITS_AT + 3 * suit))
        + (jack << (_SUITS_AT + 12 + suit))
        for place in range(size)
    ]
    starter = np.array(RANK_PLACES[0], dtype=np.int64) + (suit.astype(np.int64) << (_SUITS_AT + 16))
    for codes in (*hand, starter):
        codes.flags.writeable = False
    return (*hand, starter)


@functools.cache
def _suit_points(size: int, crib: bool) -> npt.NDArray[np.uint8]:
    """Flush and nobs points by the 18 suit bits of a row's packed sum (``_SUITS_AT``): a hand of one
    suit scores ``size``, or ``size + 1`` with the starter's suit too (a crib only then); a jack of
    the starter's suit scores one."""
    index = np.arange(1 << 18)
    counts = np.stack([(index >> 3 * s) & 7 for s in range(4)])
    jacks, starter = (index >> 12) & 15, index >> 16
    flushed = counts == size  # by suit: the hand's cards are all of it
    five = flushed[starter, index]
    points = np.where(five, size + 1, np.where(flushed.any(axis=0) & (not crib), size, 0))
    points += (jacks >> starter) & 1
    table = points.astype(np.uint8)
    table.flags.writeable = False
    return table


def show_points_batch(
    hands: npt.ArrayLike, starters: npt.ArrayLike, crib: bool = False, *, check: bool = True
) -> npt.NDArray[np.uint8]:
    """Show totals for ``hands`` (shape (N, 4), or (N, 3) for five-card cribbage) with ``starters`` (N,).

    Entries are card indices (``Card.index``). Returns uint8 totals: row ``i`` is
    ``score_show(hand_i, starter_i, crib=crib).total``. With ``check`` (the default) a wrong
    shape, an index outside 0-51 or a card repeated within a row raises ``BatchError``; bots
    that build their own rows may pass ``check=False`` to skip the checks.

    >>> from muggins.cards import parse_cards
    >>> hand = [[c.index for c in parse_cards("5H 5D 5S JC")]]
    >>> show_points_batch(np.array(hand), np.array([parse_cards("5C")[0].index])).tolist()
    [29]
    """
    hands, starters = np.asarray(hands), np.asarray(starters)
    if check:
        _check_batch(hands, starters)
    size = hands.shape[1]
    codes = _card_codes(size)
    ranks, suits = rank_table(size + 1), _suit_points(size, crib)
    points = np.empty(len(starters), dtype=np.uint8)
    for start in range(0, len(starters), CHUNK):
        rows, cut = hands[start : start + CHUNK], starters[start : start + CHUNK]
        if check:
            _check_distinct(rows, cut, start)
        total = codes[size][cut]
        for place in range(size):
            total += codes[place][rows[:, place]]
        points[start : start + CHUNK] = ranks[total & _KEY_MASK] + suits[total >> _SUITS_AT]
    return points


def _check_batch(hands: npt.NDArray[np.generic], starters: npt.NDArray[np.generic]) -> None:
    """Raise ``BatchError`` naming what is wrong with a batch of hands and starters."""
    if not np.issubdtype(hands.dtype, np.integer) or not np.issubdtype(starters.dtype, np.integer):
        raise BatchError(
            f"hands and starters must be integer card indices, not {hands.dtype}/{starters.dtype}"
        )
    if hands.ndim != 2 or hands.shape[1] not in SHOW_SIZES:
        raise BatchError(f"hands must have shape (N, 4) or (N, 3), not {hands.shape}")
    if starters.shape != (hands.shape[0],):
        raise BatchError(f"starters must have shape ({hands.shape[0]},), not {starters.shape}")
    if hands.size == 0:
        return
    for name, cards in (("hands", hands), ("starters", starters)):
        low, high = int(cards.min()), int(cards.max())
        if low < 0 or high > 51:
            raise BatchError(f"card indices must be 0-51, found {low if low < 0 else high} in {name}")


def _check_distinct(hands: npt.NDArray[np.generic], starters: npt.NDArray[np.generic], first: int) -> None:
    """Raise ``BatchError`` naming the first row (numbered from ``first``) that repeats a card: a
    card's bit already among the row's bits. Called a chunk at a time, while it is in cache."""
    seen = _CARD_BIT[starters]
    repeated = np.zeros_like(seen)
    for place in range(hands.shape[1]):
        bit = _CARD_BIT[hands[:, place]]
        repeated |= seen & bit
        seen |= bit
    if repeated.any():
        row = int(np.argmax(repeated != 0))
        shown = " ".join(str(STANDARD_CARDS[int(card)]) for card in (*hands[row], starters[row]))
        raise BatchError(f"row {first + row} repeats a card: {shown}")


@dataclass(frozen=True, slots=True)
class Keep:
    """One way to keep cards from a deal, with the hand's average show over the possible starters."""

    kept: tuple[Card, ...]
    discarded: tuple[Card, ...]
    expected: float


@functools.cache
def _keep_choices(dealt: int, keep: int) -> npt.NDArray[np.intp]:
    return np.array(list(itertools.combinations(range(dealt), keep)), dtype=np.intp)


def keep_expectations(dealt: Sequence[Card], keep: int = 4, crib: bool = False) -> list[Keep]:
    """For every way to keep ``keep`` of the ``dealt`` cards, the mean show of the kept hand.

    The mean is over every starter not among the dealt cards (46 for a six-card deal), each
    equally likely; the discards' worth to the crib is not included. Choices come in
    ``itertools.combinations`` order. Six cards keeping four (15 choices x 46 starters) takes
    well under a millisecond.
    """
    if keep not in SHOW_SIZES:
        raise ShowError(f"a kept hand has 4 cards (3 in five-card cribbage), not {keep}")
    if len(dealt) <= keep:
        raise ShowError(f"cannot keep {keep} of {len(dealt)} cards and discard any")
    if any(card.is_joker for card in dealt):
        raise ShowError("jokers are wild only at a table with jokers: this count takes the 52 cards")
    require_distinct(dealt)
    indices = np.array([card.index for card in dealt], dtype=np.intp)
    choices = _keep_choices(len(dealt), keep)
    starters = np.setdiff1d(_INDICES, indices)
    hands = np.repeat(indices[choices], starters.size, axis=0)
    points = show_points_batch(hands, np.tile(starters, len(choices)), crib, check=False)
    means = points.reshape(len(choices), starters.size).mean(axis=1)
    return [
        Keep(
            tuple(dealt[i] for i in choice),
            tuple(card for i, card in enumerate(dealt) if i not in choice),
            float(mean),
        )
        for choice, mean in zip(choices.tolist(), means.tolist(), strict=True)
    ]


def show_by_starter(hand: Sequence[Card], seen: Sequence[Card] = (), crib: bool = False) -> dict[Card, int]:
    """The show of ``hand`` with each starter that is neither in it nor among ``seen``, by starter."""
    if len(hand) not in SHOW_SIZES:
        raise ShowError(f"a hand to show has 4 cards (3 in five-card cribbage), not {len(hand)}")
    cards = (*hand, *seen)
    if any(card.is_joker for card in cards):
        raise ShowError("jokers are wild only at a table with jokers: this count takes the 52 cards")
    require_distinct(cards)
    starters = np.setdiff1d(_INDICES, [card.index for card in cards])
    hands = np.broadcast_to(
        np.array([card.index for card in hand], dtype=np.intp), (starters.size, len(hand))
    )
    points = show_points_batch(hands, starters, crib, check=False)
    return {STANDARD_CARDS[i]: p for i, p in zip(starters.tolist(), points.tolist(), strict=True)}


def expected_show(hand: Sequence[Card], seen: Sequence[Card] = (), crib: bool = False) -> float:
    """The mean show of ``hand`` over every starter that is neither in it nor among ``seen``."""
    by_starter = show_by_starter(hand, seen, crib)
    if not by_starter:
        raise ShowError("every card is in the hand or seen: no starter is left")
    return statistics.fmean(by_starter.values())

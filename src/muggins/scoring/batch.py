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
_SUIT_BIT: Final = (1 << _INDICES // RANKS).astype(np.uint8)
"""Per card index, one bit for its suit: the hand is a flush when its cards' bits share one."""
_JACK_BIT: Final = np.where(_INDICES % RANKS == JACK - 1, _SUIT_BIT, 0).astype(np.uint8)
"""The suit bit of each jack, 0 for other cards: nobs when a hand jack's bit is the starter's."""


class BatchError(ShowError):
    """Hands or starters that cannot be scored: wrong shape, a card index outside 0-51, a repeat."""


@functools.cache
def _place_tables(cards: int) -> tuple[npt.NDArray[np.int32], ...]:
    """``RANK_PLACES`` as arrays, first card first, for a rank table of ``cards`` cards."""
    return tuple(np.array(RANK_PLACES[cards - 1 - place], dtype=np.int32) for place in range(cards))


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
    # Index with the platform's index type: numpy converts any other integer type on every lookup.
    hands, starters = hands.astype(np.intp, copy=False), starters.astype(np.intp, copy=False)
    size = hands.shape[1]
    places = _place_tables(size + 1)
    first = hands[:, 0]
    key = places[0][first] + places[size][starters]
    same_suit, jacks = _SUIT_BIT[first], _JACK_BIT[first]
    for place in range(1, size):
        card = hands[:, place]
        key += places[place][card]
        same_suit &= _SUIT_BIT[card]
        jacks |= _JACK_BIT[card]
    points: npt.NDArray[np.uint8] = rank_table(size + 1)[key]
    starter_suit = _SUIT_BIT[starters]
    flush = same_suit != 0
    five = (same_suit & starter_suit) != 0
    points += five * np.uint8(size + 1)
    if not crib:
        points += (flush ^ five) * np.uint8(size)
    points += (jacks & starter_suit) != 0
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
    columns = [hands[:, place] for place in range(hands.shape[1])] + [starters]
    repeated = np.zeros(len(starters), dtype=bool)
    for a, b in itertools.combinations(columns, 2):
        repeated |= a == b
    if repeated.any():
        row = int(np.argmax(repeated))
        shown = " ".join(str(STANDARD_CARDS[int(column[row])]) for column in columns)
        raise BatchError(f"row {row} repeats a card: {shown}")


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
        raise ShowError("jokers are not used in cribbage")
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
        raise ShowError("jokers are not used in cribbage")
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

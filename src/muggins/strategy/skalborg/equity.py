"""Skalborg analysis: the expected final count of each throw, and equity (the chance to win the
showdown) against the cards one cannot see, exact by enumeration where feasible, else Monte Carlo.

Opponents' hands and the crib cards still face down are drawn from the unseen cards: the pack
less one's own hand, one's thrown card and the face-up crib cards. One's own thrown card, while
still face down, is certain to come up. Everything is scored with the Skalborg tables of
``muggins.scoring.skalborg.fast`` (rank part by the sorted ranks, flush part by suit counts).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from muggins.cards import ALL_CARDS, Card, require_distinct
from muggins.scoring.skalborg.fast import skalborg_points, skalborg_points_batch, tables
from muggins.scoring.skalborg.hand import SIDE
from muggins.scoring.skalborg.keys import FLUSH_WEIGHTS
from muggins.scoring.skalborg.tables import rank_key

Z95 = 1.959964
_SYMBOL = np.array([card.rank for card in ALL_CARDS], dtype=np.intp)
_FLUSH = np.array(FLUSH_WEIGHTS, dtype=np.intp)

IntArray = npt.NDArray[np.intp]


class AnalysisError(ValueError):
    """Cards that cannot be analysed: wrong counts, repeats, or too many players."""


@dataclass(frozen=True, slots=True)
class Equity:
    """Showdown chances: ``win`` outright, ``tie`` (split), ``share`` the expected part of the pot.

    ``error`` is the 95% half-width of ``share`` by the normal approximation (0 when ``exact``);
    ``interval`` the 95% Wilson score interval of ``share``, honest for a few samples too (a share
    is between 0 and 1, so its variance is at most a proportion's); ``hands`` counts the deals
    weighed (every deal when exact, the samples otherwise).
    """

    win: float
    tie: float
    share: float
    exact: bool
    hands: int
    error: float
    interval: tuple[float, float]

    def to_dict(self) -> dict[str, Any]:
        return {
            "win": self.win,
            "tie": self.tie,
            "lose": 1 - self.win - self.tie,
            "share": self.share,
            "exact": self.exact,
            "hands": self.hands,
            "error": self.error,
            "interval": list(self.interval),
        }


@dataclass(frozen=True, slots=True)
class ThrowOption:
    """One way to throw, and what it does at the showdown.

    The thrown card comes back on the board, so one's own final count is the same whatever is
    thrown (``mine``: all five dealt cards and three more, exact over every crib); what the throw
    changes is the opponents' count (``theirs``: the best of them, on average) and so the
    ``share`` of the pot won at a showdown (both sampled, the same deals for every throw).
    """

    throw: Card
    keep: tuple[Card, ...]
    mine: float
    theirs: float
    share: float
    error: float


def unseen(*known: Sequence[Card]) -> list[Card]:
    """The cards of the Skalborg pack not among ``known``."""
    seen = {card for group in known for card in group}
    return [card for card in ALL_CARDS if card not in seen]


def check_cards(hand: Sequence[Card], board: Sequence[Card], thrown: Card | None, players: int) -> None:
    """Raise ``AnalysisError`` unless the hand, board and thrown card make sense together."""
    if len(hand) != SIDE:
        raise AnalysisError(f"a Skalborg hand for the showdown has {SIDE} cards, not {len(hand)}")
    if len(board) > SIDE:
        raise AnalysisError(f"the board has at most {SIDE} cards, not {len(board)}")
    if not 2 <= players <= 4:
        raise AnalysisError(f"Skalborg is for 2-4 players, not {players}")
    try:
        require_distinct([*hand, *board, *([thrown] if thrown and thrown not in board else [])])
    except ValueError as exc:
        raise AnalysisError(str(exc)) from None
    if thrown is not None and thrown not in board and len(board) == SIDE:
        raise AnalysisError(f"the board is complete, so the thrown card {thrown} must be on it")


def equity(
    hand: Sequence[Card],
    board: Sequence[Card] = (),
    *,
    players: int = 2,
    thrown: Card | None = None,
    samples: int = 20_000,
    seed: int = 0,
    bias: Sequence[float] = (),
    exact: bool = True,
) -> Equity:
    """The chance that ``hand`` wins the showdown against ``players - 1`` unseen hands.

    Exact when only one opponent is left and at most one crib card is to come at random (the turn
    or the river), unless ``exact`` is False; otherwise ``samples`` deals drawn with ``seed``.
    ``bias`` (one exponent per opponent) weights each sampled opponent hand by its count's
    percentile raised to that power: how bots read strength into bets and raises.
    """
    check_cards(hand, board, thrown, players)
    pending = [thrown] if thrown is not None and thrown not in board else []
    to_come = SIDE - len(board) - len(pending)
    rest = unseen(hand, board, pending)
    if exact and players == 2 and not any(bias) and to_come <= 1:
        return _exact_heads_up(hand, [*board, *pending], rest, to_come)
    return _sampled(
        hand,
        [*board, *pending],
        rest,
        to_come=to_come,
        players=players,
        samples=samples,
        seed=seed,
        bias=bias,
    )


def _exact_heads_up(
    hand: Sequence[Card], fixed: Sequence[Card], rest: Sequence[Card], to_come: int
) -> Equity:
    """Every river (if one is to come) against every opponent hand of four, by the scoring tables:
    an opponent's count is the rank table at its ranks merged with the board's, plus the flush
    table at its flush key plus the board's."""
    rank_table, flush_table = tables()
    count = len(rest)
    indices = np.array([card.index for card in rest], dtype=np.intp)
    combos = _combinations(count, SIDE)
    cards = indices[combos]
    symbols = np.sort(_SYMBOL[cards], axis=1)
    codes = ((symbols[:, 0] * 14 + symbols[:, 1]) * 14 + symbols[:, 2]) * 14 + symbols[:, 3]
    _, first, shape_of = np.unique(codes, return_index=True, return_inverse=True)
    shapes = symbols[first]
    flush_keys = _FLUSH[cards].sum(axis=1)
    holds = np.zeros((count, len(combos)), dtype=bool)
    for place in range(SIDE):
        holds[combos[:, place], np.arange(len(combos))] = True
    last_key = len(flush_table) - 1
    rivers: list[int | None] = list(range(count)) if to_come else [None]
    win = tie = total = 0
    for river in rivers:
        board = [*fixed, *([rest[river]] if river is not None else [])]
        mine = skalborg_points([*hand, *board])
        board_symbols = np.array([card.rank for card in board], dtype=np.intp)
        merged = np.sort(np.hstack([shapes, np.broadcast_to(board_symbols, (len(shapes), SIDE))]), axis=1)
        rank_points = rank_table[rank_key(merged)]
        board_key = sum(FLUSH_WEIGHTS[c.index] for c in board)
        # Hands holding the river card are not dealt; clip their (meaningless) keys, then drop them.
        theirs = rank_points[shape_of] + flush_table[np.minimum(flush_keys + board_key, last_key)]
        dealt = ~holds[river] if river is not None else np.ones(len(combos), dtype=bool)
        win += int(np.count_nonzero((theirs < mine) & dealt))
        tie += int(np.count_nonzero((theirs == mine) & dealt))
        total += int(np.count_nonzero(dealt))
    share = (win + tie / 2) / total
    return Equity(win / total, tie / total, share, True, total, 0.0, (share, share))


@functools.cache
def _combinations(count: int, size: int) -> IntArray:
    """Every ``size``-subset of ``range(count)`` as rows, in lexicographic order (built once)."""
    flat = itertools.chain.from_iterable(itertools.combinations(range(count), size))
    rows = np.fromiter(flat, dtype=np.intp, count=math.comb(count, size) * size).reshape(-1, size)
    rows.flags.writeable = False
    return rows


def _sampled(
    hand: Sequence[Card],
    fixed: Sequence[Card],
    rest: Sequence[Card],
    *,
    to_come: int,
    players: int,
    samples: int,
    seed: int,
    bias: Sequence[float],
) -> Equity:
    """Monte Carlo: deal the crib cards to come and each opponent's four from the unseen cards."""
    rng = np.random.default_rng(seed)
    opponents = players - 1
    indices = np.array([card.index for card in rest], dtype=np.intp)
    need = to_come + SIDE * opponents
    if need > len(indices):
        raise AnalysisError(f"{players} players need {need} unseen cards, only {len(indices)} remain")
    drawn = indices[np.argsort(rng.random((samples, len(indices))), axis=1)[:, :need]]
    board = _rows(np.array([c.index for c in fixed], dtype=np.intp), drawn[:, :to_come])
    mine = skalborg_points_batch(_rows(np.array([c.index for c in hand], dtype=np.intp), board), check=False)
    best = np.zeros(samples, dtype=np.int16)
    weights = np.ones(samples)
    ties = np.zeros(samples)
    theirs_all = []
    for opponent in range(opponents):
        cards = drawn[:, to_come + SIDE * opponent : to_come + SIDE * (opponent + 1)]
        theirs = skalborg_points_batch(np.hstack([cards, board]), check=False)
        theirs_all.append(theirs)
        best = np.maximum(best, theirs)
        if opponent < len(bias) and bias[opponent]:
            percentile = (np.argsort(np.argsort(theirs, kind="stable"), kind="stable") + 1) / samples
            weights *= percentile ** bias[opponent]
    for theirs in theirs_all:
        ties += theirs == mine
    won = mine > best
    tied = mine == best
    share = np.where(won, 1.0, np.where(tied, 1.0 / (1 + ties), 0.0))
    weights /= weights.sum()
    mean = float((weights * share).sum())
    effective = 1.0 / float((weights**2).sum())
    spread = math.sqrt(float((weights * (share - mean) ** 2).sum()))
    return Equity(
        float((weights * won).sum()),
        float((weights * tied).sum()),
        mean,
        False,
        samples,
        Z95 * spread / math.sqrt(effective),
        wilson(mean, effective),
    )


def wilson(share: float, samples: float) -> tuple[float, float]:
    """The 95% Wilson score interval of a share measured over ``samples`` draws.

    >>> [round(x, 3) for x in wilson(0.0, 3)]
    [0.0, 0.561]
    """
    z2 = Z95 * Z95
    scale = 1 + z2 / samples
    centre = (share + z2 / (2 * samples)) / scale
    half = Z95 * math.sqrt(share * (1 - share) / samples + z2 / (4 * samples * samples)) / scale
    return max(0.0, min(share, centre - half)), min(1.0, max(share, centre + half))  # rounding aside


def analyze_throws(
    cards: Sequence[Card], *, players: int = 2, samples: int = 4_000, seed: int = 0
) -> list[ThrowOption]:
    """Each of the five throws, best share first (the crib is shared: a throw feeds the opponents)."""
    if len(cards) != SIDE + 1:
        raise AnalysisError(f"a Skalborg deal is {SIDE + 1} cards, not {len(cards)}")
    check_cards(cards[:SIDE], (), cards[SIDE], players)
    rest = np.array([card.index for card in unseen(cards)], dtype=np.intp)
    dealt = np.array([card.index for card in cards], dtype=np.intp)
    cribs = rest[_combinations(len(rest), SIDE - 1)]
    mine_exact = float(skalborg_points_batch(_rows(dealt, cribs), check=False).mean())
    opponents = players - 1
    rng = np.random.default_rng(seed)
    drawn = rest[np.argsort(rng.random((samples, len(rest))), axis=1)[:, : SIDE - 1 + SIDE * opponents]]
    crib = drawn[:, : SIDE - 1]
    mine = skalborg_points_batch(_rows(dealt, crib), check=False)
    options = []
    for throw in cards:
        board = _rows(np.array([throw.index]), crib)
        best = np.zeros(samples, dtype=np.int16)
        ties = np.zeros(samples)
        for opponent in range(opponents):
            start = SIDE - 1 + SIDE * opponent
            theirs = skalborg_points_batch(np.hstack([drawn[:, start : start + SIDE], board]), check=False)
            best = np.maximum(best, theirs)
            ties += theirs == mine
        share = np.where(mine > best, 1.0, np.where(mine == best, 1.0 / (1 + ties), 0.0))
        keep = tuple(card for card in cards if card is not throw)
        error = Z95 * float(share.std()) / math.sqrt(samples)
        options.append(ThrowOption(throw, keep, mine_exact, float(best.mean()), float(share.mean()), error))
    return sorted(options, key=lambda o: (-o.share, o.theirs))


def _rows(fixed: IntArray, varying: IntArray) -> IntArray:
    """``fixed`` card indices prepended to every row of ``varying``."""
    return np.hstack([np.broadcast_to(fixed, (len(varying), len(fixed))), varying])

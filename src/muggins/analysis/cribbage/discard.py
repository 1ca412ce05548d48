"""The discard analyzer: every way to split a deal, with the kept hand's exact expected show, its
min / max and distribution over the possible starters, the expected crib, with two players what
the kept hand can expect to peg, and the net, best first.

The crib comes from the shipped tables (what expert opponents throw, on average), or exactly:
averaged over every set of cards the other seats could add to the crib and every starter, each
set weighted uniformly or by how often the expert throws it. The exact average needs no loop over
those sets: the crib's fifteens, pairs and runs depend on ranks only, so the sets are counted by
rank pattern once per deal and each throw is then one dot product with a slice of the rank table.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from muggins.analysis.cribbage import crib as crib_tables
from muggins.analysis.cribbage.crib import CONFIGS, weight
from muggins.cards import JACK, STANDARD_CARDS, Card, require_distinct
from muggins.games.cribbage.options import layout
from muggins.games.cribbage.variants import Variant
from muggins.scoring.fast import RANKS, rank_table
from muggins.strategy.cribbage.cribtables import CribTables, config_name, shipped_tables, throw_key
from muggins.strategy.cribbage.keeps import KeepMatrix, keep_matrix
from muggins.strategy.cribbage.playworth import PlayWorth, shipped_play_worth

CribMode = Literal["tables", "uniform", "expert"]
OWN_CRIB = 4


class AnalysisError(ValueError):
    """A deal the analyzer cannot split: wrong number of cards for the variant, jokers, repeats."""


@dataclass(frozen=True, slots=True)
class Spread:
    """A four-card (or three-card) holding's show over every possible starter."""

    mean: float
    low: int
    high: int
    counts: dict[int, int]

    @classmethod
    def of(cls, points: npt.NDArray[np.int16]) -> Spread:
        values, counts = np.unique(points, return_counts=True)
        return cls(
            float(points.mean()),
            int(values[0]),
            int(values[-1]),
            dict(zip(values.tolist(), counts.tolist(), strict=True)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "min": self.low, "max": self.high, "distribution": self.counts}


@dataclass(frozen=True, slots=True)
class Split:
    """One way to split the deal: cards kept, thrown to the dealer's crib and (ten-hand) own crib."""

    kept: tuple[Card, ...]
    thrown: tuple[Card, ...]
    hand: Spread
    crib: float
    """Expected points of the dealer's crib given this throw."""
    crib_weight: float
    """+1 when the crib is the analysed seat's side's, negative when an opponent's."""
    own_crib: tuple[Card, ...] = ()
    own: Spread | None = None
    play: float = 0.0
    """What the kept hand can expect to peg less the other's (two players keeping four cards:
    ``strategy.cribbage.playworth``; else 0)."""

    @property
    def net(self) -> float:
        own = self.own.mean if self.own else 0.0
        return self.hand.mean + own + self.crib_weight * self.crib + self.play

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kept": [str(c) for c in self.kept],
            "thrown": [str(c) for c in self.thrown],
            "hand": self.hand.to_dict(),
            "crib": self.crib,
            "crib_weight": self.crib_weight,
            "play": self.play,
            "net": self.net,
        }
        if self.own is not None:
            data["own_crib"] = [str(c) for c in self.own_crib]
            data["own"] = self.own.to_dict()
        return data


def analyze(
    cards: Sequence[Card],
    *,
    dealer: bool,
    variant: Variant = "six-card",
    players: int = 2,
    partnerships: bool = False,
    crib: CribMode = "tables",
    tables: CribTables | None = None,
    seat: int | None = None,
    play: PlayWorth | None = None,
) -> list[Split]:
    """Every split of ``cards`` for the dealer (``dealer``) or the first pone, best net first;
    ``seat`` (places after the dealer, 0-3) names any other seat, e.g. the dealer's partner (2).
    With two players keeping four cards, each kept hand's play worth (``play``, else the shipped
    one) is part of the net, as the expert weighs it."""
    lay = layout(variant, players)
    cards = tuple(cards)
    if any(card.is_joker for card in cards):
        raise AnalysisError("the discard analysis takes the 52 cards: a wild joker is not analysed")
    require_distinct(cards)
    if len(cards) != lay.dealt:
        raise AnalysisError(
            f"{variant} cribbage for {players} players deals {lay.dealt} cards, not {len(cards)}"
        )
    if partnerships and players != 4:
        raise AnalysisError(f"partnerships need four players, not {players}")
    tables = tables or shipped_tables()
    config = config_name(players, partnerships)
    offset = seat if seat is not None else 0 if dealer else 1
    if not 0 <= offset < players:
        raise AnalysisError(f"seat {offset} after the dealer does not exist with {players} players")
    if lay.dealer_short and offset == 0:
        raise AnalysisError(f"with {players} players the dealer is dealt {lay.kept} cards and discards none")
    sign = weight(config, offset)
    hands = keep_matrix(cards, lay.kept)
    if lay.own_crib:
        splits = _ten_hand(
            cards, hands, throw=lay.to_crib, config=config, offset=offset, sign=sign, crib=crib, tables=tables
        )
    else:
        throws = [hands.thrown(row) for row in range(len(hands.rows))]
        cribs = crib_values(cards, throws, config=config, offset=offset, mode=crib, tables=tables)
        worth = (play or shipped_play_worth()) if config == "2" else PlayWorth.nothing()
        splits = [
            Split(
                hands.kept(row),
                throws[row],
                Spread.of(hands.points[row]),
                cribs[row],
                sign,
                play=worth.worth(hands.kept(row), offset == 0),
            )
            for row in range(len(hands.rows))
        ]
    return sorted(splits, key=lambda s: -s.net)


def _ten_hand(
    cards: tuple[Card, ...],
    hands: KeepMatrix,
    *,
    throw: int,
    config: str,
    offset: int,
    sign: float,
    crib: CribMode,
    tables: CribTables,
) -> list[Split]:
    owns = keep_matrix(cards, OWN_CRIB, crib=True)
    row_of = {frozenset(hands.rows[row].tolist()): row for row in range(len(hands.rows))}
    held = [Spread.of(hands.points[row]) for row in range(len(hands.rows))]
    laid = [Spread.of(owns.points[row]) for row in range(len(owns.rows))]
    thrown_sets = list(itertools.combinations(range(len(cards)), throw))
    throws = [tuple(cards[i] for i in t) for t in thrown_sets]
    cribs = crib_values(cards, throws, config=config, offset=offset, mode=crib, tables=tables)
    splits = []
    for t, thrown, crib_value in zip(thrown_sets, throws, cribs, strict=True):
        rest = [i for i in range(len(cards)) if i not in t]
        for kept in itertools.combinations(rest, OWN_CRIB):
            a = row_of[frozenset(kept)]
            b = row_of[frozenset(rest) - frozenset(kept)]
            splits.append(Split(hands.kept(a), thrown, held[a], crib_value, sign, owns.kept(b), laid[b]))
    return splits


def crib_values(
    cards: Sequence[Card],
    throws: Sequence[tuple[Card, ...]],
    *,
    config: str,
    offset: int,
    mode: CribMode,
    tables: CribTables,
) -> list[float]:
    """The dealer's expected crib for each throw: from the tables, or exact over the other seats'
    possible throws (weighted uniformly or by the expert's throw frequencies) and every starter."""
    if mode == "tables":
        return [tables.expected(config, offset, t) for t in throws]
    return exact_cribs(cards, throws, config, offset, tables if mode == "expert" else None)


def exact_cribs(
    cards: Sequence[Card],
    throws: Sequence[tuple[Card, ...]],
    config: str,
    offset: int,
    tables: CribTables | None,
) -> list[float]:
    """Exact expected crib of each throw over every set of other crib cards drawn from the cards
    not in ``cards`` and every remaining starter; sets weighted by the expert's throw frequencies
    when ``tables`` is given, else uniformly."""
    unseen = np.array(sorted(set(range(52)) - {c.index for c in cards}), dtype=np.intp)
    others = 4 - len(throws[0])
    combos = unseen[_combinations(len(unseen), others)]
    set_weight = _set_weights(combos, config, offset, tables)
    # Rows: (set of other crib cards, starter not among them), every starter equally likely.
    in_set = (combos[:, :, None] == unseen[None, None, :]).any(axis=1)
    set_row, starter_pos = np.nonzero(~in_set)
    starters = unseen[starter_pos]
    row_weight = set_weight[set_row]
    other = combos[set_row]
    key = np.zeros(len(set_row), dtype=np.intp)
    for place in range(others):
        key = key * RANKS + other[:, place] % RANKS
    key = key * RANKS + starters % RANKS
    places = RANKS ** (others + 1)
    by_ranks = np.bincount(key, weights=row_weight, minlength=places)
    starter_suit = starters // RANKS
    other_suit = other // RANKS
    one_suit = (other_suit == starter_suit[:, None]).all(axis=1)
    flush = [float(row_weight[one_suit & (starter_suit == s)].sum()) for s in range(4)]
    their_nobs = ((other % RANKS == JACK - 1) & (other_suit == starter_suit[:, None])).any(axis=1)
    nobs = float(row_weight[their_nobs].sum())
    starter_suits = [float(row_weight[starter_suit == s].sum()) for s in range(4)]
    total = float(row_weight.sum())
    table = rank_table(5)
    values = []
    for throw in throws:
        base = 0
        for card in throw:
            base = base * RANKS + card.rank - 1
        base *= places
        points = float(table[base : base + places] @ by_ranks) + nobs
        suit = throw[0].suit or 0
        if all(card.suit == throw[0].suit for card in throw):
            points += 5 * flush[suit]
        points += sum(starter_suits[card.suit or 0] for card in throw if card.rank == JACK)
        values.append(points / total)
    return values


@functools.cache
def _combinations(n: int, k: int) -> npt.NDArray[np.intp]:
    return np.array(list(itertools.combinations(range(n), k)), dtype=np.intp).reshape(-1, k)


_PAIR_WAYS = np.array(
    [6 if (key // 2) // 13 == (key // 2) % 13 else 4 if key % 2 else 12 for key in range(338)]
)
"""How many card pairs of a full pack share each two-card throw key."""


def _set_weights(
    combos: npt.NDArray[np.intp], config: str, offset: int, tables: CribTables | None
) -> npt.NDArray[np.float64]:
    """The chance weight of each set of other crib cards: 1 each, or the expert's throw frequency
    per card set (two players: the opponent's pair; more: each seat's card, the pack's uniform)."""
    if tables is None:
        return np.ones(len(combos))
    players, _ = CONFIGS[config]
    if config == "2":
        frequency = np.array(tables.throw_frequencies(config, 1 - offset))
        pairs = [throw_key((STANDARD_CARDS[a], STANDARD_CARDS[b])) for a, b in combos.tolist()]
        return np.asarray(frequency[pairs] / _PAIR_WAYS[pairs], dtype=np.float64)
    sources = [
        np.array(tables.throw_frequencies(config, seat)) / 4
        for seat in range(players)
        if seat != offset and crib_tables.thrown(config, seat)
    ]
    sources += [np.full(13, 1.0)] * (combos.shape[1] - len(sources))
    ranks = combos % RANKS
    weights = np.zeros(len(combos))
    for order in itertools.permutations(range(combos.shape[1])):
        product = np.ones(len(combos))
        for source, column in zip(sources, order, strict=True):
            product *= source[ranks[:, column]]
        weights += product
    return weights

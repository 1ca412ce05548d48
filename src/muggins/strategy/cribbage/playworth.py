"""What a kept hand is worth in the play, two players keeping four cards: the points its holder can
expect to peg less what the other player pegs, by whether they deal.

The worth is a sum over the six pairs of kept cards of a fitted number for each pair of ranks (91
pairs of ranks, for the dealer and for the pone), which captures both single cards (a five is a
poor lead) and how cards work together (a pair to answer a pair, a 7-8 to make fifteen). The
numbers come from expert self-play, rebuilt with ``python -m muggins.analysis.cribbage.playworth``,
and ship in ``muggins/data/play_worth.json``. The expert adds the worth to each discard's expected
show and crib (``bots.cribbage.discard``).
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Final

from muggins.cards import Card

WORTH_FILE = "play_worth.json"
RANK_PAIRS = 91
"""Unordered pairs of ranks (with a rank paired with itself): 13 * 14 / 2."""
KEPT: Final = 4
"""Cards a two-player six-card hand keeps: the only hands the worth is fitted for."""


class PlayWorthError(ValueError):
    """Play worth data of the wrong shape."""


@functools.cache
def _pair_indices() -> dict[tuple[int, int], int]:
    pairs = itertools.combinations_with_replacement(range(1, 14), 2)
    return {pair: index for index, pair in enumerate(pairs)}


def pair_index(a: int, b: int) -> int:
    """The entry (0-90) for the ranks ``a`` and ``b`` (1-13) held together, in either order."""
    return _pair_indices()[(a, b) if a <= b else (b, a)]


def pair_entries(ranks: Sequence[int]) -> list[int]:
    """The entry of each pair of the kept ranks (six of them for four cards)."""
    return [pair_index(a, b) for a, b in itertools.combinations(ranks, 2)]


@dataclass(frozen=True, slots=True, eq=False)
class PlayWorth:
    """Fitted play worth per rank pair, for the dealer and for the pone, with how it was made."""

    dealer: tuple[float, ...]
    pone: tuple[float, ...]
    meta: dict[str, Any]
    grids: tuple[list[float], list[float]] = field(init=False, repr=False)
    """The dealer's and the pone's numbers by pair of ranks, 13 by 13 (row and column the ranks
    less one, both orders), read in place of the pair's entry on every kept hand a discard values."""

    def __post_init__(self) -> None:
        pairs = [pair_index(a, b) for a in range(1, 14) for b in range(1, 14)]
        dealer, pone = ([table[entry] for entry in pairs] for table in (self.dealer, self.pone))
        object.__setattr__(self, "grids", (dealer, pone))

    def worth(self, kept: Sequence[Card], dealer: bool) -> float:
        """The expected pegging margin of holding ``kept`` (0 for a hand of other than four cards):
        its six pairs' numbers added in ``pair_entries``'s order, from the lowest rank up."""
        if len(kept) != KEPT:
            return 0.0
        a, b, c, d = sorted([card.rank - 1 for card in kept])
        grid = self.grids[0 if dealer else 1]
        row_a, row_b, row_c = 13 * a, 13 * b, 13 * c
        return (
            grid[row_a + b]
            + grid[row_a + c]
            + grid[row_a + d]
            + grid[row_b + c]
            + grid[row_b + d]
            + grid[row_c + d]
        )

    @classmethod
    def nothing(cls) -> PlayWorth:
        """Every hand worth 0: discards by show and crib alone."""
        return cls((0.0,) * RANK_PAIRS, (0.0,) * RANK_PAIRS, {"method": "none"})

    def to_json(self) -> dict[str, Any]:
        return {"meta": self.meta, "dealer": list(self.dealer), "pone": list(self.pone)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayWorth:
        tables = [data.get("dealer"), data.get("pone")]
        for name, table in zip(("dealer", "pone"), tables, strict=True):
            if not isinstance(table, list) or len(table) != RANK_PAIRS:
                raise PlayWorthError(f"play worth {name!r} must be a list of {RANK_PAIRS} numbers")
        dealer, pone = ([float(x) for x in table] for table in tables if isinstance(table, list))
        return cls(tuple(dealer), tuple(pone), dict(data.get("meta", {})))


@functools.cache
def shipped_play_worth() -> PlayWorth:
    """The worth shipped with muggins (loaded once per process)."""
    text = resources.files("muggins.data").joinpath(WORTH_FILE).read_text(encoding="utf-8")
    return PlayWorth.from_json(json.loads(text))

"""The shipped crib tables: the expected crib a throw makes, by table size and seat.

A table is per *configuration* (2 players throwing two cards each; 3 or 4 players throwing one
each, with or without partnerships) and per seat *offset* from the dealer in the order of play
(0 = dealer, 1 = the seat after the dealer, ...). Two-card throws are keyed by their ranks and
whether they share a suit; one-card throws by rank. The numbers come from
``muggins.analysis.cribbage.crib`` (self-consistent simulation of expert throws, rebuilt with
``python -m muggins.analysis.cribbage.crib``) and ship in ``muggins/data/crib_tables.json``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from muggins.cards import Card

TABLES_FILE = "crib_tables.json"
PAIR_KEYS = 13 * 13 * 2
"""Entries of a two-card table: (low rank, high rank, suited) as ``(low * 13 + high) * 2 + suited``."""


class CribTableError(ValueError):
    """Crib table data that is missing a configuration or has the wrong shape."""


def config_name(players: int, partnerships: bool) -> str:
    """The table configuration for a deal: "2", "3", "4" or "4-partners"."""
    return f"{players}-partners" if partnerships else str(players)


def throw_key(thrown: Sequence[Card]) -> int:
    """The table entry for a throw: the rank (0-12) of one card, or the pair key of two."""
    if len(thrown) == 1:
        return thrown[0].rank - 1
    a, b = thrown
    low, high = a.rank - 1, b.rank - 1
    if low > high:
        low, high = high, low
    suited = int(a.suit == b.suit)
    return (low * 13 + high) * 2 + suited


@dataclass(frozen=True, slots=True, eq=False)
class CribTables:
    """Expected crib points by configuration, seat offset and throw key."""

    tables: dict[str, list[list[float]]]
    meta: dict[str, Any]

    def expected(self, config: str, offset: int, thrown: Sequence[Card]) -> float:
        """The crib the dealer can expect when the seat ``offset`` from them throws ``thrown``."""
        try:
            table = self.tables[config][offset]
        except (KeyError, IndexError):
            raise CribTableError(
                f"no crib table for configuration {config!r}, seat offset {offset}"
            ) from None
        return table[throw_key(thrown)]

    def throw_frequencies(self, config: str, offset: int) -> list[float]:
        """How often the expert at seat ``offset`` throws each key (from the last simulation round)."""
        try:
            frequencies: list[float] = self.meta["throws"][config][offset]
        except (KeyError, IndexError):
            raise CribTableError(
                f"no throw frequencies for configuration {config!r}, seat {offset}"
            ) from None
        return frequencies

    def to_json(self) -> dict[str, Any]:
        return {"meta": self.meta, "tables": self.tables}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CribTables:
        tables = data.get("tables")
        if not isinstance(tables, dict):
            raise CribTableError("crib table data has no 'tables' object")
        for config, offsets in tables.items():
            size = PAIR_KEYS if config == "2" else 13
            if not offsets or any(len(t) != size for t in offsets):
                raise CribTableError(f"crib table {config!r} must have {size} entries per seat offset")
        return cls(
            {k: [[float(x) for x in t] for t in v] for k, v in tables.items()}, dict(data.get("meta", {}))
        )


@functools.cache
def shipped_tables() -> CribTables:
    """The tables shipped with muggins (loaded once per process)."""
    text = resources.files("muggins.data").joinpath(TABLES_FILE).read_text(encoding="utf-8")
    return CribTables.from_json(json.loads(text))

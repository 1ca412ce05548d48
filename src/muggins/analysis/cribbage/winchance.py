"""Measuring a deal's stages for the win chances (``strategy.cribbage.winchance``) in self-play.

Two-player six-card games between experts are simulated (``analysis.simulate``) and each complete
deal (not the one a game ends in, cut short) gives its stages: the dealer's pegging with his heels
and the pone's pegging (jointly), the pone's show, the dealer's hand and crib. The first dealer's
share of games won in the same games is kept beside the chance worked out from the stages, as the
check that the race is modelled right.

``python -m muggins.analysis.cribbage.winchance --games 20000 --workers 2`` rebuilds the shipped
files: the stages, and beside them the table of chances they work out to (``TABLE_FILE``).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from muggins.analysis.cribbage.shipped import data_path, write_data
from muggins.analysis.simulate import stream
from muggins.analysis.spec import Spec
from muggins.strategy.cribbage.winchance import CHANCE_FILE, TABLE_FILE, WinChance, packed_wins


def build(games: int, seed: int, workers: int = 1) -> WinChance:
    """Simulate ``games`` expert games and work out the chances from their complete deals."""
    pegging: Counter[tuple[int, int]] = Counter()
    pone_show: Counter[int] = Counter()
    dealer_show: Counter[int] = Counter()
    crib: Counter[int] = Counter()
    first_won = 0
    spec = Spec("cribbage", 2, ("expert",), games, seed)
    for record in stream(spec, workers):
        first_won += record["ranks"][record["first_dealer"]] == 1
        for deal in record["complete"]:
            by: dict[str, int] = deal["by"]
            dealer_pegs = by.get("dealer:pegging", 0) + by.get("dealer:his heels", 0)
            pegging[dealer_pegs, by.get("pone:pegging", 0)] += 1
            pone_show[by.get("pone:hand", 0)] += 1
            dealer_show[by.get("dealer:hand", 0) + by.get("dealer:crib", 0)] += 1
            crib[by.get("dealer:crib", 0)] += 1
    meta: dict[str, Any] = {
        "method": "stage distributions of complete deals, expert self-play; the race worked back from 121",
        "games": games,
        "seed": seed,
        "deals": sum(pone_show.values()),
        "first_dealer_won": round(first_won / max(1, games), 4),
    }
    chances = WinChance.build(dict(pegging), dict(pone_show), dict(dealer_show), dict(crib), meta)
    meta["first_dealer_chance"] = round(chances.chance(0, 0, dealing=True), 4)
    return chances


def default_path() -> Path:
    return data_path(CHANCE_FILE)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rebuild the shipped win chances of two-player cribbage.")
    parser.add_argument("--games", type=int, default=20_000, help="games of expert self-play")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=default_path())
    args = parser.parse_args(argv)
    chances = build(args.games, args.seed, args.workers)
    data = chances.to_json()
    write_data(args.out, data, str(chances.meta))
    write_table(args.out.with_name(TABLE_FILE), data)
    return 0


def write_table(path: Path, data: dict[str, Any]) -> None:
    """Write the table that the stages ``data`` (as their file holds them) work out to, as
    ``shipped_win_chance`` reads it: the same doubles as ``WinChance.from_json(data)`` gives."""
    path.write_bytes(packed_wins(WinChance.from_json(data).dealer_wins))
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())

"""Crib expectation tables, computed by self-consistent simulation of expert throws.

For every configuration (two players throwing two cards; three, four or five throwing one, four
with or without partnerships; the five-handed dealer throws none), every seat offset from the
dealer and every throw key (ranks, and whether two cards share a suit), we fix that seat's throw,
deal every other card at random, let the other seats throw as the expert would *with the current
tables*, and average the crib exactly over every remaining starter (a top-up card from the pack,
for three players, is dealt at random). Round 0 lets the others throw at random; each later round
uses the previous round's tables, so the tables converge on what expert opponents actually throw.
Also recorded: how often each key is thrown by each seat in the last round (the analyzer's
weights for "opponent throws like the expert").

Rebuild the shipped data:
``python -m muggins.analysis.cribbage.crib [--samples N] [--rounds R] [--workers W] [--only CONFIG ...]``
(``--only`` rebuilds those configurations and keeps the shipped tables of the others as they are).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from muggins.analysis.cribbage.shipped import data_path, write_data
from muggins.bots.cribbage.discard import best_throw
from muggins.cards import STANDARD_CARDS, Card, Suit
from muggins.games.cribbage.options import layout
from muggins.strategy.cribbage.cribtables import PAIR_KEYS, TABLES_FILE, CribTables, throw_key
from muggins.strategy.cribbage.keeps import hands_points

CONFIGS: dict[str, tuple[int, bool]] = {
    "2": (2, False),
    "3": (3, False),
    "4": (4, False),
    "4-partners": (4, True),
    "5": (5, False),
}
"""Configuration name -> (players, partnerships)."""

Task = tuple[str, int, int, int, str, dict[str, Any] | None]
"""(configuration, seat offset, throw key, samples, seed, previous round's tables or None)."""


def thrown(config: str, offset: int) -> int:
    """How many cards the seat ``offset`` after the dealer throws to the crib in ``config`` (the
    six-card deal of its number of players: none for the five-handed dealer)."""
    return layout("six-card", CONFIGS[config][0]).thrown_by(offset == 0)


def dealt_size(config: str, offset: int) -> int:
    """How many cards the seat ``offset`` after the dealer is dealt in ``config``."""
    return layout("six-card", CONFIGS[config][0]).dealt_to(offset == 0)


def keys(config: str, offset: int) -> list[int]:
    """Every throw key the seat ``offset`` can make in ``config``: one, 0, for a seat that throws
    nothing (its table is that one crib under every key)."""
    if not thrown(config, offset):
        return [0]
    if config != "2":
        return list(range(13))
    found = []
    for low in range(13):
        for high in range(low, 13):
            found.append((low * 13 + high) * 2)
            if high != low:
                found.append((low * 13 + high) * 2 + 1)
    return found


def key_cards(key: int, config: str, offset: int, rng: random.Random) -> tuple[Card, ...]:
    """Concrete cards for the seat ``offset``'s throw key, with suits chosen at random to fit it."""
    if not thrown(config, offset):
        return ()
    if config != "2":
        return (Card.of(key + 1, rng.choice(list(Suit))),)
    pair, suited = divmod(key, 2)
    low, high = divmod(pair, 13)
    first = rng.choice(list(Suit))
    others = [s for s in Suit if s != first]
    second = first if suited else rng.choice(others)
    return Card.of(low + 1, first), Card.of(high + 1, second)


def weight(config: str, offset: int) -> float:
    """What a crib point is worth to the seat ``offset`` after the dealer (as ``discard.crib_weight``)."""
    players, partners = CONFIGS[config]
    if offset == 0 or (partners and offset == 2):
        return 1.0
    return -1.0 if partners or players == 2 else -1.0 / (players - 1)


def sample_key(task: Task) -> tuple[float, Counter[tuple[int, int]]]:
    """The mean crib for one (configuration, offset, key) over ``samples`` random deals, and the
    keys the other seats threw (by offset)."""
    config, offset, key, samples, seed, previous = task
    players, _ = CONFIGS[config]
    tables = CribTables.from_json(previous) if previous else None
    rng = random.Random(seed)
    thrown_by_others: Counter[tuple[int, int]] = Counter()
    total = 0.0
    size = dealt_size(config, offset)
    for _ in range(samples):
        mine = key_cards(key, config, offset, rng)
        pack = [c for c in STANDARD_CARDS if c not in mine]
        rng.shuffle(pack)
        crib = list(mine)
        pack = pack[size - len(mine) :]  # the rest of my hand
        for other in range(players):
            if other == offset:
                continue
            other_size = dealt_size(config, other)
            hand, pack = pack[:other_size], pack[other_size:]
            throw = _throw(hand, config, other, tables, rng)
            if throw:
                thrown_by_others[(other, throw_key(throw))] += 1
                crib.extend(throw)
        while len(crib) < 4:
            crib.append(pack.pop())
        starters = np.array([c.index for c in pack], dtype=np.intp)
        total += float(hands_points(np.array([[c.index for c in crib]]), starters, crib=True).mean())
    return total / samples, thrown_by_others


def _throw(
    hand: Sequence[Card], config: str, offset: int, tables: CribTables | None, rng: random.Random
) -> tuple[Card, ...]:
    n = thrown(config, offset)
    if not n:
        return ()
    if tables is None:
        return tuple(rng.sample(list(hand), n))
    return table_throw(hand, n, config, offset, tables)


def table_throw(
    hand: Sequence[Card], n: int, config: str, offset: int, tables: CribTables
) -> tuple[Card, ...]:
    """The ``n`` cards that give the most expected hand plus the tables' crib, weighed for the seat
    ``offset`` after the dealer: how the tables' simulated opponents throw, and the near-expert
    reference of ``bench/strength.py``."""
    w = weight(config, offset)
    return best_throw(hand, n, lambda t, _: w * tables.expected(config, offset, t))


def build(
    samples: int,
    rounds: int,
    seed: int,
    workers: int = 1,
    *,
    log: Any = None,
    only: Sequence[str] | None = None,
) -> CribTables:
    """Run ``rounds`` rounds (round 0 with random opponents' throws) and return the final tables,
    of every configuration or of those ``only`` names."""
    configs = {c: CONFIGS[c] for c in (only or CONFIGS)}
    previous: dict[str, Any] | None = None
    throws: dict[str, list[list[float]]] = {}
    for round_ in range(rounds + 1):
        start = time.perf_counter()
        tasks: list[Task] = [
            (config, offset, key, samples, f"{seed}-{round_}-{config}-{offset}-{key}", previous)
            for config, (players, _) in configs.items()
            for offset in range(players)
            for key in keys(config, offset)
        ]
        if workers > 1:
            with Pool(workers) as pool:
                results = pool.map(sample_key, tasks, chunksize=4)
        else:
            results = [sample_key(task) for task in tasks]
        tables = {
            c: [[0.0] * (PAIR_KEYS if c == "2" else 13) for _ in range(p)] for c, (p, _) in configs.items()
        }
        counts = {c: [Counter[int]() for _ in range(p)] for c, (p, _) in configs.items()}
        for (config, offset, key, *_), (mean, by_others) in zip(tasks, results, strict=True):
            if thrown(config, offset):
                tables[config][offset][key] = round(mean, 4)
            else:
                tables[config][offset] = [round(mean, 4)] * 13
            for (other, other_key), n in by_others.items():
                counts[config][other][other_key] += n
        throws = {
            c: [
                [round(cnt[k] / max(1, sum(cnt.values())), 6) for k in range(len(tables[c][0]))]
                for cnt in per
            ]
            for c, per in counts.items()
        }
        meta = {
            "method": "self-consistent simulation of expert throws",
            "round": round_,
            "samples": samples,
            "seed": seed,
            "throws": throws,
        }
        previous = {"meta": meta, "tables": tables}
        if log and "2" in tables:
            print(
                f"round {round_}: {time.perf_counter() - start:.1f}s, dealer 2p mean "
                f"{_mean_crib(tables['2'][0], throws['2'][0]):.3f}, pone 2p "
                f"{_mean_crib(tables['2'][1], throws['2'][1]):.3f}",
                file=log,
                flush=True,
            )
    assert previous is not None
    return CribTables.from_json(previous)


def _mean_crib(table: Sequence[float], frequency: Sequence[float]) -> float:
    return sum(t * f for t, f in zip(table, frequency, strict=True))


def default_path() -> Path:
    return data_path(TABLES_FILE)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rebuild the shipped crib expectation tables.")
    parser.add_argument("--samples", type=int, default=3000, help="random deals per throw key and seat")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of expert throws after the random one")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=default_path())
    parser.add_argument(
        "--only",
        nargs="+",
        choices=list(CONFIGS),
        help="rebuild these configurations, keep the others in --out",
    )
    args = parser.parse_args(argv)
    tables = build(args.samples, args.rounds, args.seed, args.workers, log=sys.stderr, only=args.only)
    data = tables.to_json()
    if args.only:
        data = _merged(json.loads(args.out.read_text(encoding="utf-8")), data, args)
    write_data(args.out, data)
    return 0


def _merged(kept: dict[str, Any], built: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The tables of ``kept`` with those ``built`` put in their place, and how each was rebuilt."""
    meta = dict(kept["meta"])
    meta["throws"] = {**meta["throws"], **built["meta"]["throws"]}
    rebuilt = {
        c: {"samples": args.samples, "rounds": args.rounds, "seed": args.seed} for c in built["tables"]
    }
    meta["rebuilt"] = {**meta.get("rebuilt", {}), **rebuilt}
    return {"meta": meta, "tables": {**kept["tables"], **built["tables"]}}


if __name__ == "__main__":
    raise SystemExit(main())

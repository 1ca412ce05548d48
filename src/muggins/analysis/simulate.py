"""Bot-against-bot simulation for any game in the registry, with cribbage's per-deal statistics.

Game ``i`` of a run gets its own seed derived from the run's seed, and seats are filled from the
bot list rotated by ``i``; with ``duplicate`` every deal's seed is played once per rotation, so
each bot holds every seat's cards in turn and luck cancels. Games are played in chunks, in worker
processes if asked, and the per-game records are put back in game order: the same seed gives the
same results whatever the number of workers. A seat with only one legal move makes it without
asking its bot (no choice is involved).
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from muggins.bots.registry import make_bot
from muggins.games.events import Scored
from muggins.games.registry import new_game

DEAL_EVENTS = frozenset({"new_hand", "deal", "hand_started"})
"""Event types that start a deal in the registered games."""
CRIBBAGE_REASONS = {
    "hand": "hand",
    "crib": "crib",
    "pegging": "pegging",
    "his heels": "his heels",
    "own crib": "own crib",
    "muggins": "muggins",
}
"""Cribbage ``Scored.reason`` -> the per-deal category it is counted under."""
MAX_MOVES = 100_000
"""A game that has not ended after this many moves is a bug in a game or bot."""
Z95 = 1.959964
START_METHOD = "fork" if sys.platform == "linux" else "spawn"
"""Linux forks workers, which start at once with the parent's imports, tables and caches."""


class SimulationError(RuntimeError):
    """A game that could not be played to the end (names the game number and seed)."""


@dataclass(frozen=True, slots=True)
class Spec:
    """What to simulate: game, seats, bots (cycled over the seats), count, seed and options."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    duplicate: bool = False
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def rotations(self) -> int:
        """Games that share one deal seed with ``duplicate`` (one per seat rotation)."""
        return self.players if self.duplicate else 1

    def seats(self, number: int) -> list[str]:
        """The bot in each seat for game ``number``: the bot list rotated by the game number."""
        return [self.bots[(seat + number) % len(self.bots)] for seat in range(self.players)]

    def game_seed(self, number: int) -> int:
        return derive(self.seed, "deal", number // self.rotations)


def derive(seed: int, *parts: object) -> int:
    """A 63-bit seed from a run's seed and labels, the same on every platform and process."""
    return random.Random(":".join(map(str, (seed, *parts)))).getrandbits(63)


def play(spec: Spec, number: int) -> dict[str, Any]:
    """Play game ``number`` of ``spec`` and return its record of results and per-deal points."""
    names = spec.seats(number)
    seed = spec.game_seed(number)
    game = new_game(spec.game, players=spec.players, seed=seed, **spec.options)
    bots = [
        make_bot(spec.game, name, derive(spec.seed, "bot", number, seat)) for seat, name in enumerate(names)
    ]
    start = list(game.scores)
    moves = 0
    while not game.is_over:
        if moves > MAX_MOVES:
            raise SimulationError(f"game {number} (seed {seed}) did not end after {MAX_MOVES} moves")
        player = min(game.to_move)
        legal = game.legal_moves(player)
        move = legal[0] if len(legal) == 1 else bots[player].choose(game.view(player))
        game.apply(player, move)
        moves += 1
    result = game.result
    assert result is not None
    return {
        "bots": names,
        "ranks": list(result.ranks),
        "scores": list(result.scores),
        "start_scores": start,
        "skunks": list(result.skunks),
        "moves": moves,
        **_deals(game.events, spec.players),
    }


def _deals(events: Sequence[Any], players: int) -> dict[str, Any]:
    """Per-deal points by seat and (cribbage) by category and role, and each deal's dealer."""
    deals: list[dict[str, Any]] = []
    for event in events:
        if event.type in DEAL_EVENTS:
            deals.append(
                {
                    "dealer": getattr(event, "dealer", None),
                    "points": [0] * players,
                    "by": {},
                    "complete": True,
                }
            )
        elif event.type == "game_won" and deals:
            deals[-1]["complete"] = False
        elif isinstance(event, Scored) and deals:
            deal = deals[-1]
            deal["points"][event.player] += event.points
            category = CRIBBAGE_REASONS.get(event.reason)
            if category is not None and deal["dealer"] is not None:
                role = "dealer" if event.player == deal["dealer"] else "pone"
                key = f"{role}:{category}"
                deal["by"][key] = deal["by"].get(key, 0) + event.points
    if deals:
        deals[-1]["complete"] = False
    return {
        "first_dealer": deals[0]["dealer"] if deals else None,
        "deals": len(deals),
        "deal_points": [d["points"] for d in deals],
        "complete": [{"by": d["by"], "dealer": d["dealer"]} for d in deals if d["complete"]],
    }


def chunks(total: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(total, start + size)) for start in range(0, total, size)]


def _play_chunk(job: tuple[Spec, int, int]) -> list[dict[str, Any]]:
    spec, start, end = job
    return [play(spec, number) for number in range(start, end)]


def run(
    spec: Spec, workers: int = 1, progress: Callable[[int], None] | None = None, chunk: int = 0
) -> list[dict[str, Any]]:
    """Play every game of ``spec`` and return the records in game order. ``progress`` is called
    with the number of games just finished."""
    size = chunk or max(1, min(200, spec.games // (max(1, workers) * 8)))
    jobs = [(spec, start, end) for start, end in chunks(spec.games, size)]
    records: list[dict[str, Any]] = []
    results: Iterator[list[dict[str, Any]]]
    if workers > 1:
        with get_context(START_METHOD).Pool(workers) as pool:
            results = pool.imap(_play_chunk, jobs)
            for part in results:
                records.extend(part)
                if progress:
                    progress(len(part))
    else:
        for job in jobs:
            part = _play_chunk(job)
            records.extend(part)
            if progress:
                progress(len(part))
    return records


# --- the summary ------------------------------------------------------------------------


def rate(values: Sequence[float], groups: int = 1) -> dict[str, float]:
    """Mean of per-game values with a 95% confidence half-width; games in consecutive groups of
    ``groups`` (a duplicate set) are averaged first, so their correlation is allowed for."""
    sets = [sum(values[i : i + groups]) / len(values[i : i + groups]) for i in range(0, len(values), groups)]
    n = len(sets)
    mean = sum(sets) / n if n else 0.0
    var = sum((x - mean) ** 2 for x in sets) / (n - 1) if n > 1 else 0.0
    return {"mean": mean, "ci95": Z95 * math.sqrt(var / n) if n else 0.0, "n": len(values)}


def summarise(spec: Spec, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Win rates with 95% confidence intervals, points per deal, game length, skunks and, for
    cribbage, points per deal split by source for dealer and pone and the first dealer's wins."""
    groups = spec.rotations
    names = sorted({name for r in records for name in r["bots"]})
    summary: dict[str, Any] = {
        "game": spec.game,
        "players": spec.players,
        "bots": list(spec.bots),
        "games": len(records),
        "seed": spec.seed,
        "duplicate": spec.duplicate,
        "options": spec.options,
    }
    bots: dict[str, Any] = {}
    for name in names:
        wins = [float(any(r["ranks"][s] == 1 for s, b in enumerate(r["bots"]) if b == name)) for r in records]
        seats = [(r, s) for r in records for s, b in enumerate(r["bots"]) if b == name]
        deals = sum(r["deals"] for r, _ in seats)
        bots[name] = {
            "win_rate": rate(wins, groups),
            "points_per_deal": sum(sum(p[s] for p in r["deal_points"]) for r, s in seats) / max(1, deals),
            "final_score": sum(r["scores"][s] for r, s in seats) / max(1, len(seats)),
            "score_change_per_deal": sum(r["scores"][s] - r["start_scores"][s] for r, s in seats)
            / max(1, deals),
        }
    summary["by_bot"] = bots
    summary["deals_per_game"] = rate([float(r["deals"]) for r in records])
    summary["moves_per_game"] = sum(r["moves"] for r in records) / max(1, len(records))
    lost = [s for r in records for s in r["skunks"]]
    losers = max(1, len(records))
    summary["skunk_rate"] = {
        kind: sum(1 for s in lost if s == kind) / losers for kind in ("skunk", "double skunk", "triple skunk")
    }
    if any(r["first_dealer"] is not None for r in records):
        firsts = [float(r["ranks"][r["first_dealer"]] == 1) for r in records if r["first_dealer"] is not None]
        summary["first_dealer_win_rate"] = rate(firsts)
    if spec.game == "cribbage":
        summary["per_deal"] = _per_deal(records, spec.players)
    return summary


def _per_deal(records: Sequence[dict[str, Any]], players: int) -> dict[str, dict[str, float]]:
    """Average points per complete deal for the dealer and for a pone, by source."""
    deals = [d for r in records for d in r["complete"]]
    n = max(1, len(deals))
    totals: dict[str, float] = {}
    for deal in deals:
        for key, points in deal["by"].items():
            totals[key] = totals.get(key, 0.0) + points
    roles: dict[str, dict[str, float]] = {"dealer": {}, "pone": {}}
    for key, points in sorted(totals.items()):
        name, _, category = key.partition(":")
        share = 1 if name == "dealer" else players - 1
        roles[name][category] = points / n / share
    for split in roles.values():
        split["total"] = sum(split.values())
    roles["dealer"]["deals"] = float(len(deals))
    return roles

"""A player's cribbage statistics over their finished games, replayed from the records: what they
peg, show and take in the crib a hand, skunks given and taken, and how often they win when they
dealt first and when they were pone (two-player games, where the first deal is an edge)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from muggins.games.cribbage.events import NewHand
from muggins.games.events import Scored
from muggins.games.registry import load_game

DEAL_CATEGORIES = {
    "hand": "hand",
    "crib": "crib",
    "pegging": "pegging",
    "his heels": "his heels",
    "own crib": "own crib",
    "muggins": "muggins",
    "crash": "crash",
}
"""``Scored.reason`` -> the category a simulation splits a deal's points under, for dealer and pone."""
PEGGING = frozenset({"pegging", "his heels", "pone's three"})
"""Points scored in the play (with his heels, cut by the dealer, and pone's three)."""


@dataclass(slots=True)
class Tally:
    """Points and how many hands (deals, cribs) they were made over."""

    points: int = 0
    hands: int = 0

    def add(self, points: int, hands: int = 1) -> None:
        self.points += points
        self.hands += hands

    @property
    def mean(self) -> float | None:
        return round(self.points / self.hands, 2) if self.hands else None


@dataclass(slots=True)
class CribbageStats:
    """A player's figures over their cribbage games (partners' points count for their side)."""

    games: int = 0
    wins: int = 0
    pegging: Tally = field(default_factory=Tally)
    hand: Tally = field(default_factory=Tally)
    crib: Tally = field(default_factory=Tally)
    skunks_given: int = 0
    skunks_taken: int = 0
    first_dealer: list[int] = field(default_factory=lambda: [0, 0])
    """Two-player games where they dealt first: [games, wins]."""
    first_pone: list[int] = field(default_factory=lambda: [0, 0])

    def to_dict(self) -> dict[str, Any]:
        def rate(games: int, wins: int) -> float | None:
            return round(wins / games, 3) if games else None

        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": rate(self.games, self.wins),
            "pegging_per_hand": self.pegging.mean,
            "hand_per_hand": self.hand.mean,
            "crib_per_crib": self.crib.mean,
            "skunks_given": self.skunks_given,
            "skunks_taken": self.skunks_taken,
            "as_first_dealer": {"games": self.first_dealer[0], "win_rate": rate(*self.first_dealer)},
            "as_first_pone": {"games": self.first_pone[0], "win_rate": rate(*self.first_pone)},
        }


def figures(games: Iterable[tuple[Mapping[str, Any], int]]) -> dict[str, Any]:
    """The figures as JSON (``muggins.analysis.stats``)."""
    return cribbage_stats(games).to_dict()


def cribbage_stats(games: Iterable[tuple[Mapping[str, Any], int]]) -> CribbageStats:
    """The figures of the player who held ``seat`` in each finished game ``(record, seat)``."""
    stats = CribbageStats()
    for record, seat in games:
        game = load_game(dict(record))
        result = game.result
        if result is None:
            continue
        side = next(s for s in game.sides if seat in s)
        stats.games += 1
        won = result.ranks[seat] == 1
        stats.wins += won
        dealers = [e.dealer for e in game.events if isinstance(e, NewHand)]
        for dealer in dealers:  # per deal: the side's play, each of its hands, its crib
            stats.pegging.add(0)
            stats.hand.add(0, len(side))
            if dealer in side:
                stats.crib.add(0)
        for event in game.events:
            if isinstance(event, Scored) and event.player in side:
                _count(stats, event.reason, event.points)
        skunks = result.skunks or ()
        if won:
            stats.skunks_given += sum(1 for other, skunk in enumerate(skunks) if skunk and other not in side)
        elif seat < len(skunks) and skunks[seat]:
            stats.skunks_taken += 1
        if game.players == 2 and dealers:
            first = stats.first_dealer if dealers[0] == seat else stats.first_pone
            first[0] += 1
            first[1] += won
    return stats


def _count(stats: CribbageStats, reason: str, points: int) -> None:
    """Add points scored for ``reason`` to the tally they belong to (hand counts made over no new hand)."""
    if reason in PEGGING:
        stats.pegging.add(points, 0)
    elif reason == "hand":
        stats.hand.add(points, 0)
    elif reason in ("crib", "own crib"):
        stats.crib.add(points, 0)

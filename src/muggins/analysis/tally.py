"""A simulation's records and their summary: each game's points split by deal and role
(``deal_split``), and the win rates, points and intervals added up one record at a time
(``Tally``). Compiled: every game of a run passes through both."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from muggins.analysis.games import game_module
from muggins.analysis.spec import Spec
from muggins.games.result import DealPoints

Z95 = 1.959964
FAILURES_SHOWN = 5
"""Engine failures a summary names (all are counted)."""
SKUNKS = ("skunk", "double skunk", "triple skunk")


@functools.cache
def deal_categories(game: str) -> Mapping[str, str]:
    """``Scored.reason`` -> the category a deal's points are split under by role (dealer, pone), as
    the game's ``analysis/<game>/stats.py`` says (its ``DEAL_CATEGORIES``); empty: no split."""
    module = game_module(game, "stats")
    found: Mapping[str, str] = getattr(module, "DEAL_CATEGORIES", {})
    return found


@functools.cache
def role_keys(game: str) -> dict[str, tuple[str, str]]:
    """``Scored.reason`` -> the keys ``game``'s points are split under for the dealer and a pone."""
    return {
        reason: (f"dealer:{category}", f"pone:{category}")
        for reason, category in deal_categories(game).items()
    }


def deal_split(
    deals: Sequence[DealPoints], players: int, roles: dict[str, tuple[str, str]]
) -> dict[str, Any]:
    """Per-deal points by seat and (where the game splits them: ``roles``, each reason's keys for the
    dealer and a pone) by category and role, and each deal's dealer; a deal is complete unless a
    game was won in it (the last deal always is left out)."""
    dealers: list[int | None] = []
    points: list[list[int]] = []
    complete: list[dict[str, Any]] = []
    last = len(deals) - 1
    for number, deal in enumerate(deals):
        dealer = deal.dealer
        now = [0] * players
        by: dict[str, int] = {}
        for (seat, reason), scored in deal.scored.items():
            now[seat] += scored
            if dealer is None:
                continue
            keys = roles.get(reason)
            if keys is not None:
                key = keys[0] if seat == dealer else keys[1]
                by[key] = by.get(key, 0) + scored
        dealers.append(dealer)
        points.append(now)
        if number != last and not deal.won:
            complete.append({"by": by, "dealer": dealer})
    return {
        "first_dealer": dealers[0] if dealers else None,
        "deals": len(dealers),
        "deal_points": points,
        "complete": complete,
    }


class RunningRate:
    """``rate`` over values given one at a time: the mean of per-game values with a 95% confidence
    half-width, games in consecutive groups of ``groups`` (a duplicate set) averaged first."""

    def __init__(self, groups: int = 1) -> None:
        self.groups = groups
        self.group: list[float] = []
        self.values = 0
        self.sets = 0
        self.total = 0.0
        self.mean = 0.0
        self.spread = 0.0
        """Sum of squared differences from the running mean (Welford's method)."""

    def add(self, value: float) -> None:
        self.values += 1
        self.group.append(value)
        if len(self.group) == self.groups:
            self._close_group()

    def _close_group(self) -> None:
        x = sum(self.group) / len(self.group)
        self.group.clear()
        self.sets += 1
        self.total += x
        delta = x - self.mean
        self.mean += delta / self.sets
        self.spread += delta * (x - self.mean)

    def result(self) -> dict[str, float]:
        if self.group:
            self._close_group()
        n = self.sets
        var = self.spread / (n - 1) if n > 1 else 0.0
        return {
            "mean": self.total / n if n else 0.0,
            "ci95": Z95 * math.sqrt(var / n) if n else 0.0,
            "n": self.values,
        }


def rate(values: Sequence[float], groups: int = 1) -> dict[str, float]:
    """Mean of per-game values with a 95% confidence half-width; games in consecutive groups of
    ``groups`` (a duplicate set) are averaged first, so their correlation is allowed for."""
    running = RunningRate(groups)
    for value in values:
        running.add(value)
    return running.result()


class GroupedRatio:
    """A share (wins over seats, say) added game by game, its 95% interval taken over groups of
    ``groups`` consecutive games (a duplicate set), each group's share counting once."""

    def __init__(self, groups: int) -> None:
        self.groups = groups
        self.games = 0
        self.part = 0.0
        self.whole = 0
        self.total = 0
        self.sets = RunningRate()

    def add(self, part: float, whole: int) -> None:
        """One game: ``part`` out of ``whole`` (whole 0: the game does not count for this share)."""
        self.games += 1
        self.part += part
        self.whole += whole
        self.total += whole
        if self.games % self.groups == 0:
            self._close_group()

    def _close_group(self) -> None:
        if self.whole:
            self.sets.add(self.part / self.whole)
        self.part, self.whole = 0.0, 0

    def result(self) -> dict[str, float]:
        """The mean share over groups with its 95% half-width; ``n`` counts the seats (or wholes)."""
        self._close_group()
        rate = self.sets.result()
        rate["n"] = self.total
        rate["groups"] = self.sets.values
        return rate


@dataclass(slots=True)
class _BotTally:
    wins: GroupedRatio
    seats: int = 0
    deals: int = 0
    points: int = 0
    final: int = 0
    change: int = 0


class Tally:
    """The summary of a simulation, added up one game's record at a time (bounded memory)."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.games = 0
        self.bots = {name: _BotTally(GroupedRatio(spec.rotations)) for name in sorted(set(spec.bots))}
        self.seen: set[str] = set()
        self.by_seat = [GroupedRatio(spec.rotations) for _ in range(spec.players)]
        self.deals = RunningRate()
        self.moves = 0
        self.losers = 0
        self.skunks = dict.fromkeys(SKUNKS, 0)
        self.first_dealer = RunningRate()
        self.deal_totals: dict[str, float] = {}
        self.complete_deals = 0
        self.ties = 0
        self.dealt = False
        """Some game was played in deals (a game without, as Squares, has no per-deal figures)."""
        self.skunking = False
        """The game names skunks (a game without them has no skunk line)."""
        self.engine_failures = 0
        self.first_failures: list[str] = []
        """The first few engine failures' reasons (docs/engines.md)."""

    def add(self, record: dict[str, Any]) -> None:
        """Count one game's record; a record that does not add up (read back from a damaged
        checkpoint, say) is refused before anything is counted."""
        ranks: list[int] = record["ranks"]
        scores: list[int] = record["scores"]
        start: list[int] = record["start_scores"]
        seated: list[str] = record["bots"]
        deals: int = record["deals"]
        pegged = [0] * len(ranks)
        for deal_points in record["deal_points"]:
            points_now: list[int] = deal_points
            if len(points_now) != len(pegged):
                raise ValueError(f"a deal's points name {len(points_now)} seats, not {len(pegged)}")
            for seat, points in enumerate(points_now):
                pegged[seat] += points
        self.games += 1
        failures: list[str] = record.get("engine_failures", [])
        if failures:
            self.engine_failures += len(failures)
            self.first_failures += failures[: FAILURES_SHOWN - len(self.first_failures)]
        # a win shared by sides that tie counts as a share: two tied grids are half a win each
        shared: int = record.get("winning_sides", 1)
        self.ties += shared > 1
        self.dealt |= deals > 0
        skunks: list[str | None] = record["skunks"]
        self.skunking |= bool(skunks)
        won = [1.0 / shared if rank == 1 else 0.0 for rank in ranks]
        for name, bot in self.bots.items():
            share = 0.0
            held = 0
            for s, b in enumerate(seated):
                if b != name:
                    continue
                held += 1
                share += won[s]
                bot.seats += 1
                bot.deals += deals
                bot.points += pegged[s]
                bot.final += scores[s]
                bot.change += scores[s] - start[s]
            bot.wins.add(share, held)
            if held:
                self.seen.add(name)
        self.deals.add(float(deals))
        moves: int = record["moves"]
        self.moves += moves
        for seat in range(len(ranks)):
            self.by_seat[seat].add(won[seat], 1)
        for seat, kind in enumerate(skunks):
            self.losers += ranks[seat] != 1
            if kind is not None and kind in self.skunks:
                self.skunks[kind] += 1
        first: int | None = record["first_dealer"]
        if first is not None:
            self.first_dealer.add(float(ranks[first] == 1))
        totals = self.deal_totals
        for deal in record["complete"]:
            self.complete_deals += 1
            by: dict[str, int] = deal["by"]
            for key, points in by.items():
                totals[key] = totals.get(key, 0.0) + points

    def summary(self) -> dict[str, Any]:
        """Win rates with 95% confidence intervals, the final score, game length and the share of
        tied games; for a game played in deals, points per deal and deals per game; where the game
        names skunks, their rates; for cribbage, points per deal split by source for dealer and
        pone and the first dealer's wins.

        A bot's win rate is the share of the seats it held that won (a bot in two seats of one
        game counts twice; a win tied between sides counts as a share of one); ``by_seat`` gives
        each seat's; intervals are taken over duplicate sets, which count once. Skunk rates are
        shares of the losing seats."""
        spec = self.spec
        summary: dict[str, Any] = {**spec.described(), "games": self.games}
        if spec.engines:
            summary["engine_failures"] = {"count": self.engine_failures, "first": self.first_failures}
        summary["by_bot"] = {
            name: {
                "win_rate": bot.wins.result(),
                "final_score": bot.final / max(1, bot.seats),
                **(
                    {
                        "points_per_deal": bot.points / max(1, bot.deals),
                        "score_change_per_deal": bot.change / max(1, bot.deals),
                    }
                    if self.dealt
                    else {}
                ),
            }
            for name, bot in self.bots.items()
            if name in self.seen
        }
        summary["by_seat"] = [seat.result() for seat in self.by_seat]
        summary["tie_rate"] = self.ties / max(1, self.games)
        if self.dealt:
            summary["deals_per_game"] = self.deals.result()
        summary["moves_per_game"] = self.moves / max(1, self.games)
        if self.skunking:
            summary["skunk_rate"] = {kind: n / max(1, self.losers) for kind, n in self.skunks.items()}
        if self.first_dealer.values:
            summary["first_dealer_win_rate"] = self.first_dealer.result()
        if deal_categories(spec.game):
            summary["per_deal"] = _per_deal(self.deal_totals, self.complete_deals, spec.players)
        return summary


def summarise(spec: Spec, records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The summary of ``records`` (see ``Tally.summary``)."""
    tally = Tally(spec)
    for record in records:
        tally.add(record)
    return tally.summary()


def _per_deal(totals: dict[str, float], deals: int, players: int) -> dict[str, dict[str, float]]:
    """Average points per complete deal for the dealer and for a pone, by source."""
    n = max(1, deals)
    roles: dict[str, dict[str, float]] = {"dealer": {}, "pone": {}}
    for key, points in sorted(totals.items()):
        name, _, category = key.partition(":")
        share = 1 if name == "dealer" else players - 1
        roles[name][category] = points / n / share
    for split in roles.values():
        split["total"] = sum(split.values())
    roles["dealer"]["deals"] = float(deals)
    return roles

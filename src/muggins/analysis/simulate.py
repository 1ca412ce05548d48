"""Bot-against-bot simulation for any game in the registry, with per-deal statistics by role where
the game splits its points (cribbage).

Game ``i`` of a run gets its own seed derived from the run's seed, and seats are filled from the
bot list rotated by ``i``; with ``duplicate`` every deal's seed is played once per different
seating of the bots, so each bot holds every seat's cards in turn and luck cancels. Games are
played in chunks, in worker processes if asked, and the per-game records are put back in game
order: the same seed gives the same results whatever the number of workers. A seat with only one
legal move makes it without asking its bot (no choice is involved).
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import functools
import gc
import itertools
import math
import random
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from muggins.analysis.checkpoint import Checkpoint
from muggins.analysis.games import game_module
from muggins.analysis.runners import done, runner
from muggins.bots.base import Bot, RandomBot
from muggins.bots.engine import TURN_SECONDS, Engine, EngineBot, EngineError
from muggins.bots.registry import make_bot
from muggins.games.base import Game
from muggins.games.errors import GameError, RolloutError
from muggins.games.moves import Leave
from muggins.games.registry import new_game
from muggins.games.result import DealPoints, Played, Result, ledger
from muggins.games.rollout import MAX_MOVES, play_as_random_bots

Z95 = 1.959964
FAILURES_SHOWN = 5
"""Engine failures a summary names (all are counted)."""
SKUNKS = ("skunk", "double skunk", "triple skunk")


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
    engines: tuple[tuple[str, str], ...] = ()
    """Bot names that are engines, each with its command (docs/engines.md)."""
    engine_seconds: float = TURN_SECONDS
    """The seconds an engine has for each move."""

    def rotated(self, number: int) -> tuple[str, ...]:
        """The bot list rotated by ``number`` over the seats."""
        return tuple(self.bots[(seat + number) % len(self.bots)] for seat in range(self.players))

    @property
    def seatings(self) -> tuple[tuple[str, ...], ...]:
        """With ``duplicate``, the different ways the rotations seat the bots, in rotation order: a
        rotation that seats every bot as an earlier one did would replay the same game, so it is
        left out (one bot in every seat: one seating; two bots alternating round four seats: two)."""
        if not self.duplicate:
            return ()
        return tuple(dict.fromkeys(self.rotated(r) for r in range(self.players)))

    @property
    def rotations(self) -> int:
        """Games that share one deal seed: one per different seating with ``duplicate``, else one."""
        return len(self.seatings) if self.duplicate else 1

    def seats(self, number: int) -> list[str]:
        """The bot in each seat for game ``number``: with ``duplicate`` the deal's seating in turn,
        else the bot list rotated by the game number."""
        if self.duplicate:
            return list(self.seatings[number % self.rotations])
        return list(self.rotated(number))

    def game_seed(self, number: int) -> int:
        return derive(self.seed, "deal", number // self.rotations)


def derive(seed: int, *parts: object) -> int:
    """A 63-bit seed from a run's seed and labels, the same on every platform and process."""
    return random.Random(":".join(map(str, (seed, *parts)))).getrandbits(63)


def play(spec: Spec, number: int, *, quick: bool = True) -> dict[str, Any]:
    """Play game ``number`` of ``spec`` and return its record of results and per-deal points. An
    engine that fails (docs/engines.md) leaves the game, as a player leaving a table: the reason
    is in the record's ``engine_failures``. Random bots alone play on the game's quick path where
    it has one (``Game.play_randomly``), else in a compiled loop (``rollout.play_as_random_bots``):
    the same moves and the same record as this loop, which ``quick=False`` keeps to."""
    names = spec.seats(number)
    seed = spec.game_seed(number)
    game = new_game(spec.game, players=spec.players, seed=seed, **spec.options)
    engines = dict(spec.engines)
    seeds = [derive(spec.seed, "bot", number, seat) for seat in range(len(names))]
    start = list(game.scores)
    if quick and not engines and names.count("random") == len(names):  # random bots alone
        played = game.play_randomly(seeds)  # the game's quick path, where it has one
        if played is None:  # else the engine, in a compiled loop
            try:
                moves = play_as_random_bots(game, seeds)
            except RolloutError:
                raise SimulationError(
                    f"game {number} (seed {seed}) did not end after {MAX_MOVES} moves"
                ) from None
            assert game.result is not None
            played = Played(game.result, moves, tuple(ledger(game.events)))
        return _record(
            spec,
            game,
            names=names,
            start=start,
            result=played.result,
            moves=played.moves,
            failures=[],
            deals=played.deals,
        )
    bots: list[Bot | None] = [
        None if name in engines else make_bot(spec.game, name, seeds[seat]) for seat, name in enumerate(names)
    ]
    # a random bot needs no view: the same draw over the same moves
    pickers = [bot.choose_legal if isinstance(bot, RandomBot) else None for bot in bots]
    moves = 0
    failures: list[str] = []
    while game.result is None:  # is_over, without a property call on every move
        if moves > MAX_MOVES:
            raise SimulationError(f"game {number} (seed {seed}) did not end after {MAX_MOVES} moves")
        player = min(game.to_move)
        legal = game.legal_moves(player)
        if len(legal) == 1:
            game.apply(player, legal[0])
        elif names[player] in engines:
            try:
                bot = bots[player] = bots[player] or EngineBot(
                    running_engine(engines[names[player]], player, spec.engine_seconds)
                )
                game.apply(player, bot.choose(game.view(player)))
            except (EngineError, GameError) as exc:
                failures.append(f"engine {names[player]}, game {number}, seat {player}: {exc}")
                game.apply(player, Leave())
        else:
            pick, chooser = pickers[player], bots[player]
            assert chooser is not None
            game.apply(player, chooser.choose(game.view(player)) if pick is None else pick(legal))
        moves += 1
    result = game.result
    assert result is not None
    return _record(
        spec,
        game,
        names=names,
        start=start,
        result=result,
        moves=moves,
        failures=failures,
        deals=ledger(game.events),
    )


def _record(
    spec: Spec,
    game: Game,
    *,
    names: list[str],
    start: list[int],
    result: Result,
    moves: int,
    failures: list[str],
    deals: Sequence[DealPoints],
) -> dict[str, Any]:
    """A game's record: who sat where, how it ended, and its deals' points."""
    return {
        "bots": names,
        "ranks": list(result.ranks),
        "winning_sides": sum(result.ranks[side[0]] == 1 for side in game.sides),
        "scores": list(result.scores),
        "start_scores": start,
        "skunks": list(result.skunks),
        "moves": moves,
        "engine_failures": failures,
        **_deals(deals, spec.players, _role_keys(spec.game)),
    }


_ENGINES: dict[tuple[str, int], Engine] = {}
"""The engines this process runs, by command and seat (a seat's engine plays its games in turn)."""


def running_engine(command: str, seat: int, seconds: float) -> Engine:
    """The engine of ``command`` for ``seat``, started (again, if it stopped) when needed."""
    engine = _ENGINES.get((command, seat))
    if engine is None or engine.proc.poll() is not None:
        if engine is not None:
            engine.close()
        if not _ENGINES:
            atexit.register(close_engines)
        engine = _ENGINES[command, seat] = Engine(command, seconds=seconds)
    return engine


def close_engines() -> None:
    """Stop every engine this process started."""
    for engine in _ENGINES.values():
        engine.close()
    _ENGINES.clear()


@functools.cache
def deal_categories(game: str) -> Mapping[str, str]:
    """``Scored.reason`` -> the category a deal's points are split under by role (dealer, pone), as
    the game's ``analysis/<game>/stats.py`` says (its ``DEAL_CATEGORIES``); empty: no split."""
    module = game_module(game, "stats")
    found: Mapping[str, str] = getattr(module, "DEAL_CATEGORIES", {})
    return found


@functools.cache
def _role_keys(game: str) -> dict[str, tuple[str, str]]:
    """``Scored.reason`` -> the keys ``game``'s points are split under for the dealer and a pone."""
    return {
        reason: (f"dealer:{category}", f"pone:{category}")
        for reason, category in deal_categories(game).items()
    }


def _deals(deals: Sequence[DealPoints], players: int, roles: Mapping[str, tuple[str, str]]) -> dict[str, Any]:
    """Per-deal points by seat and (where the game splits them: ``roles``, each reason's keys for the
    dealer and a pone) by category and role, and each deal's dealer; a deal is complete unless a
    game was won in it (the last deal always is left out)."""
    dealers: list[int | None] = []
    points: list[list[int]] = []
    split: list[dict[str, int]] = []
    for deal in deals:
        dealer = deal.dealer
        now = [0] * players
        by: dict[str, int] = {}
        for (seat, reason), scored in deal.scored.items():
            now[seat] += scored
            keys = roles.get(reason)
            if keys is not None and dealer is not None:
                key = keys[seat != dealer]
                by[key] = by.get(key, 0) + scored
        dealers.append(dealer)
        points.append(now)
        split.append(by)
    won_in = {i for i, deal in enumerate(deals) if deal.won} | {len(deals) - 1}
    return {
        "first_dealer": dealers[0] if dealers else None,
        "deals": len(dealers),
        "deal_points": points,
        "complete": [{"by": split[i], "dealer": dealers[i]} for i in range(len(dealers)) if i not in won_in],
    }


YOUNG_COLLECTIONS = 10_000
"""Allocations between young garbage collections while a chunk of games is played, against
CPython's 700: a game's moves and events live as long as the game (a random Cribist game makes
1,400 of them), and at 700 each young collection walked them again: an eighth of random Cribist
games' time went to the collector."""


@contextlib.contextmanager
def rarer_young_collections(threshold: int = YOUNG_COLLECTIONS) -> Iterator[None]:
    """Young collections every ``threshold`` allocations at least while in the block; the old
    thresholds after it, unless something else has set them meanwhile."""
    young, middle, old = gc.get_threshold()
    raised = max(young, threshold)
    gc.set_threshold(raised, middle, old)
    try:
        yield
    finally:
        if gc.get_threshold() == (raised, middle, old):
            gc.set_threshold(young, middle, old)


def _play_chunk(job: tuple[Spec, int, int]) -> list[dict[str, Any]]:
    spec, start, end = job
    records = []
    with rarer_young_collections():
        for number in range(start, end):
            records.append(play(spec, number))
            done()  # counted as it goes: the progress shown moves every game, not every chunk
    return records


def stream(
    spec: Spec,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    chunk: int = 0,
    *,
    cluster: str | None = None,
    checkpoint: Path | None = None,
) -> Generator[dict[str, Any], None, None]:
    """Play every game of ``spec``, yielding the records in game order as they are done: in this
    process, in ``workers`` processes, or on the Dask scheduler at ``cluster``. Chunks are made as
    they are needed and a few per worker are in flight, so memory stays bounded however many games
    are asked for. With ``checkpoint``, each finished chunk is kept in that folder and a chunk
    found there is read, not played again: a stopped run resumes. ``progress`` gets the number of
    games just finished (or read back), at least every ``POLL_SECONDS`` while games are played here
    or in worker processes (a Dask chunk, when it is back)."""
    told = played = back = read = 0  # told to progress; counted as played; in chunks back; read back

    def tell() -> None:
        nonlocal told
        now = max(played + read, back)  # games being played count before their chunk is back
        if progress and now > told:
            progress(now - told)
            told = now

    def counted(units: int) -> None:
        nonlocal played
        played = units
        tell()

    with runner(_play_chunk, workers, cluster, counted) as here:
        size = chunk or max(1, min(200, spec.games // (here.workers * 8)))
        kept = None
        if checkpoint is not None:
            kept = Checkpoint(checkpoint, _describe(spec), size)
            size = kept.chunk
        pending: collections.deque[tuple[int, Callable[[], list[dict[str, Any]]], bool]] = collections.deque()
        starts = range(0, spec.games, size)
        for start in itertools.chain(starts, [None]):
            if start is not None:
                end = min(spec.games, start + size)
                done = kept.load(start, end - start) if kept is not None else None
                if done is None:
                    pending.append((start, here.submit((spec, start, end)), False))
                else:
                    pending.append((start, functools.partial(list, done), True))
            while pending and (start is None or len(pending) >= here.in_flight):
                first, result, read_back = pending.popleft()
                part = result()
                if kept is not None and not read_back:
                    kept.save(first, part)
                if read_back:
                    read += len(part)  # never played, so never counted
                back += len(part)
                tell()
                yield from part


def _describe(spec: Spec) -> dict[str, Any]:
    """The run ``spec`` is, as JSON values (what a checkpoint folder must hold to be resumed)."""
    return {
        "game": spec.game,
        "players": spec.players,
        "bots": list(spec.bots),
        "games": spec.games,
        "seed": spec.seed,
        "duplicate": spec.duplicate,
        "options": spec.options,
        "engines": dict(spec.engines),
    }


def run(
    spec: Spec, workers: int = 1, progress: Callable[[int], None] | None = None, chunk: int = 0
) -> list[dict[str, Any]]:
    """Every game's record of ``spec``, in game order (``stream`` without keeping memory bounded)."""
    return list(stream(spec, workers, progress, chunk))


# --- the summary ------------------------------------------------------------------------


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
        self.games += 1
        failures = record.get("engine_failures", ())
        self.engine_failures += len(failures)
        self.first_failures += failures[: FAILURES_SHOWN - len(self.first_failures)]
        ranks, scores, deals = record["ranks"], record["scores"], record["deals"]
        pegged = [sum(seat) for seat in zip(*record["deal_points"], strict=True)] or [0] * len(ranks)
        # a win shared by sides that tie counts as a share: two tied grids are half a win each
        shared = record.get("winning_sides", 1)
        self.ties += shared > 1
        self.dealt |= deals > 0
        self.skunking |= bool(record["skunks"])
        won = [1.0 / shared if rank == 1 else 0.0 for rank in ranks]
        for name, bot in self.bots.items():
            seats = [s for s, b in enumerate(record["bots"]) if b == name]
            bot.wins.add(sum(won[s] for s in seats), len(seats))
            if seats:
                self.seen.add(name)
            for s in seats:
                bot.seats += 1
                bot.deals += deals
                bot.points += pegged[s]
                bot.final += scores[s]
                bot.change += scores[s] - record["start_scores"][s]
        self.deals.add(float(deals))
        self.moves += record["moves"]
        for seat in range(len(ranks)):
            self.by_seat[seat].add(won[seat], 1)
        for seat, kind in enumerate(record["skunks"]):
            self.losers += ranks[seat] != 1
            if kind in self.skunks:
                self.skunks[kind] += 1
        if record["first_dealer"] is not None:
            self.first_dealer.add(float(ranks[record["first_dealer"]] == 1))
        for deal in record["complete"]:
            self.complete_deals += 1
            for key, points in deal["by"].items():
                self.deal_totals[key] = self.deal_totals.get(key, 0.0) + points

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
        summary: dict[str, Any] = {**_describe(spec), "games": self.games}
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

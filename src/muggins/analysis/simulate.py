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
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muggins.analysis.checkpoint import Checkpoint
from muggins.analysis.runners import done, runner
from muggins.analysis.spec import SEEDS, Spec, derive
from muggins.analysis.tally import (
    GroupedRatio,
    RunningRate,
    Tally,
    deal_categories,
    deal_split,
    rate,
    role_keys,
    summarise,
)
from muggins.bots.base import Bot, RandomBot
from muggins.bots.protocol import EngineError
from muggins.bots.registry import make_bot
from muggins.games.base import Game
from muggins.games.errors import GameError, RolloutError
from muggins.games.moves import Leave
from muggins.games.registry import new_game
from muggins.games.result import DealPoints, Played, Result, ledger
from muggins.games.rollout import MAX_MOVES, play_as_random_bots

if TYPE_CHECKING:
    from muggins.bots.engine import Engine

__all__ = [  # the spec and the summary have their own modules; a run's code finds them all here
    "GroupedRatio",
    "RunningRate",
    "SimulationError",
    "Spec",
    "Tally",
    "close_engines",
    "deal_categories",
    "derive",
    "play",
    "rarer_young_collections",
    "rate",
    "run",
    "running_engine",
    "stream",
    "summarise",
]


class SimulationError(RuntimeError):
    """A game that could not be played to the end (names the game number and seed)."""


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
        player = game.lowest_to_move()
        legal = game.legal_moves(player)
        if len(legal) == 1:
            game.apply(player, legal[0])
        elif names[player] in engines:
            try:
                bot = bots[player] = bots[player] or engine_bot(
                    engines[names[player]], player, spec.engine_seconds
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
        **deal_split(deals, spec.players, role_keys(spec.game)),
    }


_ENGINES: dict[tuple[str, int], Engine] = {}
"""The engines this process runs, by command and seat (a seat's engine plays its games in turn)."""


def engine_bot(command: str, seat: int, seconds: float) -> Bot:
    """A bot of ``seat`` whose moves the engine of ``command`` chooses (``running_engine``); the
    engine's code is loaded here, so a run without engines starts no processes and loads none."""
    from muggins.bots.engine import EngineBot

    return EngineBot(running_engine(command, seat, seconds))


def running_engine(command: str, seat: int, seconds: float) -> Engine:
    """The engine of ``command`` for ``seat``, started (again, if it stopped) when needed."""
    engine = _ENGINES.get((command, seat))
    if engine is None or engine.proc.poll() is not None:
        if engine is not None:
            engine.close()
        if not _ENGINES:
            atexit.register(close_engines)
        from muggins.bots.engine import Engine

        engine = _ENGINES[command, seat] = Engine(command, seconds=seconds)
    return engine


def close_engines() -> None:
    """Stop every engine this process started."""
    for engine in _ENGINES.values():
        engine.close()
    _ENGINES.clear()


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
            kept = Checkpoint(checkpoint, {**spec.described(), "seeds": SEEDS}, size)
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


def run(
    spec: Spec, workers: int = 1, progress: Callable[[int], None] | None = None, chunk: int = 0
) -> list[dict[str, Any]]:
    """Every game's record of ``spec``, in game order (``stream`` without keeping memory bounded)."""
    return list(stream(spec, workers, progress, chunk))

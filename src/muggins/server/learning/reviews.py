"""Reviews of finished games made in the background, with progress, and stored so a second look is
instant. Bounded: a few are made at once, a few wait per player, and no more than a set number are
under way in all.

A quick review (well under a second: cribbage, Squares) is made on a thread. A slow one (seconds of
CPU: Cribist's search, Skalborg's sampled equities) is made in a worker process of its own, one at
a time, so it never holds this process's interpreter from the live tables and takes one core at
most; a few at most wait for it."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from muggins.analysis.review import quick_reviews, review, reviewed_games
from muggins.server.store import GameRow, Store

log = logging.getLogger(__name__)

REVIEW_VERSION = 2
"""The stored reviews' format and valuation; a review made by another version is made again."""
RUNNING = 2
"""Reviews made at the same time by one server process (each takes a core for well under a second)."""
PER_USER = 3
"""Reviews one player may have under way at once."""
UNDER_WAY = 100
"""Reviews under way (made or waiting) in one server process, from every player."""
SLOW_UNDER_WAY = 6
"""Slow reviews under way (one made, the rest waiting) in one server process: each takes seconds to
a minute of the worker's core."""

_WORKER: dict[str, Any] = {}
"""In the slow reviews' worker: ``progress``, the shared figure its review's progress (0-1) goes to."""


def _start_worker(progress: Any) -> None:
    _WORKER["progress"] = progress


def _review_in_worker(record: dict[str, Any]) -> dict[str, Any]:
    """A slow review, made in the worker process; its progress goes to the shared figure."""

    progress = _WORKER["progress"]

    def advance(done: int, total: int) -> None:
        progress.value = done / max(1, total)

    progress.value = 0.0
    return review(record, progress=advance).to_dict()


State = Literal["none", "running", "done"]


class RefusedReviewError(ValueError):
    """A review that cannot be made: not a finished game, a game without reviews, or too many asked."""


@dataclass(slots=True)
class Job:
    """A review being made: who asked, and how far it has got (0-1)."""

    user_id: int
    progress: float = 0.0

    def advance(self, done: int, total: int) -> None:
        self.progress = done / max(1, total)


@dataclass(frozen=True, slots=True)
class Status:
    """Where a game's review is: none asked, running (with progress) or done (with the review)."""

    state: State
    progress: float
    review: dict[str, Any] | None = None


class Reviewer:
    """Makes, stores and reports the reviews of finished games."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.jobs: dict[int, Job] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.slots = asyncio.Semaphore(RUNNING)
        self.slow: dict[int, Job] = {}
        """The slow reviews under way, the one being made first."""
        self.worker: ProcessPoolExecutor | None = None
        context = multiprocessing.get_context("spawn")
        self.worker_progress = context.Value("d", 0.0, lock=False)
        self.making: Job | None = None
        """The slow review the worker is making now."""
        self.slow_lane = asyncio.Lock()
        """Held while the worker makes a slow review; the others wait for it in turn."""

    def close(self) -> None:
        """Stop the slow reviews' worker (a review it was making is lost; asking again remakes it)."""
        if self.worker is not None:
            self.worker.shutdown(wait=False, cancel_futures=True)
            self.worker = None

    async def status(self, game_id: int) -> Status:
        job = self.jobs.get(game_id)
        if job is not None:
            if job is self.making:
                job.progress = float(self.worker_progress.value)
            return Status("running", job.progress)
        stored = await self.store.review(game_id, REVIEW_VERSION)
        return Status("done", 1.0, stored) if stored is not None else Status("none", 0.0)

    async def start(self, row: GameRow, user_id: int) -> Status:
        """The review of finished game ``row``: stored, under way, or started now for ``user_id``."""
        if row.status != "over":
            raise RefusedReviewError(f"game {row.id} is not finished: only finished games are reviewed")
        game = row.header["game"]
        if game not in reviewed_games():
            raise RefusedReviewError(f"{game} games are not reviewed: there is no review of them")
        known = await self.status(row.id)
        if known.state != "none":
            return known
        if sum(1 for job in self.jobs.values() if job.user_id == user_id) >= PER_USER:
            raise RefusedReviewError(f"you have {PER_USER} reviews under way: wait for one to finish")
        if len(self.jobs) >= UNDER_WAY:
            raise RefusedReviewError("the server is making as many reviews as it can: try again shortly")
        quick = game in quick_reviews()
        if not quick and len(self.slow) >= SLOW_UNDER_WAY:
            raise RefusedReviewError(
                f"{SLOW_UNDER_WAY} long reviews are under way (a {game} review takes a while): "
                "try again later"
            )
        job = self.jobs[row.id] = Job(user_id)
        if not quick:
            self.slow[row.id] = job
        task = asyncio.create_task(self._make(row, job, quick), name=f"review-{row.id}")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return Status("running", 0.0)

    async def _make(self, row: GameRow, job: Job, quick: bool) -> None:
        try:
            if quick:
                async with self.slots:
                    made = await asyncio.to_thread(review, row.record(), progress=job.advance)
                    await self.store.save_review(row.id, REVIEW_VERSION, made.to_dict())
            else:
                await self.store.save_review(row.id, REVIEW_VERSION, await self._in_worker(row, job))
        except Exception:
            log.exception("the review of game %d failed", row.id)
        finally:
            del self.jobs[row.id]
            self.slow.pop(row.id, None)

    async def _in_worker(self, row: GameRow, job: Job) -> dict[str, Any]:
        """A slow review, made by the worker process after those asked before it."""
        async with self.slow_lane:  # first come, first made
            if self.worker is None:
                context = multiprocessing.get_context("spawn")
                self.worker = ProcessPoolExecutor(
                    1, mp_context=context, initializer=_start_worker, initargs=(self.worker_progress,)
                )
            self.making = job
            try:
                made: dict[str, Any] = await asyncio.get_running_loop().run_in_executor(
                    self.worker, _review_in_worker, row.record()
                )
            finally:
                self.making = None
        return made

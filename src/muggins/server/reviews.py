"""Reviews of finished games made in the background, with progress, and stored so a second look is
instant. Bounded: a few are made at once, a few wait per player, and no more than a set number are
under way in all."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Literal

from muggins.analysis.review import quick_reviews, review
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

    async def status(self, game_id: int) -> Status:
        job = self.jobs.get(game_id)
        if job is not None:
            return Status("running", job.progress)
        stored = await self.store.review(game_id, REVIEW_VERSION)
        return Status("done", 1.0, stored) if stored is not None else Status("none", 0.0)

    async def start(self, row: GameRow, user_id: int) -> Status:
        """The review of finished game ``row``: stored, under way, or started now for ``user_id``."""
        if row.status != "over":
            raise RefusedReviewError(f"game {row.id} is not finished: only finished games are reviewed")
        quick = quick_reviews()
        if row.header["game"] not in quick:  # the others take seconds of CPU: the command's
            served = ", ".join(quick)
            raise RefusedReviewError(
                f"{row.header['game']} games are not reviewed here; the server reviews {served}"
            )
        known = await self.status(row.id)
        if known.state != "none":
            return known
        if sum(1 for job in self.jobs.values() if job.user_id == user_id) >= PER_USER:
            raise RefusedReviewError(f"you have {PER_USER} reviews under way: wait for one to finish")
        if len(self.jobs) >= UNDER_WAY:
            raise RefusedReviewError("the server is making as many reviews as it can: try again shortly")
        job = self.jobs[row.id] = Job(user_id)
        task = asyncio.create_task(self._make(row, job), name=f"review-{row.id}")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return Status("running", 0.0)

    async def _make(self, row: GameRow, job: Job) -> None:
        try:
            async with self.slots:
                made = await asyncio.to_thread(review, row.record(), progress=job.advance)
                await self.store.save_review(row.id, REVIEW_VERSION, made.to_dict())
        except Exception:
            log.exception("the review of game %d failed", row.id)
        finally:
            del self.jobs[row.id]

"""A clock a test moves forward itself (``muggins.server.clock.Clock``): timers run when it passes
their time, and nothing waits on the world's time."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable

SETTLE_LIMIT = 10.0
"""Real seconds the tables' tasks may take to finish their own work after the clock moved."""


class ManualTimer:
    """A callback due at a time on a manual clock."""

    def __init__(self, due: float, callback: Callable[[], object]) -> None:
        self.due, self.callback, self.cancelled = due, callback, False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """Time stands still until ``advance`` moves it, running each timer that falls due in order and
    letting the tasks those start finish before going on."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start
        self.timers: list[tuple[float, int, ManualTimer]] = []
        self.order = itertools.count()
        self.tasks: set[asyncio.Task[None]] | None = None
        """The tasks to wait for after each timer (a ``Tables.tasks``), once the test gives them."""
        self.sleeping = 0
        """Tasks waiting in ``sleep`` for this clock to move."""

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Callable[[], object]) -> ManualTimer:
        timer = ManualTimer(self.now + max(0.0, delay), callback)
        heapq.heappush(self.timers, (timer.due, next(self.order), timer))
        return timer

    async def sleep(self, delay: float) -> None:
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def wake() -> None:
            if not woken.done():
                woken.set_result(None)

        self.call_later(delay, wake)
        self.sleeping += 1
        try:
            await woken
        finally:
            self.sleeping -= 1

    def pending(self) -> list[float]:
        """When the timers not cancelled are due, soonest first."""
        return sorted(due for due, _, timer in self.timers if not timer.cancelled)

    async def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` forward, running every timer due on the way at its own time."""
        end = self.now + seconds
        await self.settle()
        while self.timers and self.timers[0][0] <= end:
            due, _, timer = heapq.heappop(self.timers)
            if timer.cancelled:
                continue
            self.now = due
            timer.callback()
            await self.settle()
        self.now = end
        await self.settle()

    async def settle(self) -> None:
        """Let the tasks the tables started run until each is done or waits on this clock (their
        own work, a store write or a bot's think, takes what real time it takes)."""
        give_up = time.monotonic() + SETTLE_LIMIT
        while True:
            await asyncio.sleep(0)
            running = [t for t in (self.tasks or ()) if not t.done()]
            if len(running) <= self.sleeping:
                return
            assert time.monotonic() < give_up, f"{len(running)} table tasks still running"
            await asyncio.wait(running, timeout=0.01, return_when=asyncio.FIRST_COMPLETED)

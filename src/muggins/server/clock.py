"""The time a server's tables keep, passed in rather than read from the world: turn clocks, pauses,
idle tables and retries ask their ``Clock``, so tests move a clock forward instead of waiting."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol

from muggins.server.loop import OnLoop


class Timer(Protocol):
    """A callback a clock will run unless cancelled first."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """Wall time in seconds since the epoch (deadlines are sent to clients in it), callbacks after a
    delay, and waits."""

    def time(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], object]) -> Timer: ...

    async def sleep(self, delay: float) -> None: ...


class LoopClock(OnLoop):
    """The real clock: the system's time and the running event loop's timers."""

    def time(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], object]) -> Timer:
        return self.loop.call_later(delay, callback)

    async def sleep(self, delay: float) -> None:
        await asyncio.sleep(delay)

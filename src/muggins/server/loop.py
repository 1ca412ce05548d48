"""The running event loop, looked up once per object rather than once per call.

On Python 3.11 every ``asyncio.get_running_loop()`` makes a ``getpid()`` system call (a check
against a forked child using its parent's loop): a busy server looked the loop up a dozen times a
move, and those calls were 7 % of its busy time (py-spy under ``bench/cluster.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class OnLoop:
    """``self.loop``: the running loop, looked up when first asked for and again once that loop is
    closed. An object serves one loop at a time (tests run a loop after another, never two)."""

    _loop: asyncio.AbstractEventLoop | None = None

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        loop = self._loop
        if loop is None or loop.is_closed():
            loop = self._loop = asyncio.get_running_loop()
        return loop


class Every:
    """A background task that runs ``step`` every ``seconds``, and at once when woken, until
    closed; a step that fails is logged and tried again at the next (the pools, the tournaments)."""

    def __init__(self, name: str, seconds: float, step: Callable[[], Awaitable[object]]) -> None:
        self.name, self.seconds, self.step = name, seconds, step
        self.woken = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=self.name)

    def wake(self) -> None:
        """Run the step now rather than at the next tick."""
        self.woken.set()

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _run(self) -> None:
        while True:
            try:
                await self.step()
            except Exception:  # tried again at the next tick
                log.exception("%s failed; trying again", self.name)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.woken.wait(), self.seconds)
            self.woken.clear()

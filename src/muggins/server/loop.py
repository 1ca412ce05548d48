"""The running event loop, looked up once per object rather than once per call.

On Python 3.11 every ``asyncio.get_running_loop()`` makes a ``getpid()`` system call (a check
against a forked child using its parent's loop): a busy server looked the loop up a dozen times a
move, and those calls were 7 % of its busy time (py-spy under ``bench/cluster.py``).
"""

from __future__ import annotations

import asyncio


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

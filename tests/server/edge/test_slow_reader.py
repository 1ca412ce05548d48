"""Issue 33, item 1: a socket that never reads costs the server a bounded number of bytes, not a
queue of every message sent to it; past the bound it is disconnected."""

from __future__ import annotations

import asyncio
from typing import Any

from muggins.server.edge.connection import OUTBOX_BYTES, Connection
from muggins.server.settings import Settings


class NeverReads:
    """A WebSocket whose client sends nothing and reads nothing: every send blocks."""

    def __init__(self) -> None:
        self.closed = False

    async def accept(self) -> None:
        pass

    async def receive(self) -> dict[str, Any]:
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    async def send_text(self, _text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = True


def test_a_socket_that_never_reads_is_dropped_past_the_byte_bound() -> None:
    async def run() -> None:
        conn = Connection(NeverReads(), None, None, None, Settings(), pairing=None, tournaments=None)  # type: ignore[arg-type]
        serving = asyncio.ensure_future(conn.serve())
        await asyncio.sleep(0.01)
        chunk = "x" * (256 * 1024)
        most = 0
        for _ in range(4 * OUTBOX_BYTES // len(chunk)):
            conn.send(chunk)
            most = max(most, conn.queued)
            await asyncio.sleep(0)
        assert most <= OUTBOX_BYTES
        await asyncio.wait_for(serving, 2)  # serve has returned: the connection is let go
        assert conn.dropped and serving.exception() is None

    asyncio.run(run())

"""docs/protocol.md's frame limits, against a real ``muggins serve``: a frame over the message limit
gets an error and the connection stays; one over the frame limit is not read and closes it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from muggins.server.messages import MAX_FRAME_BYTES, MAX_MESSAGE_BYTES
from tests.server.live_server import Server


def test_large_frames_are_refused_and_huge_ones_close_the_connection(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()

    async def run() -> None:
        async with connect(server.ws_url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "name": "x" * (MAX_MESSAGE_BYTES + 10)}))
            reply = json.loads(await ws.recv())
            assert reply["type"] == "error" and f"at most {MAX_MESSAGE_BYTES} bytes" in reply["reason"]
            await ws.send(json.dumps({"type": "hello", "name": "still here"}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            await ws.send("x" * (MAX_FRAME_BYTES + 1))
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    asyncio.run(run())

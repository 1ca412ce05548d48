"""Check that a muggins server answers as a new user meets it: the page at / loads the client, and a
WebSocket ``hello`` with a guest name is welcomed. Run by .ci/run with the venv of the README's
first command (a plain install: only the standard library and what muggins itself depends on).

Usage: python check_served.py [BASE_URL] [SECONDS]   (waits up to SECONDS for the server to come up)
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import urllib.error
import urllib.request

import websockets


def wait_for_page(base: str, seconds: float) -> str:
    """GET / until it answers (the install may still be compiling), returning the page."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{base}/", timeout=5) as reply:  # noqa: S310 - our own http URL
                return str(reply.read().decode("utf-8"))
        except (urllib.error.URLError, ConnectionError, TimeoutError) as exc:
            if time.monotonic() > deadline:
                raise SystemExit(f"no answer at {base}/ after {seconds:.0f} s: {exc}") from None
            time.sleep(2)


async def hello(base: str) -> dict[str, object]:
    url = base.replace("http://", "ws://", 1) + "/ws"
    async with websockets.connect(url) as ws:
        await ws.send(json.dumps({"type": "hello", "name": "First Run"}))
        reply: dict[str, object] = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
        return reply


def main() -> None:
    base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 600
    page = wait_for_page(base, seconds)
    if "<html" not in page.lower() or "muggins" not in page.lower():
        raise SystemExit(f"GET {base}/ did not return the muggins client: {page[:200]!r}")
    reply = asyncio.run(hello(base))
    if reply.get("type") != "welcome":
        raise SystemExit(f"the WebSocket answered hello with {reply!r}, not welcome")
    print(f"{base}/ serves the client and the WebSocket welcomes a guest")


if __name__ == "__main__":
    main()

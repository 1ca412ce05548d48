"""A real muggins server in a subprocess on 127.0.0.1 and a random port, and a WebSocket client that
keeps everything it receives."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

Message = dict[str, Any]

ONE_ADDRESS = ("--sockets-per-minute", "100000", "--address-rate", "100000", "--api-rate", "100000")
"""Flags lifting the per-address quotas that every test client, all on 127.0.0.1, would share
(each quota has tests of its own)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``muggins serve`` as a child process; ``kill()`` is SIGKILL, ``start()`` starts it again."""

    def __init__(self, db: Path, *extra: str) -> None:
        self.db, self.extra = db, extra
        self.command = ["-m", "muggins"]
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                *self.command,
                "serve",
                "--port",
                str(self.port),
                "--db",
                f"sqlite:///{self.db}",
                "--log-level",
                "warning",
                *self.extra,
            ],
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError("the server did not start within 60 s")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def guest(self, name: str) -> tuple[str, Message]:
        """A guest token and user."""
        reply = httpx.post(self.url + "/api/guest", json={"name": name}).json()
        return reply["token"], reply["user"]

    def member(self, name: str) -> tuple[str, Message]:
        """A new member's token and user (password "long enough")."""
        reply = httpx.post(self.url + "/api/register", json={"name": name, "password": "long enough"}).json()
        return reply["token"], reply["user"]

    def bot_account(self, name: str) -> tuple[str, Message]:
        """A new bot account's token and user: a member made into one (docs/server.md, "Bot accounts")."""
        token, _ = self.member(name)
        reply = httpx.post(
            self.url + "/api/me/bot",
            json={"password": "long enough"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert reply.status_code == 200, reply.text
        made: tuple[str, Message] = reply.json()["token"], reply.json()["user"]
        return made

    def create_table(self, token: str, **body: Any) -> Message:
        reply = httpx.post(self.url + "/api/tables", json=body, headers={"Authorization": f"Bearer {token}"})
        assert reply.status_code == 201, reply.text
        table: Message = reply.json()
        return table


class Client:
    """A WebSocket client that keeps every message it receives."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[Message] = []
        self.new = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str, **hello: Any) -> Client:
        client = cls(await connect(url, max_size=2**22))
        if hello:
            await client.send(type="hello", **hello)
            await client.expect(lambda m: m["type"] in ("welcome", "error"))
        return client

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.ws:
                self.received.append(json.loads(text))
                self.new.set()

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps(message))

    async def expect(self, match: Callable[[Message], bool], timeout: float = 10, after: int = 0) -> Message:
        """The first message (from index ``after``) that ``match`` accepts, waiting for it."""
        deadline = time.monotonic() + timeout
        seen = after
        while True:
            for i in range(seen, len(self.received)):
                if match(self.received[i]):
                    return self.received[i]
            seen = max(seen, len(self.received))
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no matching message in {timeout} s; last: {self.received[-3:]}")
            self.new.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.new.wait(), remaining)

    def latest_view(self, table_id: str) -> Message | None:
        for message in reversed(self.received):
            if message.get("table_id") == table_id and message["type"] in ("events", "table_state"):
                view: Message | None = message["view"]
                return view
        return None

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()

"""One Redis connection speaking the protocol directly, its replies parsed by hiredis (in C).

The bus's traffic (a few publishes and a few received messages per move) cost more CPU in
redis-py's clients than in the work they carry: a pipeline object and a pooled connection per
batch, several coroutines per received message. Here commands asked for in one turn of the event
loop go out in one write, replies are matched to their callers in order (Redis answers each
connection's commands in the order it sent them), and on a subscriber connection every pushed
message goes straight to a callback.
"""

from __future__ import annotations

import asyncio
import collections
import ssl
from collections.abc import Callable
from typing import Any

import hiredis
import redis.exceptions
from redis.asyncio.connection import SSLConnection, parse_url

Arg = str | int | float | bytes


def pack(args: tuple[Arg, ...]) -> bytes:
    """A command in the Redis protocol (an array of bulk strings)."""
    parts = [b"*%d\r\n" % len(args)]
    for arg in args:
        if isinstance(arg, bytes):
            data = arg
        elif isinstance(arg, str):
            data = arg.encode()
        elif isinstance(arg, float):
            data = repr(arg).encode()
        else:
            data = str(arg).encode()
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)


def _error(reply: hiredis.ReplyError) -> redis.exceptions.RedisError:
    """An error reply as the exception redis-py would raise for it."""
    text = str(reply)
    if text.startswith("NOSCRIPT"):
        return redis.exceptions.NoScriptError(text)
    return redis.exceptions.ResponseError(text)


class Wire(asyncio.Protocol):
    """A connection: ``call`` a command and await its reply; or, with ``push``, a subscriber whose
    every reply (message, subscription confirmation) is handed to ``push``."""

    def __init__(self, push: Callable[[Any], None] | None = None) -> None:
        self.push = push
        self.parser = hiredis.Reader(encoding="utf-8")
        self.waiting: collections.deque[asyncio.Future[Any]] = collections.deque()
        self.transport: asyncio.Transport | None = None
        self.outgoing: list[bytes] = []
        self.loop = asyncio.get_running_loop()  # once: each look-up is a system call (server.loop)
        self.closed: asyncio.Future[None] = self.loop.create_future()

    @classmethod
    async def open(cls, url: str, push: Callable[[Any], None] | None = None) -> Wire:
        """Connect to the Redis at ``url`` (``redis://``, ``rediss://`` or ``unix://``), signed in
        and on the URL's database."""
        params = parse_url(url)
        loop = asyncio.get_running_loop()
        if "path" in params:
            _, wire = await loop.create_unix_connection(lambda: cls(push), params["path"])
        else:
            secure = ssl.create_default_context() if params.get("connection_class") is SSLConnection else None
            _, wire = await loop.create_connection(
                lambda: cls(push), params.get("host", "localhost"), params.get("port", 6379), ssl=secure
            )
        hold, wire.push = wire.push, None  # the sign-in's replies are replies, not pushes
        try:
            if params.get("password"):
                user = [params["username"]] if params.get("username") else []
                await wire.call("AUTH", *user, params["password"])
            if params.get("db"):
                await wire.call("SELECT", params["db"])
        except BaseException:
            wire.close()
            raise
        wire.push = hold
        return wire

    def call(self, *args: Arg) -> asyncio.Future[Any]:
        """Send a command (in this turn's write); the future holds its reply or its error."""
        future: asyncio.Future[Any] = self.loop.create_future()
        self.send(*args)
        self.waiting.append(future)
        return future

    def send(self, *args: Arg) -> None:
        """Send a command whose reply is not awaited here (a subscriber's subscriptions)."""
        if self.transport is None or self.transport.is_closing():
            raise redis.exceptions.ConnectionError("the connection to Redis is closed")
        if not self.outgoing:
            self.loop.call_soon(self._flush)
        self.outgoing.append(pack(args))

    def _flush(self) -> None:
        data, self.outgoing = b"".join(self.outgoing), []
        if data and self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    @property
    def is_open(self) -> bool:
        return not self.closed.done()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()

    # --- asyncio.Protocol -----------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's transports are not asyncio's classes

    def data_received(self, data: bytes) -> None:
        self.parser.feed(data)
        while True:
            try:
                reply = self.parser.gets()
            except hiredis.ProtocolError:
                self.close()
                return
            if reply is False:
                return
            if self.push is not None:
                self.push(reply)
                continue
            if not self.waiting:
                continue
            future = self.waiting.popleft()
            if future.done():
                continue
            if isinstance(reply, hiredis.ReplyError):
                future.set_exception(_error(reply))
            else:
                future.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        while self.waiting:
            future = self.waiting.popleft()
            if not future.done():
                future.set_exception(redis.exceptions.ConnectionError(f"lost the connection to Redis: {exc}"))
        if not self.closed.done():
            self.closed.set_result(None)

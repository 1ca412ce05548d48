"""An event loop that takes every waiting connection whenever the listening socket is ready.

uvloop's loop (libuv since 1.45) accepts one connection per turn. A busy server's turns are long,
so when a process of a cluster dies and its players all connect to a survivor at once, the last
few dozen waited seconds in the listen queue for no other reason than that pace (a tenth of a
second a turn during a takeover: the slowest player back 4-5 s after the kill instead of 2-3).
This loop accepts everything waiting, as asyncio's own loop does, and hands each connection to
the server's protocol; ``muggins serve`` gives it to uvicorn (``uvicorn.Config(loop=...)``).
"""

from __future__ import annotations

import asyncio
import errno
import functools
import logging
import socket
from collections.abc import Callable, Iterable
from typing import Any

log = logging.getLogger(__name__)

ACCEPT_RETRY_SECONDS = 1.0
"""How long to stop accepting after the process ran out of descriptors or memory for one."""

_OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})

LOOP = "muggins.server.edge.accepting:new_event_loop"
"""This module's loop factory, as uvicorn's ``loop`` setting names it."""


class AcceptingServer(asyncio.AbstractServer):
    """A listening TCP socket served on ``loop``: every connection waiting when it turns readable
    is accepted in that turn (at most ``backlog``), each then given to ``protocol_factory``."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        sock: socket.socket,
        protocol_factory: Callable[[], asyncio.BaseProtocol],
        backlog: int,
    ) -> None:
        self.loop, self.sock, self.protocol_factory = loop, sock, protocol_factory
        self.backlog = max(1, backlog)
        self.opening: set[asyncio.Task[Any]] = set()
        """Connections accepted whose protocol is not yet told (kept until it is)."""
        self.serving = False
        sock.setblocking(False)
        sock.listen(self.backlog)
        self._resume()

    def _resume(self) -> None:
        if self.sock.fileno() != -1:
            self.loop.add_reader(self.sock.fileno(), self._accept_waiting)
            self.serving = True

    def _accept_waiting(self) -> None:
        for _ in range(self.backlog):
            try:
                conn, _address = self.sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:
                continue  # the client gave up while it waited: the next one
            except OSError as exc:
                if exc.errno not in _OUT_OF_RESOURCES:
                    raise
                log.error("cannot accept connections (%s); trying again in %g s", exc, ACCEPT_RETRY_SECONDS)
                self.loop.remove_reader(self.sock.fileno())
                self.loop.call_later(ACCEPT_RETRY_SECONDS, self._resume)
                return
            conn.setblocking(False)
            task = self.loop.create_task(self.loop.connect_accepted_socket(self.protocol_factory, conn))
            self.opening.add(task)
            task.add_done_callback(functools.partial(self._opened, conn))

    def _opened(self, conn: socket.socket, task: asyncio.Task[Any]) -> None:
        self.opening.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.debug("an accepted connection could not be opened: %r", task.exception())
            conn.close()

    @property
    def sockets(self) -> tuple[socket.socket, ...]:
        return (self.sock,) if self.sock.fileno() != -1 else ()

    def close(self) -> None:
        """Stop accepting and close the listening socket (open connections go on)."""
        if self.sock.fileno() != -1:
            self.loop.remove_reader(self.sock.fileno())
            self.sock.close()
        self.serving = False

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self.loop

    def is_serving(self) -> bool:
        return self.serving

    async def start_serving(self) -> None:
        """It serves from the start."""

    async def serve_forever(self) -> None:
        """Serve until cancelled, then close."""
        try:
            await self.loop.create_future()
        finally:
            self.close()

    async def wait_closed(self) -> None:
        """Until every connection accepted so far has been given its protocol."""
        if self.opening:
            await asyncio.gather(*self.opening, return_exceptions=True)


def _takes_over(sock: socket.socket | None, ssl: object, kwargs: dict[str, Any]) -> bool:
    """Whether this ``create_server`` call is one ``AcceptingServer`` serves: a plain TCP socket
    given, no TLS, serving at once."""
    return (
        sock is not None
        and sock.family in (socket.AF_INET, socket.AF_INET6)
        and ssl is None
        and kwargs.get("start_serving", True)
        and not set(kwargs) - {"backlog", "start_serving", "reuse_address", "reuse_port"}
    )


@functools.cache
def accepting(loop_class: type[asyncio.AbstractEventLoop]) -> type[asyncio.AbstractEventLoop]:
    """``loop_class`` whose ``create_server`` on a given TCP socket serves it with ``AcceptingServer``."""

    class AcceptingLoop(loop_class):  # type: ignore[valid-type,misc]  # a class known at run time
        async def create_server(
            self,
            protocol_factory: Callable[[], asyncio.BaseProtocol],
            host: str | Iterable[str] | None = None,
            port: int | None = None,
            *,
            sock: socket.socket | None = None,
            ssl: object = None,
            **kwargs: Any,
        ) -> asyncio.AbstractServer:
            if host is None and port is None and _takes_over(sock, ssl, kwargs):
                assert sock is not None
                return AcceptingServer(self, sock, protocol_factory, int(kwargs.get("backlog", 100)))
            server: asyncio.AbstractServer = await super().create_server(
                protocol_factory, host, port, sock=sock, ssl=ssl, **kwargs
            )
            return server

    return AcceptingLoop


def new_event_loop() -> asyncio.AbstractEventLoop:
    """uvloop's loop, accepting every waiting connection at once; asyncio's own loop (which does
    so already) where uvloop is not installed (Windows)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return accepting(uvloop.Loop)()

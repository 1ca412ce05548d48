"""uvicorn's HTTP protocol with the bounds it lacks: a request's head (request line and headers)
must arrive within a time and a size, and one address may hold only so many HTTP connections.

httptools reads a header of any length and waits for it for ever, so one client could hold
memory and descriptors with unfinished requests. Keep-alive idleness is uvicorn's own
``timeout_keep_alive``; an upgraded WebSocket leaves this count for the app's own per-address
limit and its hello timeout."""

from __future__ import annotations

import asyncio
import collections
import functools
import ipaddress
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

HEAD_BYTES = 64 * 1024
"""The most a request's line and headers may take (browsers send a few KiB)."""
HEAD_SECONDS = 10.0
"""How long a connection may take to send a request's head, counted from its first byte or,
for a new connection, from when it opened."""
LINGER_SECONDS = 2.0
"""How long a refused connection's further bytes are read and dropped before it is closed."""
CONNECTIONS_PER_ADDRESS = 128
"""HTTP connections one address may hold open (not counting the trusted proxies of uvicorn's
``forwarded_allow_ips``, whose clients are counted by their forwarded address in the app)."""


class HeadGuard(HttpToolsProtocol):
    """An HTTP connection whose request heads are bounded in bytes and time (431 or 408 and
    closed), and whose address holds at most ``per_address`` connections (more are closed at once)."""

    head_bytes = HEAD_BYTES
    head_seconds = HEAD_SECONDS
    per_address = CONNECTIONS_PER_ADDRESS
    open_by_address: collections.Counter[str]

    def __init__(self, config: Config, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self.in_head, self.refused = True, False
        self.head_read = 0
        self.head_timer: asyncio.TimerHandle | None = None
        self.counted: str | None = None
        allowed = config.forwarded_allow_ips if config.proxy_headers else ()
        self.trusted = _networks(tuple(allowed.split(",") if isinstance(allowed, str) else allowed))

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else ""
        if not _is_among(host, self.trusted):
            if self.open_by_address[host] >= self.per_address:
                transport.close()
                return
            self.open_by_address[host] += 1
            self.counted = host
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        self._release()
        super().handle_websocket_upgrade()

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        if self.in_head:
            self.head_read += len(data)
        super().data_received(data)
        over = self.in_head and self.head_read > self.head_bytes
        if over and not self.refused and not self.transport.is_closing():
            self._refuse(431, f"the request's headers are over {self.head_bytes} bytes")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self.in_head, self.head_read = False, 0
        self._disarm()
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self.in_head = True

    def _arm(self) -> None:
        if self.head_timer is None:
            self.head_timer = self.loop.call_later(self.head_seconds, self._head_too_slow)

    def _disarm(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _head_too_slow(self) -> None:
        self.head_timer = None
        if not self.transport.is_closing() and not self.refused:
            self._refuse(408, f"the request's headers took over {self.head_seconds:g} seconds")

    def _release(self) -> None:
        self._disarm()
        if self.counted is not None:
            self.open_by_address[self.counted] -= 1
            if not self.open_by_address[self.counted]:
                del self.open_by_address[self.counted]
            self.counted = None

    def _refuse(self, status: int, reason: str) -> None:
        """Answer ``status`` with ``reason`` and close: the request is not read any further."""
        body = reason.encode("ascii")
        self.transport.write(
            b"".join(
                (
                    STATUS_LINE[status],
                    b"content-type: text/plain; charset=utf-8\r\n",
                    b"content-length: %d\r\nconnection: close\r\n\r\n" % len(body),
                    body,
                )
            )
        )
        # Closed at once with the client's bytes unread, the socket would be reset and the client
        # might never read the answer: send it, stop writing, and drop what still comes a while.
        self.refused = True
        self._disarm()
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER_SECONDS, self.transport.close)


def head_guard(
    head_bytes: int = HEAD_BYTES,
    head_seconds: float = HEAD_SECONDS,
    per_address: int = CONNECTIONS_PER_ADDRESS,
) -> type[HeadGuard]:
    """The protocol class to give uvicorn (``http=``), with these bounds and its own count of
    connections by address (one per server)."""
    bounds = {"head_bytes": head_bytes, "head_seconds": head_seconds, "per_address": per_address}
    return type("BoundedHeadGuard", (HeadGuard,), {**bounds, "open_by_address": collections.Counter()})


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@functools.cache
def _networks(entries: tuple[str, ...]) -> tuple[Network, ...]:
    """The networks of uvicorn's ``forwarded_allow_ips`` ("*": every address); entries that are not
    addresses (a Unix socket's name) name no peer here."""
    networks: list[Network] = []
    for entry in (e.strip() for e in entries):
        if entry == "*":
            return (ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0"))
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            continue
    return tuple(networks)


def _is_among(host: str, networks: tuple[Network, ...]) -> bool:
    """Whether ``host`` (an address as text) is in one of ``networks``."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(address in network for network in networks)

"""Issue 33, item 2: what an HTTP connection may cost before its request is read is bounded by
``muggins serve`` itself: the request head's size and time, and connections per address."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

import httpx

from muggins.server.edge.head_guard import HEAD_BYTES
from tests.server.live_server import Server


def _raw(server: Server, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0))
    return sock


def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    got = b""
    while chunk := sock.recv(65536):
        got += chunk
    return got


def test_an_oversized_request_head_is_refused_and_closed(server: Server) -> None:
    """A 60 MB header used to be read whole."""
    with _raw(server) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: ")
        sent = 0
        try:
            while sent < 4 * HEAD_BYTES:
                sock.sendall(b"a" * 8192)
                sent += 8192
        except (BrokenPipeError, ConnectionResetError):
            pass  # closed while we were still sending: the refusal is what matters
        answer = _answer(sock)
    assert answer.startswith(b"HTTP/1.1 431 ")
    assert f"over {HEAD_BYTES} bytes".encode() in answer
    # an ordinary request with a few KiB of headers is still served
    reply = httpx.get(server.url + "/api/games", headers={"X-Pad": "b" * 8000})
    assert reply.status_code == 200


def test_a_slow_or_silent_request_head_is_closed_in_time(server_factory: Callable[..., Server]) -> None:
    """Sockets with unfinished headers, and sockets that never said anything, stayed open."""
    server = server_factory("--header-timeout", "1")
    with _raw(server) as silent, _raw(server) as slow:
        started = time.monotonic()
        slow.sendall(b"GET /api/games HTTP/1.1\r\n")
        for _ in range(3):
            slow.sendall(b"X-Drip: 1\r\n")
            time.sleep(0.4)  # the head never completes: each byte on time is not enough
        slow_answer, silent_answer = _answer(slow), _answer(silent)
        took = time.monotonic() - started
    for answer in (slow_answer, silent_answer):
        assert answer.startswith(b"HTTP/1.1 408 ") and b"took over 1 seconds" in answer
    assert took < 5
    # a connection kept alive between requests gets its second head in time as well
    with httpx.Client() as http:
        assert http.get(server.url + "/api/games").status_code == 200
        time.sleep(1.5)  # longer than the head timeout, shorter than keep-alive's 5 s
        assert http.get(server.url + "/api/games").status_code == 200


def test_one_address_holds_only_so_many_connections(server_factory: Callable[..., Server]) -> None:
    """20,100 idle connections from one client exhausted the process's descriptors. 127.0.0.2 is a
    client of its own; 127.0.0.1, uvicorn's trusted proxy, is counted by forwarded address instead."""
    server = server_factory("--connections-per-address", "3")
    held = [_raw(server, "127.0.0.2") for _ in range(3)]
    try:
        with _raw(server, "127.0.0.2") as fourth:
            assert _answer(fourth) == b""  # closed at once, nothing read
        held.pop().close()
        time.sleep(0.2)
        with _raw(server, "127.0.0.2") as again:
            again.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert _answer(again).startswith(b"HTTP/1.1 200 ")
        proxied = [_raw(server) for _ in range(5)]
        for sock in proxied:
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert _answer(sock).startswith(b"HTTP/1.1 200 ")
            sock.close()
    finally:
        for sock in held:
            sock.close()

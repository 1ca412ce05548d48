"""The serving loop takes every waiting connection in one turn, however busy its turns are (a
survivor's takeover: thousands of players connect at once to a process already at work)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import errno
import logging
import socket
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import pytest

from muggins.server.edge import accepting

LOOPS: dict[str, Callable[[], asyncio.AbstractEventLoop]] = {
    "serving loop": accepting.new_event_loop,  # uvloop's, where installed
    "asyncio's loop, accepting": accepting.accepting(asyncio.SelectorEventLoop),
}


T = TypeVar("T")


def run_apart(loop: asyncio.AbstractEventLoop, job: Coroutine[Any, Any, T]) -> T:
    """Run ``job`` to its end on ``loop``, in a thread of its own: a worker that has run the
    browser tests (Playwright's session keeps a loop running in its main thread) can run it too."""
    with concurrent.futures.ThreadPoolExecutor(1) as apart:
        return apart.submit(loop.run_until_complete, job).result()


class _Counted(asyncio.Protocol):
    """Notes the turn of the loop in which each connection reached its protocol, and its peer."""

    made: list[tuple[int, Any]]
    turn: list[int]
    opened: list[asyncio.BaseTransport]

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.made.append((self.turn[0], transport.get_extra_info("peername")))
        self.opened.append(transport)


def _counting(made: list[tuple[int, Any]], turn: list[int]) -> type[_Counted]:
    return type("Counted", (_Counted,), {"made": made, "turn": turn, "opened": []})


async def _close(server: asyncio.AbstractServer, protocol: type[_Counted]) -> None:
    """Stop serving and close every connection it accepted."""
    server.close()
    await server.wait_closed()
    for transport in protocol.opened:
        transport.close()
    await asyncio.sleep(0.01)  # their closing callbacks run


def _serve_waiting(
    new_loop: Callable[[], asyncio.AbstractEventLoop], listener: socket.socket, expected: int
) -> tuple[list[tuple[int, Any]], int]:
    """Serve ``listener`` on a loop whose every turn is counted, until ``expected`` connections
    reached their protocol or 500 turns went by: (turn and peer of each, turns taken)."""
    made: list[tuple[int, Any]] = []
    turn = [0]
    protocol = _counting(made, turn)
    loop = new_loop()

    async def serve() -> None:
        server = await loop.create_server(protocol, sock=listener, backlog=2048)
        while len(made) < expected and turn[0] < 500:
            turn[0] += 1
            await asyncio.sleep(0)  # one turn of the loop
        await _close(server, protocol)

    try:
        run_apart(loop, serve())
    finally:
        loop.close()
    return made, turn[0]


@pytest.mark.parametrize("new_loop", LOOPS.values(), ids=LOOPS.keys())
def test_every_connection_waiting_is_accepted_in_one_turn(
    new_loop: Callable[[], asyncio.AbstractEventLoop],
) -> None:
    listener = socket.create_server(("127.0.0.1", 0), backlog=2048)
    port = listener.getsockname()[1]
    clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(300)]  # queued, unaccepted
    addresses = {client.getsockname() for client in clients}
    try:
        made, turns = _serve_waiting(new_loop, listener, len(clients))
    finally:
        for client in clients:
            client.close()
    assert len(made) == len(clients)
    assert {peer for _, peer in made} == addresses
    # Accepted in one turn, then opened as tasks in the next few, whatever their number (uvloop's
    # own server: one connection a turn, the 300th in turn 301).
    assert max(turn for turn, _ in made) <= 5, f"the last connection took {turns} turns"


def test_a_closed_server_accepts_no_more() -> None:
    loop = accepting.new_event_loop()
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    async def serve_and_close() -> accepting.AcceptingServer:
        server = await loop.create_server(asyncio.Protocol, sock=listener)
        assert isinstance(server, accepting.AcceptingServer)
        assert server.is_serving() and server.sockets == (listener,)
        server.close()
        await server.wait_closed()
        return server

    try:
        server = run_apart(loop, serve_and_close())
    finally:
        loop.close()
    assert not server.is_serving() and not server.sockets
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=1)


class _OutOfDescriptorsOnce(socket.socket):
    """A listening socket whose first accept fails as when the process has no descriptor left."""

    failed = False

    def accept(self) -> tuple[socket.socket, Any]:
        if not _OutOfDescriptorsOnce.failed:
            _OutOfDescriptorsOnce.failed = True
            raise OSError(errno.EMFILE, "Too many open files")
        return super().accept()


def test_running_out_of_descriptors_pauses_accepting_then_it_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(accepting, "ACCEPT_RETRY_SECONDS", 0.05)
    monkeypatch.setattr(_OutOfDescriptorsOnce, "failed", False)
    listener = _OutOfDescriptorsOnce(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    client = socket.create_connection(listener.getsockname())
    made: list[tuple[int, Any]] = []
    protocol = _counting(made, [0])
    loop = accepting.new_event_loop()

    async def serve() -> None:
        server = await loop.create_server(protocol, sock=listener)
        for _ in range(100):
            if made:
                break
            await asyncio.sleep(0.01)
        await _close(server, protocol)

    with caplog.at_level(logging.ERROR, logger=accepting.__name__):
        try:
            run_apart(loop, serve())
        finally:
            loop.close()
            client.close()
    assert _OutOfDescriptorsOnce.failed
    assert "cannot accept connections" in caplog.text and "Too many open files" in caplog.text
    assert len(made) == 1  # accepted once the pause was over


def test_a_server_the_loop_does_not_take_over_is_the_loops_own() -> None:
    """A server on a host and port (or with TLS) is the base loop's: only a given TCP socket is
    served here."""
    loop = accepting.new_event_loop()

    async def serve() -> asyncio.AbstractServer:
        server = await loop.create_server(asyncio.Protocol, "127.0.0.1", 0)
        server.close()
        return server

    try:
        server = run_apart(loop, serve())
    finally:
        loop.close()
    assert not isinstance(server, accepting.AcceptingServer)

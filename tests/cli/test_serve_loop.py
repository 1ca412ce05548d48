"""``muggins serve`` runs uvicorn on the loop that accepts every waiting connection at each turn
(``muggins.server.edge.accepting``): with uvloop's own, the players of a dead process queued for
seconds at a survivor's listening socket."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from muggins.cli.main import main
from muggins.server.edge import accepting
from tests.server.edge.test_accepting import run_apart


def test_serve_gives_uvicorn_the_accepting_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[tuple[uvicorn.Config, list[socket.socket]]] = []

    def run(server: uvicorn.Server, sockets: list[socket.socket]) -> None:
        ran.append((server.config, sockets))

    monkeypatch.setattr(uvicorn.Server, "run", run)
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 'm.db'}", "--port", str(port)]) == 0
    [(config, [sock])] = ran
    new_loop = config.get_loop_factory()  # what uvicorn runs its server on
    assert new_loop is accepting.new_event_loop
    loop = new_loop()

    async def serving() -> Any:
        server = await loop.create_server(asyncio.Protocol, sock=sock, backlog=config.backlog)
        server.close()
        return server

    try:
        assert isinstance(run_apart(loop, serving()), accepting.AcceptingServer)
    finally:
        loop.close()
        sock.close()

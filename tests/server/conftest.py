"""Fixtures: a real server per test (SQLite in the test's temporary directory)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.server.live_server import ONE_ADDRESS, Server


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def make(*extra: str) -> Server:
        server = Server(tmp_path / "muggins.db", "--bot-delay", "0", "--rate", "1000", *ONE_ADDRESS, *extra)
        server.start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


@pytest.fixture
def server(server_factory: Callable[..., Server]) -> Server:
    return server_factory()

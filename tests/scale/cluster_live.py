"""A ``muggins serve`` process that is one node of a cluster on PostgreSQL and Redis."""

from __future__ import annotations

from pathlib import Path

from tests.server.live_server import ONE_ADDRESS, Server


class Node(Server):
    """A server on the shared database and Redis, with short leases so takeovers are quick to test.
    (Our ``--db`` comes after the SQLite one ``Server`` passes, and argparse keeps the last.)"""

    def __init__(self, db_url: str, redis_url: str, prefix: str, *extra: str) -> None:
        super().__init__(
            Path("unused.db"),
            *("--db", db_url, "--redis", redis_url, "--redis-prefix", prefix, "--lease", "2"),
            *("--bot-delay", "0", "--rate", "1000", *ONE_ADDRESS, *extra),
        )

"""Fixtures for the cluster tests: the real PostgreSQL and Redis on this machine, a fresh database
and a fresh Redis key prefix per test, and ``muggins serve`` processes that share them.

PostgreSQL (127.0.0.1:5432, user postgres) and Redis (127.0.0.1:6379) are found or the tests skip
saying which is missing; with MUGGINS_REQUIRE_SERVICES=1 (as in CI) a missing service fails them.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator

import psycopg
import pytest
import redis

from tests.scale.cluster_live import Node

PG_ADMIN = os.environ.get("MUGGINS_TEST_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("MUGGINS_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _missing() -> str | None:
    """Why the services cannot be used, or None when both answer."""
    try:
        with psycopg.connect(PG_ADMIN, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        return f"PostgreSQL at {PG_ADMIN} is unreachable: {exc}"
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:
        return f"Redis at {REDIS_URL} is unreachable: {exc}"
    return None


@pytest.fixture(scope="session")
def services() -> None:
    reason = _missing()
    if reason is None:
        return
    if os.environ.get("MUGGINS_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (MUGGINS_REQUIRE_SERVICES=1 makes the cluster tests mandatory)")
    pytest.skip(f"{reason}; set MUGGINS_REQUIRE_SERVICES=1 to make this a failure")


@pytest.fixture
def redis_url(services: None) -> str:
    """The real Redis (once the services fixture has found it)."""
    return REDIS_URL


@pytest.fixture
def pg_url(services: None) -> Iterator[str]:
    """A new, empty database for one test, dropped afterwards."""
    name = f"muggins_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # a name made here, never from input
    yield PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def redis_prefix(services: None) -> Iterator[str]:
    """A Redis key and channel prefix of one test; its keys are deleted afterwards."""
    prefix = f"muggins-test-{secrets.token_hex(6)}"
    yield prefix
    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture
def cluster(pg_url: str, redis_prefix: str) -> Iterator[Callable[..., list[Node]]]:
    """Starts ``n`` server processes on one database and one Redis prefix; stops them after the test."""
    started: list[Node] = []

    def make(n: int, *extra: str) -> list[Node]:
        nodes = [Node(pg_url, REDIS_URL, redis_prefix, *extra) for _ in range(n)]
        for node in nodes:
            node.start()
            started.append(node)
        return nodes

    yield make
    for node in started:
        node.stop()

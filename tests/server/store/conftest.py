"""The store's tests run on SQLite and on the PostgreSQL server, a fresh database per test."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.services import need_service

PG_ADMIN = os.environ.get("MUGGINS_TEST_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """SQLite in a temporary file, or a fresh database on the PostgreSQL server, dropped afterwards."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    name = f"muggins_store_{secrets.token_hex(6)}"
    try:
        with psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')  # a name made here, never from input
    except psycopg.Error as exc:
        need_service(f"PostgreSQL at {PG_ADMIN} is unreachable: {exc}")
    yield PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

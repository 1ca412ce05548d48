"""Database URLs the store accepts, checked before a server starts: a bad URL or a missing driver
is a one-line error naming the fix, not a traceback from deep inside SQLAlchemy."""

from __future__ import annotations

import sqlalchemy as sa

from muggins.extras import require


class DatabaseUrlError(ValueError):
    """The database URL cannot be used: unreadable, or a database the store does not speak."""


def check_db_url(url: str) -> str:
    """The SQLAlchemy URL for ``url`` (``sqlite:///path`` or ``postgresql://...``); PostgreSQL
    needs the ``scale`` extra's driver.

    >>> check_db_url("postgresql://postgres@127.0.0.1/muggins")
    'postgresql+psycopg://postgres@127.0.0.1/muggins'
    >>> check_db_url("notaurl")
    Traceback (most recent call last):
    ...
    muggins.server.store.url.DatabaseUrlError: cannot read the database URL 'notaurl': give sqlite:///PATH or postgresql://USER@HOST/DB
    """
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    try:
        backend = sa.engine.make_url(url).get_backend_name()
    except sa.exc.ArgumentError:
        raise DatabaseUrlError(f"cannot read the database URL {url!r}: {_EXPECTED}") from None
    if backend == "postgresql":
        require("psycopg", "scale", "PostgreSQL (--db postgresql://...)")
    elif backend != "sqlite":
        raise DatabaseUrlError(f"the store speaks SQLite and PostgreSQL, not {backend!r}: {_EXPECTED}")
    return url


_EXPECTED = "give sqlite:///PATH or postgresql://USER@HOST/DB"

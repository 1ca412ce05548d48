"""Checks made before a server starts listening: the database and Redis answer. A server that
cannot reach them says so in one line and does not start, rather than failing on its first move."""

from __future__ import annotations

import sqlalchemy as sa

from muggins.errors import UserError
from muggins.extras import require
from muggins.server.store import check_db_url

TIMEOUT = 5
"""Seconds to wait for a database or Redis to answer."""


class UnreachableError(UserError):
    """A database or Redis named in the settings does not answer."""


def reach_database(url: str) -> None:
    """Open and close one connection to the store's database (SQLite: its file is created)."""
    sa_url = check_db_url(url)
    shown = sa.engine.make_url(url).render_as_string(hide_password=True)
    connect_args = {} if sa_url.startswith("sqlite") else {"connect_timeout": TIMEOUT}
    engine = sa.create_engine(sa_url, connect_args=connect_args, poolclass=sa.pool.NullPool)
    try:
        with engine.connect():
            pass
    except sa.exc.DBAPIError as exc:
        reason = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
        raise UnreachableError(f"cannot open the database {shown}: {reason}") from None
    finally:
        engine.dispose()


def reach_redis(url: str) -> None:
    """Ping Redis once."""
    redis = require("redis", "scale", "serving with Redis (--redis)")
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT)
    except ValueError as exc:
        raise UnreachableError(f"cannot read the Redis URL {url!r}: {exc}") from None
    try:
        client.ping()
    except redis.exceptions.RedisError as exc:
        raise UnreachableError(f"cannot reach Redis at {url}: {exc}") from None
    finally:
        client.close()

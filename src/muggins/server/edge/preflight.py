"""Checks made before a server says anything: the database answers and holds muggins's tables (or
none), Redis answers, and the address can be listened on. A server that fails one says so in one
line and does not start, rather than failing on its first move or after announcing its address."""

from __future__ import annotations

import errno
import os
import socket

import sqlalchemy as sa
from alembic.util.exc import CommandError

from muggins.errors import UserError
from muggins.extras import require
from muggins.server.store import check_db_url, migrate

VERSION_TABLE = "alembic_version"
"""The table in which a database muggins made records its schema's revision."""

TIMEOUT = 5
"""Seconds to wait for a database or Redis to answer."""


class UnreachableError(UserError):
    """A database or Redis named in the settings does not answer."""


def reach_database(url: str) -> None:
    """Open the store's database (SQLite: its file is created), check that its tables are
    muggins's or that it has none, and bring it to the newest schema."""
    sa_url = check_db_url(url)
    shown = sa.engine.make_url(url).render_as_string(hide_password=True)
    connect_args = {} if sa_url.startswith("sqlite") else {"connect_timeout": TIMEOUT}
    engine = sa.create_engine(sa_url, connect_args=connect_args, poolclass=sa.pool.NullPool)
    try:
        tables = set(sa.inspect(engine).get_table_names())
        if tables and VERSION_TABLE not in tables:
            listed = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
            raise UnreachableError(
                f"the database {shown} holds tables that are not muggins's ({listed}): "
                "give --db an empty database or one muggins made"
            )
        migrate.upgrade(engine)
    except sa.exc.DBAPIError as exc:
        reason = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
        raise UnreachableError(f"cannot open the database {shown}: {reason}") from None
    except CommandError as exc:  # e.g. a schema revision this muggins does not know (a newer one's)
        raise UnreachableError(f"cannot use the database {shown}: {exc}") from None
    finally:
        engine.dispose()


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port``, made before anything is announced."""
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0][0]
        return socket.create_server((host, port), family=family, backlog=2048)
    except socket.gaierror as exc:
        raise UnreachableError(
            f"cannot listen on {where}: {host!r} is not an address here ({exc.strerror})"
        ) from None
    except OSError as exc:
        hint = " (is another server running there? give --port)" if exc.errno == errno.EADDRINUSE else ""
        reason = os.strerror(exc.errno) if exc.errno else str(exc)
        raise UnreachableError(f"cannot listen on {where}: {reason}{hint}") from None


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

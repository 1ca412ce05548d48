"""The store: users, tables, game records (appended move by move), results, ratings and chat."""

from muggins.server.store.base import (
    DuplicateLoginError,
    GameRow,
    MoveRow,
    Rating,
    ResultRow,
    Store,
    TableRow,
    User,
)
from muggins.server.store.sql import SqlStore

__all__ = [
    "DuplicateLoginError",
    "GameRow",
    "MoveRow",
    "Rating",
    "ResultRow",
    "SqlStore",
    "Store",
    "TableRow",
    "User",
]

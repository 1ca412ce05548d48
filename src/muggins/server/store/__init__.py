"""The store: users, tables, game records (appended move by move), results, ratings and chat, on
SQLite or PostgreSQL (``sql``), with its migrations; and the keys a player's name is held by, so
that look-alike names are one name (``names``). Every other package keeps what lasts here."""

from muggins.server.store.base import (
    AccuracyRow,
    ChallengeRow,
    Claimed,
    DuplicateLoginError,
    EntrantRow,
    GameRow,
    MoveRow,
    PairingRow,
    Rating,
    ResultRow,
    SeekRow,
    StaleOwnerError,
    Store,
    TableRow,
    TooManyChallengesError,
    TooManyTablesError,
    TournamentError,
    TournamentRow,
    User,
    login_key,
    name_key,
)
from muggins.server.store.sql import COMMIT_WINDOW_POSTGRESQL, SqlStore
from muggins.server.store.url import DatabaseUrlError, check_db_url

__all__ = [
    "COMMIT_WINDOW_POSTGRESQL",
    "AccuracyRow",
    "ChallengeRow",
    "Claimed",
    "DatabaseUrlError",
    "DuplicateLoginError",
    "EntrantRow",
    "GameRow",
    "MoveRow",
    "PairingRow",
    "Rating",
    "ResultRow",
    "SeekRow",
    "SqlStore",
    "StaleOwnerError",
    "Store",
    "TableRow",
    "TooManyChallengesError",
    "TooManyTablesError",
    "TournamentError",
    "TournamentRow",
    "User",
    "check_db_url",
    "login_key",
    "name_key",
]

"""Tables: a table's life in the process that owns it.

Owns the ``Table`` (seats, game, turn clocks, bots, chat; every change under its lock) and what it
tells its owner through ``TableOwner`` (``table``), its log of told events (``log``), hints at a
table (``hints``), the tables a process owns with the lobby (``manager.Tables``), the
``PlayerTable`` protocol connections and routes use a table through (``player_table``), and the
HTTP dependency on the tables (``deps``). It builds on accounts, the bus and the store; the cluster and
the edge use it, never the other way round (learning, beside it, knows nothing of it)."""

from muggins.server.tables.manager import LOBBY, LOBBY_PAGE, Tables, checked_options, page_of
from muggins.server.tables.player_table import PlayerTable
from muggins.server.tables.table import (
    CHAT_LINES,
    WATCH,
    BusyError,
    NoTableError,
    Table,
    TableError,
    TableSettingsError,
    table_error,
)

__all__ = [
    "CHAT_LINES",
    "LOBBY",
    "LOBBY_PAGE",
    "WATCH",
    "BusyError",
    "NoTableError",
    "PlayerTable",
    "Table",
    "TableError",
    "TableSettingsError",
    "Tables",
    "checked_options",
    "page_of",
    "table_error",
]

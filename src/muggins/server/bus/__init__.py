"""The event bus, one interface: in-process here, Redis (``bus.redis``, the ``scale`` extra) for
several processes, imported only when asked for.

Owns the channels everything said travels on (a table's audiences, the lobby, a player's
sessions and news) and the wire to Redis (``wire``). It imports no other room: the accounts, the
tables, the pools, the cluster and the edge publish and subscribe through it, in one process as
in many."""

from muggins.server.bus.base import (
    PLAYER_CHANNEL,
    Bus,
    Handler,
    Message,
    Subscription,
    player_channel,
    seat_audience,
    session_channel,
    table_channel,
    tournament_channel,
)
from muggins.server.bus.memory import MemoryBus

__all__ = [
    "PLAYER_CHANNEL",
    "Bus",
    "Handler",
    "MemoryBus",
    "Message",
    "Subscription",
    "player_channel",
    "seat_audience",
    "session_channel",
    "table_channel",
    "tournament_channel",
]

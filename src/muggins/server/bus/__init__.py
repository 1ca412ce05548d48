"""The event bus, one interface: in-process here, Redis (``bus.redis``, the ``scale`` extra) for
several processes, imported only when asked for."""

from muggins.server.bus.base import (
    Bus,
    Handler,
    Message,
    Subscription,
    seat_audience,
    session_channel,
    table_channel,
)
from muggins.server.bus.memory import MemoryBus

__all__ = [
    "Bus",
    "Handler",
    "MemoryBus",
    "Message",
    "Subscription",
    "seat_audience",
    "session_channel",
    "table_channel",
]

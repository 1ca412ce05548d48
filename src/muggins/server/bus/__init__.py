"""The event bus: in-process now, Redis in issue 8, one interface."""

from muggins.server.bus.base import Bus, Handler, Message, Subscription, table_channel
from muggins.server.bus.memory import MemoryBus

__all__ = ["Bus", "Handler", "MemoryBus", "Message", "Subscription", "table_channel"]

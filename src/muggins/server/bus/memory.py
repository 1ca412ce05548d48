"""The bus inside one process: subscribers are called directly, in publishing order."""

from __future__ import annotations

import itertools

from muggins.server.bus.base import Bus, Handler, Message, Subscription


class _MemorySubscription(Subscription):
    def __init__(self, bus: MemoryBus, channel: str, handler: Handler) -> None:
        self.bus, self.channel, self.handler = bus, channel, handler

    async def close(self) -> None:
        handlers = self.bus.channels.get(self.channel)
        if handlers is not None:
            handlers.pop(id(self), None)
            if not handlers:
                del self.bus.channels[self.channel]


class MemoryBus(Bus):
    """``Bus`` for a single server process."""

    def __init__(self) -> None:
        self.channels: dict[str, dict[int, Handler]] = {}

    async def publish(self, channel: str, message: Message) -> None:
        self._deliver(channel, message)

    async def publish_many(self, sends: list[tuple[str, Message]]) -> None:
        for channel, message in sends:
            self._deliver(channel, message)

    def _deliver(self, channel: str, message: Message) -> None:
        handlers = self.channels.get(channel)
        if handlers is not None:
            for handler in list(handlers.values()):
                handler(message)

    async def subscribe(self, channel: str, handler: Handler) -> Subscription:
        sub = _MemorySubscription(self, channel, handler)
        self.channels.setdefault(channel, {})[id(sub)] = handler
        return sub

    async def followed(self, channels: list[str]) -> list[bool]:
        return [channel in self.channels for channel in channels]

    async def followed_from(self, prefix: str, most: int) -> list[str]:
        found = (channel for channel in self.channels if channel.startswith(prefix))
        return list(itertools.islice(found, most))

    async def has_subscribers(self, channel: str) -> bool:
        return channel in self.channels

    async def close(self) -> None:
        self.channels.clear()

"""The bus on Redis pub/sub: every server process of a cluster hears what any of them publishes.

One subscriber connection per process carries every channel it follows, and Redis delivers a
connection's messages in the order the server received the publishes, so each channel keeps its
order. Channels and keys are prefixed (pub/sub ignores database numbers), so clusters can share
one Redis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import redis.asyncio as aioredis
import redis.exceptions

from muggins.server.bus.base import Bus, Handler, Message, Subscription
from muggins.server.bus.wire import Wire

log = logging.getLogger(__name__)

CONFIRM_TIMEOUT = 5.0
"""Seconds to wait for Redis to confirm a subscription before going on without it."""

RECONNECT_PAUSE = 0.5
"""Seconds between attempts to reach Redis again after losing a connection."""


GLOB_ESCAPES = str.maketrans({c: "\\" + c for c in "*?[]\\"})
"""A literal text inside a Redis glob pattern (PUBSUB CHANNELS)."""


def _text(name: Any) -> str:
    return name.decode() if isinstance(name, bytes) else str(name)


class _RedisSubscription(Subscription):
    def __init__(self, bus: RedisBus, channel: str) -> None:
        self.bus, self.channel = bus, channel

    async def close(self) -> None:
        await self.bus._drop(self.channel, id(self))


class RedisBus(Bus):
    """``Bus`` for a cluster: local handlers per channel, one Redis subscription per channel, on
    two connections of its own (``muggins.server.bus.wire``): one for commands, one subscriber."""

    def __init__(self, url: str, prefix: str = "muggins", connections: int = 8) -> None:
        # redis-py for the rare commands of other modules (the lobby hash, loading scripts).
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=connections, timeout=30, decode_responses=True
        )
        self.url = url
        self.redis: aioredis.Redis = aioredis.Redis(connection_pool=pool)
        self.prefix = prefix + ":"
        self.commands: Wire | None = None
        self.connecting = asyncio.Lock()
        self.listener: Wire | None = None
        """The subscriber connection while it is up."""
        self.channels: dict[str, dict[int, Handler]] = {}
        self.confirming: dict[str, asyncio.Future[None]] = {}
        """Channels subscribed to but not yet confirmed by Redis."""
        self.reader: asyncio.Task[None] | None = None
        self.scripts: dict[str, str] = {}
        """Lua script -> its digest in Redis."""
        self.changing = asyncio.Lock()

    def key(self, name: str) -> str:
        """A Redis key or channel name inside this cluster's prefix."""
        return self.prefix + name

    async def _wire(self) -> Wire:
        """The command connection (opened again if it was lost)."""
        wire = self.commands
        if wire is not None and wire.is_open:
            return wire
        async with self.connecting:
            if self.commands is None or not self.commands.is_open:
                self.commands = await Wire.open(self.url)
            return self.commands

    async def publish(self, channel: str, message: Message) -> None:
        await self.run("PUBLISH", self.key(channel), message)

    async def publish_many(self, sends: list[tuple[str, Message]]) -> None:
        """Every publish in the same write; raises the first failure once all are answered."""
        wire = await self._wire()
        waiting = [wire.call("PUBLISH", self.key(channel), message) for channel, message in sends]
        failure: BaseException | None = None
        for done in waiting:
            try:
                await done
            except Exception as exc:  # noqa: BLE001 - kept, and raised once every publish is answered
                failure = failure or exc
        if failure is not None:
            raise failure

    async def run(self, *command: str | int | float) -> Any:
        """Run one Redis command. Commands asked for in one turn of the event loop go out in one
        write, and Redis answers them in order, so each caller's commands (and each channel's
        messages) keep their order."""
        return await (await self._wire()).call(*command)

    async def run_script(self, script: str, keys: list[str], args: list[str | int | float]) -> Any:
        """Run a Lua script by its digest (loading it once if Redis lacks it)."""
        digest = self.scripts.get(script)
        if digest is None:
            digest = self.scripts[script] = str(await self.run("SCRIPT", "LOAD", script))
        try:
            return await self.run("EVALSHA", digest, len(keys), *keys, *args)
        except redis.exceptions.NoScriptError:
            self.scripts.pop(script, None)  # Redis restarted: load it again
            return await self.run("EVAL", script, len(keys), *keys, *args)

    async def subscribe(self, channel: str, handler: Handler) -> Subscription:
        """Returns once Redis confirms the subscription: every message published after that
        reaches ``handler`` (so a state read then and the messages after it leave no gap)."""
        sub = _RedisSubscription(self, channel)
        loop = asyncio.get_running_loop()
        async with self.changing:
            first = channel not in self.channels
            self.channels.setdefault(channel, {})[id(sub)] = handler
            if first:
                self.confirming[channel] = loop.create_future()
                if self.listener is not None and self.listener.is_open:
                    self.listener.send("SUBSCRIBE", self.key(channel))
            if self.reader is None:
                self.reader = loop.create_task(self._listen())
            confirmed = self.confirming.get(channel)
        if confirmed is not None:
            try:
                await asyncio.wait_for(asyncio.shield(confirmed), CONFIRM_TIMEOUT)
            except TimeoutError:
                log.warning("Redis did not confirm a subscription to %s in %g s", channel, CONFIRM_TIMEOUT)
        return sub

    async def _drop(self, channel: str, sub_id: int) -> None:
        async with self.changing:
            handlers = self.channels.get(channel)
            if handlers is None or handlers.pop(sub_id, None) is None or handlers:
                return
            del self.channels[channel]
            self.confirming.pop(channel, None)
            if self.listener is not None and self.listener.is_open:
                self.listener.send("UNSUBSCRIBE", self.key(channel))

    async def has_subscribers(self, channel: str) -> bool:
        return True

    async def followed(self, channels: list[str]) -> list[bool]:
        if not channels:
            return []
        counts = await self.run("PUBSUB", "NUMSUB", *(self.key(channel) for channel in channels))
        return [int(count) > 0 for count in counts[1::2]]

    async def followed_from(self, prefix: str, most: int) -> list[str]:
        pattern = self.key(prefix).translate(GLOB_ESCAPES) + "*"
        names = await self.run("PUBSUB", "CHANNELS", pattern)
        return [_text(name).removeprefix(self.prefix) for name in names[:most]]

    async def _listen(self) -> None:
        """Keep the subscriber connection up: (re)connect, subscribe to every channel followed,
        and wait until the connection is lost (messages published meanwhile are lost; connections
        notice the gap at the next move and send the whole state)."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                wire = await Wire.open(self.url, push=self._on_push)
                async with self.changing:
                    self.listener = wire
                    for channel in self.channels:
                        self.confirming.setdefault(channel, loop.create_future())
                        wire.send("SUBSCRIBE", self.key(channel))
                await wire.closed
                log.warning("lost the Redis bus subscriber connection; reconnecting")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("connecting to the Redis bus failed; retrying")
            self.listener = None
            await asyncio.sleep(RECONNECT_PAUSE)

    def _on_push(self, reply: Any) -> None:
        """Hand each message to its channel's handlers, in arrival order."""
        kind = reply[0]
        if kind == "message":
            handlers = self.channels.get(reply[1][len(self.prefix) :])
            if handlers is None:
                return
            for handler in list(handlers.values()):
                try:
                    handler(reply[2])
                except Exception:
                    log.exception("a bus handler failed on %s", reply[1])
        elif kind == "subscribe":
            confirmed = self.confirming.pop(reply[1][len(self.prefix) :], None)
            if confirmed is not None and not confirmed.done():
                confirmed.set_result(None)

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        self.channels.clear()
        for wire in (self.listener, self.commands):
            if wire is not None:
                wire.close()
        await self.redis.aclose()

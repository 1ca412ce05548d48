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
from redis.asyncio.client import PubSub

from muggins.server.bus.base import Bus, Handler, Message, Subscription

log = logging.getLogger(__name__)

IN_FLIGHT = 2
"""Pipelines on their way at once: while they are, new commands gather into the next one."""

CONFIRM_TIMEOUT = 5.0
"""Seconds to wait for Redis to confirm a subscription before going on without it."""


class _RedisSubscription(Subscription):
    def __init__(self, bus: RedisBus, channel: str) -> None:
        self.bus, self.channel = bus, channel

    async def close(self) -> None:
        await self.bus._drop(self.channel, id(self))


class RedisBus(Bus):
    """``Bus`` for a cluster: local handlers per channel, one Redis subscription per channel."""

    def __init__(self, url: str, prefix: str = "muggins", connections: int = 64) -> None:
        # A bounded pool: a burst of publishes waits for a free connection instead of failing.
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=connections, timeout=30, decode_responses=True
        )
        self.url = url
        self.redis: aioredis.Redis = aioredis.Redis(connection_pool=pool)
        self.prefix = prefix + ":"
        self.pubsub: PubSub = self.redis.pubsub()
        self.channels: dict[str, dict[int, Handler]] = {}
        self.confirming: dict[str, asyncio.Future[None]] = {}
        """Channels subscribed to but not yet confirmed by Redis."""
        self.reader: asyncio.Task[None] | None = None
        self.outgoing: list[tuple[tuple[str | int | float, ...], asyncio.Future[Any]]] = []
        self.scripts: dict[str, str] = {}
        """Lua script -> its digest in Redis."""
        self.sending: set[asyncio.Task[None]] = set()
        self.in_flight = 0
        self.due = False
        """A batch is about to be sent (at the next turn of the event loop)."""
        self.changing = asyncio.Lock()

    def key(self, name: str) -> str:
        """A Redis key or channel name inside this cluster's prefix."""
        return self.prefix + name

    async def publish(self, channel: str, message: Message) -> None:
        await self.run("PUBLISH", self.key(channel), message)

    async def publish_many(self, sends: list[tuple[str, Message]]) -> None:
        """Every publish in the next pipeline; raises the first failure once all are answered."""
        loop = asyncio.get_running_loop()
        waiting = []
        for channel, message in sends:
            done: asyncio.Future[Any] = loop.create_future()
            self.outgoing.append((("PUBLISH", self.key(channel), message), done))
            waiting.append(done)
        self._next_batch()
        failure: BaseException | None = None
        for done in waiting:
            try:
                await done
            except Exception as exc:
                failure = failure or exc
        if failure is not None:
            raise failure

    async def run(self, *command: str | int | float) -> Any:
        """Run one Redis command in a batch: commands go out as pipelines (one write, one round
        trip for many), at most ``IN_FLIGHT`` at a time; what is asked for meanwhile waits and goes
        in the next. A caller awaits its command before issuing the next, so each caller's
        commands (and each channel's messages) keep their order."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.outgoing.append((command, done))
        self._next_batch()
        return await done

    def _next_batch(self) -> None:
        if self.outgoing and self.in_flight < IN_FLIGHT and not self.due:
            self.due = True
            asyncio.get_running_loop().call_soon(self._send_batch)

    def _send_batch(self) -> None:
        self.due = False
        if not self.outgoing or self.in_flight >= IN_FLIGHT:
            return
        batch, self.outgoing = self.outgoing, []
        self.in_flight += 1
        task = asyncio.get_running_loop().create_task(self._send(batch))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def run_script(self, script: str, keys: list[str], args: list[str | int | float]) -> Any:
        """Run a Lua script by its digest in the next batch (loading it once if Redis lacks it)."""
        digest = self.scripts.get(script)
        if digest is None:
            digest = self.scripts[script] = str(await self.redis.script_load(script))
        try:
            return await self.run("EVALSHA", digest, len(keys), *keys, *args)
        except redis.exceptions.NoScriptError:
            self.scripts.pop(script, None)  # Redis restarted: load it again
            return await self.run("EVAL", script, len(keys), *keys, *args)

    async def _send(self, batch: list[tuple[tuple[str | int | float, ...], asyncio.Future[Any]]]) -> None:
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for command, _ in batch:
                    pipe.execute_command(*command)
                results = await pipe.execute(raise_on_error=False)
        except Exception as exc:
            results = [exc] * len(batch)
        finally:
            self.in_flight -= 1
            self._next_batch()
        for (_, done), result in zip(batch, results, strict=True):
            if done.done():
                continue
            if isinstance(result, Exception):
                done.set_exception(result)
            else:
                done.set_result(result)

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
                await self.pubsub.subscribe(self.key(channel))
            if self.reader is None:
                self.reader = loop.create_task(self._read())
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
            await self.pubsub.unsubscribe(self.key(channel))

    async def has_subscribers(self, channel: str) -> bool:
        return True

    async def _read(self) -> None:
        """Hand each message to its channel's handlers, in arrival order."""
        skip = len(self.prefix)
        while True:
            try:
                found = await self.pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reading the Redis bus failed; retrying")
                await asyncio.sleep(0.5)
                continue
            if found is None:
                continue
            if found["type"] == "subscribe":
                confirmed = self.confirming.pop(found["channel"][skip:], None)
                if confirmed is not None and not confirmed.done():
                    confirmed.set_result(None)
            if found["type"] != "message":
                continue
            for handler in list(self.channels.get(found["channel"][skip:], {}).values()):
                try:
                    handler(found["data"])
                except Exception:
                    log.exception("a bus handler failed on %s", found["channel"])

    async def close(self) -> None:
        await asyncio.gather(*self.sending, return_exceptions=True)
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        self.channels.clear()
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()  # type: ignore[no-untyped-call]
        await self.redis.aclose()

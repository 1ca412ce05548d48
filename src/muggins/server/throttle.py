"""Wrong passwords, counted: a name or an address that gets too many wrong in a window waits until
the oldest of them leaves it, so guessing a password costs days, not seconds. One process counts
in memory; a cluster's processes count in Redis, together (and, with Redis away, each on its own
as one process does)."""

from __future__ import annotations

import logging
import secrets
import time
from collections import deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from muggins.server.bus.redis import RedisBus

log = logging.getLogger(__name__)


class ThrottledError(ValueError):
    """Too many wrong passwords lately; ``retry_after`` is the seconds to wait."""

    def __init__(self, reason: str, retry_after: int) -> None:
        super().__init__(reason)
        self.retry_after = retry_after


class LoginThrottle:
    """At most ``per_name`` wrong passwords for one name and ``per_address`` from one address in
    ``window`` seconds; a right password clears the name's count."""

    FORGET_ABOVE = 10_000
    """With more names and addresses counted than this, those with nothing in the window go."""

    def __init__(self, per_name: int = 5, per_address: int = 20, window: float = 900.0) -> None:
        self.per_name, self.per_address, self.window = per_name, per_address, window
        self.wrong: dict[str, deque[float]] = {}

    async def check(self, name: str, address: str) -> None:
        """Raise ``ThrottledError`` if ``name`` or ``address`` may not try now."""
        now = time.monotonic()
        for key, limit, what in self._keys(name, address):
            stamps = self._recent(key, now)
            if len(stamps) >= limit:
                self._refuse(what, stamps[0] + self.window - now)

    async def failed(self, name: str, address: str) -> None:
        now = time.monotonic()
        if len(self.wrong) >= self.FORGET_ABOVE:
            self.wrong = {k: v for k, v in self.wrong.items() if v and v[-1] > now - self.window}
        for key in (f"n:{name}", f"a:{address}"):
            self.wrong.setdefault(key, deque()).append(now)

    async def succeeded(self, name: str) -> None:
        self.wrong.pop(f"n:{name}", None)

    def _keys(self, name: str, address: str) -> tuple[tuple[str, int, str], ...]:
        """Each count a login attempt meets: its key, its limit, and how a refusal names it."""
        return (
            (f"n:{name}", self.per_name, f"the name {name!r}"),
            (f"a:{address}", self.per_address, "your address"),
        )

    @staticmethod
    def _refuse(what: str, seconds: float) -> None:
        wait = int(seconds) + 1
        raise ThrottledError(f"too many wrong passwords for {what}: try again in {wait} seconds", wait)

    def _recent(self, key: str, now: float) -> deque[float]:
        stamps = self.wrong.get(key, deque())
        while stamps and stamps[0] <= now - self.window:
            stamps.popleft()
        return stamps


class RedisLoginThrottle(LoginThrottle):
    """Wrong passwords counted in Redis for every process of a cluster (a sorted set of times per
    name and per address). With Redis away, each process's own counts still hold."""

    def __init__(
        self, bus: RedisBus, per_name: int = 5, per_address: int = 20, window: float = 900.0
    ) -> None:
        super().__init__(per_name, per_address, window)
        self.redis = bus.redis
        self.prefix = bus.key("wrong-passwords:")

    async def check(self, name: str, address: str) -> None:
        await super().check(name, address)
        now = time.time()  # the processes' wall clocks: a window of minutes forgives their drift
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for key, _limit, _what in self._keys(name, address):
                    pipe.zremrangebyscore(self.prefix + key, 0, now - self.window)
                    pipe.zcard(self.prefix + key)
                    pipe.zrange(self.prefix + key, 0, 0, withscores=True)
                replies = await pipe.execute()
        except Exception:
            log.warning(
                "wrong passwords could not be counted in Redis; this process's count holds", exc_info=True
            )
            return
        counts = zip(self._keys(name, address), replies[1::3], replies[2::3], strict=True)
        for (_key, limit, what), count, oldest in counts:
            if count >= limit:
                self._refuse(what, oldest[0][1] + self.window - now)

    async def failed(self, name: str, address: str) -> None:
        await super().failed(name, address)
        now = time.time()
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for key in (f"n:{name}", f"a:{address}"):
                    pipe.zadd(self.prefix + key, {f"{now}:{secrets.token_hex(4)}": now})
                    pipe.expire(self.prefix + key, int(self.window) + 1)
                await pipe.execute()
        except Exception:
            log.warning("a wrong password could not be counted in Redis", exc_info=True)

    async def succeeded(self, name: str) -> None:
        await super().succeeded(name)
        try:
            await self.redis.delete(self.prefix + f"n:{name}")
        except Exception:
            log.warning("a right password could not clear the count in Redis", exc_info=True)

"""Sign-ins, counted: guessing a password costs days, not seconds, and nobody can lock a member out.

Wrong passwords are counted for each name from each address, for each address over all names, and
for each name from the addresses it has never been signed in to from (a guesser spread over many
addresses). An address a member has signed in from keeps working however many others guess at
the name: only its own wrong passwords hold it. Every sign-in to a name, right or wrong, is
counted too, a few a minute, so that not even right passwords can keep the hashing busy.

One process counts in memory; a cluster's processes count in Redis, together (and, with Redis
away, each on its own as one process does)."""

from __future__ import annotations

import logging
import secrets
import time
from collections import deque
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from muggins.server.bus.redis import RedisBus

log = logging.getLogger(__name__)

KNOWN_SECONDS = 30 * 86400
"""An address a name was signed in to from stays known to it this long after."""

TRIES_WINDOW = 60.0
"""The window in which sign-ins to one name are counted, right or wrong."""


class ThrottledError(ValueError):
    """Too many wrong passwords (or sign-ins) lately; ``retry_after`` is the seconds to wait."""

    def __init__(self, reason: str, retry_after: int) -> None:
        super().__init__(reason)
        self.retry_after = retry_after


class Limit(NamedTuple):
    """One count a sign-in meets: its key, how many it allows in ``window`` seconds, and how a
    refusal names it."""

    key: str
    most: int
    window: float
    what: str


class LoginThrottle:
    """In ``window`` seconds: at most ``per_name`` wrong passwords for one name from one address,
    ``per_address`` from one address, and ``per_name_all`` for one name from addresses it has not
    been signed in from; and ``tries_per_minute`` sign-ins to one name of any kind. A right
    password clears the name's wrong ones and makes the address known to it."""

    FORGET_ABOVE = 10_000
    """With more keys counted than this, those with nothing in their window go."""

    def __init__(
        self,
        per_name: int = 5,
        per_address: int = 20,
        window: float = 900.0,
        *,
        per_name_all: int = 20,
        tries_per_minute: int = 10,
    ) -> None:
        self.per_name, self.per_address, self.window = per_name, per_address, window
        self.per_name_all, self.tries_per_minute = per_name_all, tries_per_minute
        self.stamps: dict[str, deque[float]] = {}
        self.known: dict[str, float] = {}
        """``name address`` -> until when the address is known to the name."""

    def limits(self, name: str, address: str, known: bool) -> list[Limit]:
        """Every count a sign-in to ``name`` from ``address`` meets (``known``: the address has
        signed in to the name before)."""
        limits = [
            Limit(
                f"t:{name}", self.tries_per_minute, TRIES_WINDOW, f"too many sign-ins to {name!r} this minute"
            ),
            Limit(
                f"p:{name} {address}",
                self.per_name,
                self.window,
                f"too many wrong passwords for the name {name!r} from your address",
            ),
            Limit(
                f"a:{address}", self.per_address, self.window, "too many wrong passwords from your address"
            ),
        ]
        if not known:
            limits.append(
                Limit(f"n:{name}", self.per_name_all, self.window, f"too many wrong passwords for {name!r}")
            )
        return limits

    @staticmethod
    def wrong_keys(name: str, address: str, known: bool) -> list[str]:
        """The counts a wrong password adds to."""
        return [f"p:{name} {address}", f"a:{address}", *([] if known else [f"n:{name}"])]

    async def check(self, name: str, address: str) -> None:
        """Raise ``ThrottledError`` if ``name`` may not be tried from ``address`` now; else count
        the try."""
        now = time.monotonic()
        for limit in self.limits(name, address, self.is_known(name, address, now)):
            stamps = self._recent(limit.key, now, limit.window)
            if len(stamps) >= limit.most:
                self._refuse(limit.what, stamps[0] + limit.window - now)
        self._add([f"t:{name}"], now)

    async def failed(self, name: str, address: str) -> None:
        now = time.monotonic()
        self._add(self.wrong_keys(name, address, self.is_known(name, address, now)), now)

    async def succeeded(self, name: str, address: str) -> None:
        self.stamps.pop(f"n:{name}", None)
        self.stamps.pop(f"p:{name} {address}", None)
        now = time.monotonic()
        if len(self.known) >= self.FORGET_ABOVE:
            self.known = {k: until for k, until in self.known.items() if until > now}
        self.known[f"{name} {address}"] = now + KNOWN_SECONDS

    def is_known(self, name: str, address: str, now: float) -> bool:
        return self.known.get(f"{name} {address}", 0.0) > now

    def _add(self, keys: list[str], now: float) -> None:
        if len(self.stamps) >= self.FORGET_ABOVE:
            self.stamps = {k: v for k, v in self.stamps.items() if v and v[-1] > now - self.window}
        for key in keys:
            self.stamps.setdefault(key, deque()).append(now)

    @staticmethod
    def _refuse(what: str, seconds: float) -> None:
        wait = int(seconds) + 1
        raise ThrottledError(f"{what}: try again in {wait} seconds", wait)

    def _recent(self, key: str, now: float, window: float) -> deque[float]:
        stamps = self.stamps.get(key, deque())
        while stamps and stamps[0] <= now - window:
            stamps.popleft()
        return stamps


class RedisLoginThrottle(LoginThrottle):
    """The same counts kept in Redis for every process of a cluster (a sorted set of times per
    key, and a key per address known to a name). With Redis away, each process's own counts hold."""

    def __init__(self, bus: RedisBus, *counts: Any, **named: Any) -> None:
        """``counts`` and ``named``: ``LoginThrottle``'s."""
        super().__init__(*counts, **named)
        self.redis = bus.redis
        self.prefix = bus.key("sign-ins:")

    async def check(self, name: str, address: str) -> None:
        await super().check(name, address)
        now = time.time()  # the processes' wall clocks: a window of minutes forgives their drift
        limits = self.limits(name, address, known=False)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.exists(self.prefix + f"k:{name} {address}")
                for limit in limits:
                    pipe.zremrangebyscore(self.prefix + limit.key, 0, now - limit.window)
                    pipe.zcard(self.prefix + limit.key)
                    pipe.zrange(self.prefix + limit.key, 0, 0, withscores=True)
                replies = await pipe.execute()
        except Exception:
            log.warning("sign-ins could not be counted in Redis; this process's count holds", exc_info=True)
            return
        known = bool(replies[0])
        for limit, count, oldest in zip(limits, replies[2::3], replies[3::3], strict=True):
            if count >= limit.most and not (known and limit.key.startswith("n:")):
                self._refuse(limit.what, oldest[0][1] + limit.window - now)
        try:
            await self._stamp([f"t:{name}"], now, TRIES_WINDOW)
        except Exception:
            log.warning("a sign-in could not be counted in Redis", exc_info=True)

    async def failed(self, name: str, address: str) -> None:
        await super().failed(name, address)
        try:
            known = bool(await self.redis.exists(self.prefix + f"k:{name} {address}"))
            await self._stamp(self.wrong_keys(name, address, known), time.time(), self.window)
        except Exception:
            log.warning("a wrong password could not be counted in Redis", exc_info=True)

    async def succeeded(self, name: str, address: str) -> None:
        await super().succeeded(name, address)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.delete(self.prefix + f"n:{name}", self.prefix + f"p:{name} {address}")
                pipe.set(self.prefix + f"k:{name} {address}", 1, ex=KNOWN_SECONDS)
                await pipe.execute()
        except Exception:
            log.warning("a right password could not be noted in Redis", exc_info=True)

    async def _stamp(self, keys: list[str], now: float, window: float) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.zadd(self.prefix + key, {f"{now}:{secrets.token_hex(4)}": now})
                pipe.expire(self.prefix + key, int(window) + 1)
            await pipe.execute()

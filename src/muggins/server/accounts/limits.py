"""Token buckets: how floods of messages and chat are refused without refusing ordinary play.

A connection has its own bucket, and so has each account (a member or a guest): opening more
connections does not multiply an account's allowance. Quotas keyed the same way bound what costs
the server most: new players per address, hints per account. In one process the keyed buckets
live in memory; in a cluster they live in Redis, so every process spends from the same bucket
(with Redis away, they allow: the per-connection limits still hold).
"""

from __future__ import annotations

import logging
import time
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from muggins.server.bus.redis import RedisBus

log = logging.getLogger(__name__)

NEW_PLAYERS_REFUSED = "too many new players from your address: try again in a minute"
"""What a new guest or registration hears once its address has made its minute's new players."""


class TokenBucket:
    """Allows ``burst`` actions at once and ``rate`` per second after that."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one; False means the action is refused."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    @property
    def full(self) -> bool:
        """Refilled to the brim (forgetting the bucket would change nothing)."""
        return self.tokens + (time.monotonic() - self.stamp) * self.rate >= self.burst


Key = int | str
"""What a bucket is kept for: an account's id, or an address."""


class AccountLimits(ABC):
    """One token bucket per key (an account, shared by all of its connections; or an address)."""

    def __init__(self, rate: float, burst: int) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(
                f"an account's rate must be above 0 and its burst at least 1, not {rate}, {burst}"
            )
        self.rate, self.burst = rate, burst

    @abstractmethod
    async def take(self, user_id: Key) -> bool:
        """Spend one of the key's tokens; False means the action is refused."""


class MemoryAccountLimits(AccountLimits):
    """Account buckets of a single process."""

    FORGET_ABOVE = 10_000
    """With more buckets than this, full ones (idle accounts) are forgotten."""

    def __init__(self, rate: float, burst: int) -> None:
        super().__init__(rate, burst)
        self.buckets: dict[Key, TokenBucket] = {}

    async def take(self, user_id: Key) -> bool:
        bucket = self.buckets.get(user_id)
        if bucket is None:
            if len(self.buckets) >= self.FORGET_ABOVE:
                self.buckets = {u: b for u, b in self.buckets.items() if not b.full}
            bucket = self.buckets[user_id] = TokenBucket(self.rate, self.burst)
        return bucket.take()


_TAKE = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local rate, burst, want = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local kept = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens, stamp = tonumber(kept[1]), tonumber(kept[2])
if tokens == nil then tokens, stamp = burst, ms end
tokens = math.min(burst, tokens + math.max(0, ms - stamp) * rate / 1000)
local granted = math.min(want, math.floor(tokens))
tokens = tokens - granted
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', ms)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return granted
"""
"""Refill the bucket for the time since it was last used (by Redis's clock, the same for every
process), then hand out up to ARGV[3] tokens; the key expires once it would be full again."""


class RedisAccountLimits(AccountLimits):
    """Account buckets in Redis, shared by every process of a cluster. A process takes a few
    tokens at a time (a quarter of the burst at most) and spends them itself, so most messages
    wait for no round trip; every token still comes out of the one bucket in Redis."""

    FORGET_ABOVE = 10_000
    """With more accounts holding tokens than this, the tokens held here are dropped."""

    def __init__(self, bus: RedisBus, rate: float, burst: int, kind: str = "limit") -> None:
        super().__init__(rate, burst)
        self.bus = bus
        self.prefix = bus.key(f"{kind}:")
        self.chunk = max(1, min(10, burst // 4))
        self.held: dict[Key, int] = {}
        """Key -> tokens taken from Redis and not spent yet."""

    async def take(self, user_id: Key) -> bool:
        if self.held.get(user_id, 0) > 0:
            self.held[user_id] -= 1
            return True
        try:
            key = f"{self.prefix}{user_id}"
            granted = int(await self.bus.run_script(_TAKE, [key], [self.rate, self.burst, self.chunk]))
        except Exception:
            # Redis unreachable: each connection's own limit still holds; do not stop play.
            log.warning("the account limit could not be checked in Redis; allowed", exc_info=True)
            return True
        if granted == 0:
            return False
        if len(self.held) >= self.FORGET_ABOVE:
            self.held.clear()
        self.held[user_id] = self.held.get(user_id, 0) + granted - 1
        return True

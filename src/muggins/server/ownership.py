"""Table leases in Redis: each table has at most one owning process at a time.

A lease is a key ``<prefix>:lease:<table>`` holding the owner's node id, set with NX and a time to
live that the owner keeps renewing. A process that dies stops renewing, the key expires, and
another process takes the table over. Redis alone cannot stop a paused owner from writing after
its lease ran out, so a takeover also bumps the table's epoch in the store (``claim_table``) and
every move is written with its owner's epoch: the store refuses a stale one.
"""

from __future__ import annotations

import redis.asyncio as aioredis

_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    table.insert(lost, i)
  end
end
return lost
"""
"""Extend every lease still held by ARGV[1]; returns the (1-based) positions of those lost."""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

_ACQUIRE = """
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""
"""Take a free lease, or refresh one this node already holds."""


class Leases:
    """The leases of one node (server process) on the tables it owns."""

    def __init__(
        self,
        redis: aioredis.Redis,
        prefix: str,
        node: str,
        ttl: float,
        *,
        keeper: aioredis.Redis | None = None,
    ) -> None:
        """``keeper``: a connection of its own for renewals, so they never wait behind other requests
        (a renewal stuck in a queue for a lease's length would give every table away)."""
        self.redis, self.prefix, self.node = redis, prefix, node
        self.ttl_ms = max(100, int(ttl * 1000))
        self._renew = (keeper or redis).register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)
        self._acquire = redis.register_script(_ACQUIRE)

    def key(self, table_id: str) -> str:
        return f"{self.prefix}:lease:{table_id}"

    async def acquire(self, table_id: str) -> bool:
        """Own ``table_id`` if nobody else does; True if this node holds its lease now."""
        return bool(await self._acquire(keys=[self.key(table_id)], args=[self.node, self.ttl_ms]))

    async def owner(self, table_id: str) -> str | None:
        """The node holding the table's lease, if any."""
        found = await self.redis.get(self.key(table_id))
        return None if found is None else str(found)

    async def owners(self, table_ids: list[str]) -> dict[str, str | None]:
        """The holder of each table's lease (None: nobody owns it)."""
        if not table_ids:
            return {}
        found = await self.redis.mget([self.key(t) for t in table_ids])
        return {t: None if f is None else str(f) for t, f in zip(table_ids, found, strict=True)}

    async def renew(self, table_ids: list[str]) -> list[str]:
        """Extend this node's leases on ``table_ids``; returns the tables whose lease was lost."""
        if not table_ids:
            return []
        lost = await self._renew(keys=[self.key(t) for t in table_ids], args=[self.node, self.ttl_ms])
        return [table_ids[int(i) - 1] for i in lost]

    async def release(self, table_id: str) -> None:
        """Give a lease up at once (a clean shutdown), so another node need not wait for it to expire."""
        await self._release(keys=[self.key(table_id)], args=[self.node])

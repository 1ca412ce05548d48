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
local n = #KEYS - 3
local heart, owned, nodes = KEYS[n + 1], KEYS[n + 2], KEYS[n + 3]
local lost = {}
for i = 1, n do
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
  else
    table.insert(lost, i)
  end
end
for _, t in ipairs(redis.call('SMEMBERS', owned)) do
  if redis.call('GET', ARGV[3] .. t) ~= ARGV[1] then redis.call('SREM', owned, t) end
end
redis.call('SET', heart, ARGV[1], 'PX', ARGV[2])
local fresh = redis.call('SADD', nodes, ARGV[1])
return {lost, fresh}
"""
"""Extend every lease still held by ARGV[1]; keep the node's table set to the tables whose lease it
holds, and its heartbeat alive; returns the (1-based) positions of the leases lost and whether the
node had to be registered again (Redis lost its state, or other nodes took it for dead)."""

_RELEASE = """
redis.call('SREM', KEYS[2], ARGV[2])
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

_ACQUIRE_MANY = """
local n = #KEYS - 1
local taken = {}
for i = 1, n do
  local holder = redis.call('GET', KEYS[i])
  if holder == false or holder == ARGV[1] or holder == ARGV[2 + 2 * i] then
    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
    redis.call('SADD', KEYS[n + 1], ARGV[1 + 2 * i])
    table.insert(taken, i)
  end
end
return taken
"""
"""Take each free lease, refresh each this node already holds, or seize each still held by the node
found dead (ARGV: node, ttl, then each table's id and that dead node), listing each table as the
node's (before the table is stored or loaded, so a node that dies at once leaves it findable);
returns the (1-based) positions of the leases now held."""


class Leases:
    """The leases of one node (server process) on the tables it owns, and the node's heartbeat.

    Besides each table's lease, every node keeps a heartbeat key and the set of tables it holds,
    and is listed in the set of nodes; a node whose heartbeat has expired has died, and only its
    tables need to be looked at to find the orphans (not every unfinished table)."""

    def __init__(self, redis: aioredis.Redis, prefix: str, node: str, ttl: float, *, url: str) -> None:
        """Renewals go on a connection of their own to the Redis at ``url`` (``keeper``), so they
        never wait behind other requests (a renewal stuck in a queue for a lease's length would give
        every table away); it bears the node's name, so that others see it go when the node dies."""
        self.redis, self.prefix, self.node = redis, prefix, node
        self.ttl_ms = max(100, int(ttl * 1000))
        self.keeper = aioredis.Redis.from_url(url, decode_responses=True, client_name=self.client_name(node))
        self._renew = self.keeper.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)
        self._acquire_many = redis.register_script(_ACQUIRE_MANY)
        self.nodes_key = f"{prefix}:nodes"

    def key(self, table_id: str) -> str:
        return f"{self.prefix}:lease:{table_id}"

    def heart_key(self, node: str) -> str:
        return f"{self.prefix}:node:{node}"

    def tables_key(self, node: str) -> str:
        return f"{self.prefix}:node:{node}:tables"

    async def acquire(self, table_id: str, dead: str = "") -> bool:
        """Own ``table_id`` if nobody else does, or if its holder is ``dead`` (a node found dead
        while its lease still runs); True if this node holds its lease now."""
        return bool(await self.acquire_many({table_id: dead}))

    async def acquire_many(self, orphans: dict[str, str]) -> list[str]:
        """``acquire`` for each table ``orphans`` names (with the dead node that may hold its lease,
        or ""), in one call; the tables whose lease this node holds now."""
        ids = list(orphans)
        if not ids:
            return []
        keys = [*(self.key(t) for t in ids), self.tables_key(self.node)]
        args: list[str | int] = [self.node, self.ttl_ms]
        for table_id in ids:
            args += [table_id, orphans[table_id] or "-"]
        taken = await self._acquire_many(keys=keys, args=args)
        return [ids[int(i) - 1] for i in taken]

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

    async def register(self) -> None:
        """Start this node's heartbeat and list it among the nodes."""
        await self.keeper.set(self.heart_key(self.node), self.node, px=self.ttl_ms)
        await self.keeper.sadd(self.nodes_key, self.node)

    async def renew(self, table_ids: list[str]) -> tuple[list[str], bool]:
        """Extend this node's leases on ``table_ids`` and its heartbeat; returns the tables whose
        lease was lost, and True if the node had been forgotten (Redis lost its keys, or the node
        stalled so long that others took it for dead): every table may need looking at then."""
        keys = [*(self.key(t) for t in table_ids), self.heart_key(self.node)]
        keys += [self.tables_key(self.node), self.nodes_key]
        lost, fresh = await self._renew(keys=keys, args=[self.node, self.ttl_ms, f"{self.prefix}:lease:"])
        return [table_ids[int(i) - 1] for i in lost], bool(fresh)

    async def dead_nodes(self) -> list[str]:
        """Nodes listed whose heartbeat has expired, or whose renewals' connection to Redis is gone
        (a killed process's sockets close at once: its death is seen in well under a lease's
        length); never this one."""
        nodes = sorted(str(n) for n in await self.redis.smembers(self.nodes_key))
        return await self.dead_among([n for n in nodes if n != self.node])

    async def dead_among(self, others: list[str]) -> list[str]:
        """Those of ``others`` (nodes, listed or not) whose heartbeat has expired or whose renewals'
        connection is gone."""
        if not others:
            return []
        beats = await self.redis.mget([self.heart_key(n) for n in others])
        connected = await self._connected()
        return [
            n
            for n, beat in zip(others, beats, strict=True)
            if beat is None or (connected is not None and self.client_name(n) not in connected)
        ]

    def client_name(self, node: str) -> str:
        """The name ``node``'s renewal connection gives itself in Redis (``CLIENT SETNAME``)."""
        return self.heart_key(node)

    async def _connected(self) -> set[str] | None:
        """The names of the clients connected to Redis now, or None where Redis will not list them
        (a service that forbids ``CLIENT LIST``: heartbeats alone tell a death then)."""
        try:
            clients = await self.redis.client_list(_type="normal")
        except aioredis.ResponseError:
            return None
        return {str(c.get("name", "")) for c in clients}

    async def tables_of(self, node: str) -> list[str]:
        """The tables ``node`` held leases on when it was last alive."""
        return sorted(str(t) for t in await self.redis.smembers(self.tables_key(node)))

    async def forget(self, node: str) -> None:
        """Drop a dead node whose tables all have live owners (or are finished)."""
        await self.redis.srem(self.nodes_key, node)
        await self.redis.delete(self.tables_key(node))

    async def release(self, table_id: str) -> None:
        """Give a lease up at once (a clean shutdown), so another node need not wait for it to expire."""
        keys = [self.key(table_id), self.tables_key(self.node)]
        await self._release(keys=keys, args=[self.node, table_id])

    async def leave(self) -> None:
        """This node stops (cleanly, its leases released): no heartbeat to wait out."""
        await self.redis.delete(self.heart_key(self.node), self.tables_key(self.node))
        await self.redis.srem(self.nodes_key, self.node)

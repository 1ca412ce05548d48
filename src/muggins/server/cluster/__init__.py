"""The cluster: many server processes serving one platform, with Redis between them.

Owns the tables of a cluster (``tables.ClusterTables``: each owned under a lease, orphans taken
over, a lobby of every process's tables; ``tables.TableHandle``: a table another process runs),
the leases themselves (``ownership``) and requests forwarded to a table's owner (``forward``). It
builds on the tables, the bus and the store; only the edge (``create_app``) uses it, and only when
a Redis address is set: one process alone never imports it."""

from muggins.server.cluster.tables import ClusterTables

__all__ = [
    "ClusterTables",
]

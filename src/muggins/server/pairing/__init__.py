"""Pairing: quick pairing of people who want a game now.

Owns the pools' rule (``pools``: who plays whom, widening with the wait, partners evened out) and
the service that keeps the seeks in the store, takes each group out of its pool once in the
whole cluster, makes its table and tells its players (``service``). It builds on the tables, the
accounts (ratings), the bus and the store; the edge uses it."""

from muggins.server.pairing.pools import REACH, WIDENS, Waiting, groups, pool_key, reach, seating
from muggins.server.pairing.service import LIVE_FOR, PAIR_EVERY, SEEK_GRACE, Pairing, SeekError

__all__ = [
    "LIVE_FOR",
    "PAIR_EVERY",
    "REACH",
    "SEEK_GRACE",
    "WIDENS",
    "Pairing",
    "SeekError",
    "Waiting",
    "groups",
    "pool_key",
    "reach",
    "seating",
]

"""Pairing: people finding people to play.

Owns the pools' rule (``pools``: who plays whom, widening with the wait, partners evened out),
what a player asks for and the table made for it (``requests``), the service that keeps the seeks
in the store, takes each group out of its pool once in the whole cluster, makes its table and
tells its players (``service``), challenges from one player to another and who is online
(``challenges``), and their routes (``routes``). It builds on the tables, the accounts (ratings),
the bus and the store; the edge uses it."""

from muggins.server.pairing.challenges import CHALLENGE_SECONDS, OPEN_CHALLENGES, Challenges
from muggins.server.pairing.pools import REACH, WIDENS, Waiting, groups, pool_key, reach, seating
from muggins.server.pairing.requests import (
    FOR_PEOPLE,
    PairingError,
    asked_game,
    may_play,
    open_table,
    request_of,
)
from muggins.server.pairing.service import LIVE_FOR, PAIR_EVERY, SEEK_GRACE, Pairing

__all__ = [
    "CHALLENGE_SECONDS",
    "FOR_PEOPLE",
    "LIVE_FOR",
    "OPEN_CHALLENGES",
    "PAIR_EVERY",
    "REACH",
    "SEEK_GRACE",
    "WIDENS",
    "Challenges",
    "Pairing",
    "PairingError",
    "Waiting",
    "asked_game",
    "groups",
    "may_play",
    "open_table",
    "pool_key",
    "reach",
    "request_of",
    "seating",
]

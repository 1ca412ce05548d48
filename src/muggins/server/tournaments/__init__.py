"""Tournaments: Swiss and arena tournaments of any game, two to four seats a table.

Owns the pairing of a round and the standings (``swiss``), the arena's pairing and standings
(``arena``), the service that keeps tournaments in
the store and runs each in one process of the cluster at a time, pairing, seating and scoring
rounds (``service``), and their routes (``routes``). It builds on the pairing (what a game asks
for, the tables made for it), the tables, the accounts, the bus and the store; the edge uses it."""

from muggins.server.tournaments.service import Tournaments
from muggins.server.tournaments.swiss import (
    BYE_POINTS,
    Pairing,
    Player,
    Result,
    Standing,
    pair_round,
    standings,
)

__all__ = [
    "BYE_POINTS",
    "Pairing",
    "Player",
    "Result",
    "Standing",
    "Tournaments",
    "pair_round",
    "standings",
]

"""Tournaments: Swiss tournaments of two-seat games (``swiss``: the pairing of a round and the
standings). It builds on the pairing (tables made for players), the tables and the store."""

from muggins.server.tournaments.swiss import (
    BYE_POINTS,
    Pairing,
    Player,
    Result,
    Standing,
    pair_round,
    standings,
)

__all__ = ["BYE_POINTS", "Pairing", "Player", "Result", "Standing", "pair_round", "standings"]

"""The cribbage bots: greedy and expert. Each reads only its seat's view.

Both count exactly under manual counting (claiming the true total, which the view lists first)
and call muggins for every point an opponent missed.
"""

from __future__ import annotations

from muggins.bots.base import View
from muggins.bots.cribbage.cribtables import CribTables, shipped_tables
from muggins.bots.cribbage.discard import expert_discard, greedy_discard
from muggins.bots.cribbage.pegging import ExpertPegger, greedy_play
from muggins.bots.cribbage.reading import Seat, read
from muggins.games.moves import Claim, Move, Muggins, Ready, parse_move


def counting_move(seat: Seat) -> Move:
    """Claim the whole true score; call muggins for everything missed; otherwise say ready."""
    moves = [parse_move(text) for text in seat.legal]
    claims = [m.amount for m in moves if isinstance(m, Claim)]
    if claims:
        return Claim(max(claims))
    muggins = [m.amount for m in moves if isinstance(m, Muggins)]
    if muggins:
        return Muggins(max(muggins))
    return Ready()


class GreedyBot:
    """Takes the most points now: discards for the most points held, pegs the best-scoring card."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Move:
        seat = read(view)
        if seat.phase == "discard":
            return greedy_discard(seat)
        if seat.phase == "play":
            return greedy_play(seat)
        return counting_move(seat)


class ExpertBot:
    """Exact expected-value discards with the crib tables and board position; searched pegging."""

    def __init__(self, seed: int = 0, tables: CribTables | None = None) -> None:
        self.seed = seed
        self.tables = tables if tables is not None else shipped_tables()
        self.pegger = ExpertPegger(self.tables)

    def choose(self, view: View) -> Move:
        seat = read(view)
        if seat.phase == "discard":
            return expert_discard(seat, self.tables)
        if seat.phase == "play":
            return self.pegger.choose(seat)
        return counting_move(seat)

"""Cribist decisions reviewed: each card played valued by the expert's search (the average margin
over sampled deals of the unseen cards)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from muggins.analysis.review import Decision, Judge, Kind, decision
from muggins.bots.cribist.players import EXPERT_BUDGET
from muggins.bots.cribist.players import Seat as CribistSeat
from muggins.games.base import Game
from muggins.games.moves import Move, Play
from muggins.strategy.cribist.search import deals_for, margin_totals

QUICK = False
"""A Cribist review searches every card (about 3 s a deal for four seats): ``muggins review`` makes it."""
KINDS: tuple[Kind, ...] = ("play",)
"""The kinds of decision judged here."""


def judge(record: dict[str, Any], seats: Sequence[int]) -> Judge:
    """Judges Cribist card play by the expert's search: each legal card's average margin over the
    same sampled deals, the samples seeded by the game's seed and the move (so a review repeats)."""

    def judged(game: Game, player: int, move: Move, number: int) -> Decision | None:
        view = game.view(player)
        if view["phase"] != "play" or not isinstance(move, Play):
            return None
        seat = CribistSeat.read(view)
        legal = seat.legal
        if len(legal) < 2:
            return None
        rng = random.Random(f"{record['seed']}:{number}")
        position = seat.position()
        deals = deals_for(position, len(legal), EXPERT_BUDGET)
        totals, played = margin_totals(position, [c.index for c in legal], rng, deals, math.inf)
        values = {str(Play(card)): totals[card.index] / played for card in legal}
        return decision(number, view["deal"], "play", str(move), values)

    return judged

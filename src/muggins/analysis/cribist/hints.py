"""Cribist hints (``muggins.analysis.hints``): each card you may play, played out over deals of the
unseen cards consistent with your view (the expert's own search), with its average margin over the
other seats, and the points the trick on the table holds so far."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from muggins.analysis.hints import Advice
from muggins.bots.cribist.players import EXPERT_BUDGET, Seat
from muggins.cards import card_at
from muggins.games.moves import Move, Play
from muggins.strategy.cribist.greedy import points_so_far
from muggins.strategy.cribist.search import deals_for, margin_totals

SECONDS = 1.0
"""A guard on the search's time (the budget bounds its work first)."""


def advise(view: Mapping[str, Any], move: Move) -> Advice | None:
    """The figures behind a card played."""
    if not isinstance(move, Play):
        return None
    seat = Seat.read(view)
    legal = seat.legal
    at_stake = ""
    if seat.trick and seat.trump is not None:
        at_stake = (
            f"; the trick holds {points_so_far([c.index for c in seat.trick], int(seat.trump))} points so far"
        )
    if len(legal) == 1:
        return Advice(str(move), f"{move.card} is the only card you may play{at_stake}", [])
    position = seat.position()
    candidates = [card.index for card in legal]
    deals = deals_for(position, len(candidates), EXPERT_BUDGET)
    rng = random.Random(int(view.get("state_id", 0)))
    totals, played = margin_totals(position, candidates, rng, deals, SECONDS)
    if not played:
        return None
    margins = sorted(((totals[c] / played, card_at(c)) for c in candidates), key=lambda m: -m[0])
    chosen = next(margin for margin, card in margins if card == move.card)
    text = (
        f"{move.card} averages {chosen:+.2f} points against the other seats' mean, over {played} deals "
        f"of the unseen cards played out (this trick and the rest of the hand){at_stake}"
    )
    details = [f"{card}: {margin:+.2f}" for margin, card in margins]
    return Advice(str(move), text, details)

"""Crash cribbage for the bots (docs/rules/cribbage.md, "Crash"): what a card laid now is worth in
crashes, so that a bot lands on another side's front peg and keeps off its back peg."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from muggins.bots.base import View
from muggins.bots.cribbage.pegging import playable_cards
from muggins.cards import Card
from muggins.games.moves import Move, Play
from muggins.strategy.cribbage.play import play_points
from muggins.strategy.cribbage.reading import Seat


def crash_swings(view: View, seat: Seat) -> dict[Card, int]:
    """Each card the seat may lay whose points now would land its side's peg on another side's: with
    what the crashes are worth to the seat's side (a front peg crashed takes its gap off that side, a
    back peg crashed gives that side its gap). Cards that crash nothing are left out."""
    me = view["you"]
    scores, backs, active = view["scores"], view["back_pegs"], view["active"]
    mine = next(side for side in view["sides"] if me in side)
    others = [side[0] for side in view["sides"] if side != mine and any(s in active for s in side)]
    pile = tuple(card.rank for _, card in seat.pile)
    swings: dict[Card, int] = {}
    for card in playable_cards(seat.hand, seat.count):
        points = play_points(pile, card.rank)
        hole = scores[me] + points
        if not points or hole >= view["targets"][me]:
            continue
        swing = 0
        for other in others:
            gap = scores[other] - backs[other]
            if backs[other] == hole:
                swing -= gap
            elif scores[other] == hole:
                swing += gap
        if swing:
            swings[card] = swing
    return swings


def crash_move(view: View, seat: Seat, move: Move, values: Callable[[], Mapping[Card, float]]) -> Move:
    """The bot's ``move`` in the play at a Crash table, or a better card: the most of each card's
    ``values`` (points, mine less the others'; asked for only when some card crashes) with what its
    crashes are worth added; the bot's own card where none is worth more."""
    if not isinstance(move, Play):
        return move
    swings = crash_swings(view, seat)
    if not swings:
        return move
    worth = values()
    return Play(max(worth, key=lambda card: (worth[card] + swings.get(card, 0), card == move.card)))


def points_now(seat: Seat) -> dict[Card, float]:
    """Each card the seat may lay, with the points it pegs now (the greedy bot's measure)."""
    pile = tuple(card.rank for _, card in seat.pile)
    return {card: float(play_points(pile, card.rank)) for card in playable_cards(seat.hand, seat.count)}

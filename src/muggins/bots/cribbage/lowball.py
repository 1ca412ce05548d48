"""Lowball cribbage's choices (docs/rules/cribbage.md): every point a side scores takes it towards
losing, so the throw the expert would value least is made and the card that pegs least is laid."""

from __future__ import annotations

from muggins.bots.cribbage.discard import allowed_throws, best_throw, crib_weight, greedy_discard, throw_size
from muggins.bots.cribbage.pegging import playable_cards
from muggins.cards import Card
from muggins.games.moves import Discard, Go, Move, Play
from muggins.strategy.cribbage.cribtables import CribTables
from muggins.strategy.cribbage.play import play_points
from muggins.strategy.cribbage.reading import Seat


def lowball_discard(seat: Seat, tables: CribTables | None) -> Move:
    """With ``tables``, the throw whose kept hand's exact expected show plus the crib the tables
    expect (counted for the seat when its side deals, against it otherwise) is least; without, the
    throw that keeps the fewest points held now (the greedy bot's aim, turned round)."""
    if tables is None:
        return greedy_discard(seat, least=True)
    _, n = throw_size(seat)
    config, offset, weight = seat.crib_config, seat.offset(seat.me), crib_weight(seat)

    def crib(thrown: tuple[Card, ...], _: tuple[Card, ...]) -> float:
        return weight * tables.expected(config, offset, thrown)

    return Discard(best_throw(seat.hand, n, crib, allowed_throws(seat), least=True))


def lowball_play(seat: Seat) -> Move:
    """The card that pegs the fewest points now (fifteen, thirty-one, pairs, runs), the lowest of
    equals; go when none can be laid."""
    pile = tuple(card.rank for _, card in seat.pile)
    cards = playable_cards(seat.hand, seat.count)
    if not cards:
        return Go()
    return Play(min(cards, key=lambda card: (play_points(pile, card.rank), card.sort_key)))

"""The peers of the strength ladder, each seated at a muggins table through its view: CribbageSim's
Hoyleish strategy and magmacrunch-cribbage's opponent.

Benchmark-only; install them with ``pip install --no-deps --ignore-requires-python -r
bench/peers.txt`` (CribbageSim declares Python 3.12 but runs on 3.11; magmacrunch-cribbage's
opponent needs only its own card module, not the arcade it ships in). Each peer makes only the
choices its own game asks of it: which cards to throw and which card to lay. It counts its shows in
full, as muggins' bots do, so the match measures discarding and pegging alone.
"""

from __future__ import annotations

import importlib
from typing import Any

from muggins.bots.base import BotFactory, View
from muggins.bots.cribbage.players import counting_move
from muggins.cards import Card
from muggins.games.moves import Discard, Go, Move, Play
from muggins.strategy.cribbage.reading import read

HOYLEISH = "hoyleish"
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
"""magmacrunch's suit names for ours."""
MAGMACRUNCH = "magmacrunch"


class HoyleishBot:
    """CribbageSim's ``HoyleishDealerCribbagePlayStrategy`` when the seat deals, its
    ``HoyleishPlayerCribbagePlayStrategy`` when it does not (they differ only in the throw)."""

    def __init__(self, seed: int = 0) -> None:
        from CribbageSim.CribbagePlayStrategy import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
            HoyleishDealerCribbagePlayStrategy,
            HoyleishPlayerCribbagePlayStrategy,
        )
        from HandsDecksCards.card import Card as SimCard  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self.seed = seed
        self.dealer = HoyleishDealerCribbagePlayStrategy()
        self.pone = HoyleishPlayerCribbagePlayStrategy()
        self.sim_card = SimCard

    def _theirs(self, cards: tuple[Card, ...]) -> list[Any]:
        """The cards as CribbageSim's, in the same order (its ties go to the earlier card)."""
        return [self.sim_card(str(card)[-1], str(card)[:-1]) for card in cards]

    def choose(self, view: View) -> Move:
        seat = read(view)
        if seat.phase == "discard":
            strategy = self.dealer if seat.dealer == seat.me else self.pone
            hand, theirs = list(seat.hand), self._theirs(seat.hand)
            thrown: list[Card] = []

            def to_crib(index: int) -> None:
                thrown.append(hand.pop(index))
                theirs.pop(index)

            strategy.form_crib(to_crib, lambda: theirs)
            return Discard(tuple(thrown))
        if seat.phase != "play":
            return counting_move(view, seat)
        if not any(seat.count + card.value <= 31 for card in seat.hand):
            return Go()
        hand, theirs = list(seat.hand), self._theirs(seat.hand)
        pile = self._theirs(tuple(card for _, card in seat.pile))
        laid: list[Card] = []
        self.dealer.follow(seat.count, lambda index: laid.append(hand[index]), lambda: theirs, lambda: pile)
        return Play(laid[0])


class MagmacrunchBot:
    """magmacrunch-cribbage's opponent (``cribbage.ai``): a hand-tuned score for each throw and
    each card to lay, the first best taken."""

    def __init__(self, seed: int = 0) -> None:
        from cribbage import ai  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from cribbage.cards import Card as TheirCard  # type: ignore[import-not-found,import-untyped,unused-ignore]

        self.seed = seed
        self.ai = ai
        self.their_card = TheirCard

    def _theirs(self, cards: tuple[Card, ...]) -> list[Any]:
        return [self.their_card(SUITS[str(card)[-1]], str(card)[:-1]) for card in cards]

    def choose(self, view: View) -> Move:
        seat = read(view)
        if seat.phase == "discard":
            theirs = self._theirs(seat.hand)
            thrown = self.ai.select_crib_cards(theirs, seat.dealer != seat.me)
            return Discard(tuple(seat.hand[theirs.index(card)] for card in thrown))
        if seat.phase != "play":
            return counting_move(view, seat)
        theirs = self._theirs(seat.hand)
        pile = self._theirs(tuple(card for _, card in seat.pile))
        card = self.ai.select_pegging_card(theirs, seat.count, pile)
        return Go() if card is None else Play(seat.hand[theirs.index(card)])


PEERS: dict[str, BotFactory] = {HOYLEISH: HoyleishBot, MAGMACRUNCH: MagmacrunchBot}

MODULES = {HOYLEISH: "CribbageSim", MAGMACRUNCH: "cribbage.ai"}


def installed(peer: str) -> bool:
    """Whether the peer's package can be imported here."""
    try:
        importlib.import_module(MODULES[peer])
    except ImportError:
        return False
    return True

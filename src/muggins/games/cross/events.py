"""Cross Cribbage's events: a deal, the cut card, each card turned (its player's alone), laid on the
grid or thrown to the crib (its thrower's alone), and the count of the lines and the crib."""

from __future__ import annotations

from typing import Final

from muggins.cards import Card
from muggins.games.events import Event, event_type
from muggins.scoring.items import Score


class NewHand(Event):
    """A deal begins: its number and dealer, named as in every game (``new_hand``)."""

    hand: Final[int]
    dealer: Final[int]

    def __init__(self, hand: int, dealer: int) -> None:
        self.hand, self.dealer = hand, dealer


event_type(NewHand, "new_hand")


class CutCard(Event):
    """The cut card is turned face up on the centre cell."""

    card: Final[Card]

    def __init__(self, card: Card) -> None:
        self.card = card


event_type(CutCard, "cut")


class Turned(Event):
    """A player looks at the top card of their pile: only they see it."""

    player: Final[int]
    card: Final[Card | None]

    def __init__(self, player: int, card: Card | None) -> None:
        self.player, self.card = player, card


event_type(Turned, "turned", secret=("card",))


class Laid(Event):
    """A player lays their turned card face up on a cell of the grid."""

    player: Final[int]
    card: Final[Card]
    cell: Final[str]

    def __init__(self, player: int, card: Card, cell: str) -> None:
        self.player, self.card, self.cell = player, card, cell


event_type(Laid, "laid")


class Thrown(Event):
    """A card of a player's goes to the crib face down: the one they turned (seen by them alone),
    or at the end of the play one still in their pile (``unseen``: seen by nobody)."""

    player: Final[int]
    card: Final[Card | None]
    unseen: Final[bool]

    def __init__(self, player: int, card: Card | None, unseen: bool = False) -> None:
        self.player, self.card, self.unseen = player, card, unseen


event_type(Thrown, "thrown", secret=("card",))


class Counted(Event):
    """A line, the crib or his heels counted for a side (``player``: the side's first seat) at the
    end of a deal, and the side's total for the deal so far. Nothing is pegged until ``scored``."""

    player: Final[int]
    reason: Final[str]
    cards: Final[tuple[Card, ...]]
    score: Final[Score]
    total: Final[int]

    def __init__(self, player: int, reason: str, cards: tuple[Card, ...], score: Score, total: int) -> None:
        self.player, self.reason, self.cards, self.score, self.total = player, reason, cards, score, total


event_type(Counted, "counted")

"""Skalborg's own events.

Hidden cards travel only in ``secret`` fields (the thrown card), which other viewers see as None.
"""

from __future__ import annotations

from typing import Final

from muggins.cards import Card
from muggins.games.events import Event, event_type
from muggins.scoring.items import Score


class NewHand(Event):
    """A new hand: its number and the dealer, named as in every game (``new_hand``), and the blinds
    in force."""

    hand: Final[int]
    dealer: Final[int]
    small_blind: Final[int]
    big_blind: Final[int]

    def __init__(self, hand: int, dealer: int, small_blind: int, big_blind: int) -> None:
        self.hand, self.dealer, self.small_blind, self.big_blind = hand, dealer, small_blind, big_blind


event_type(NewHand, "new_hand")


class BlindPosted(Event):
    """A seat put in its blind (less if that is all it has)."""

    player: Final[int]
    blind: Final[str]
    amount: Final[int]

    def __init__(self, player: int, blind: str, amount: int) -> None:
        self.player, self.blind, self.amount = player, blind, amount


event_type(BlindPosted, "blind")


class Thrown(Event):
    """A seat threw a card face down to the crib; only it sees which."""

    player: Final[int]
    card: Final[Card | None]

    def __init__(self, player: int, card: Card | None) -> None:
        self.player, self.card = player, card


event_type(Thrown, "thrown", secret=("card",))


class BoardTurned(Event):
    """Crib cards were turned face up (flop, turn or river); ``board`` is every face-up card."""

    street: Final[str]
    cards: Final[tuple[Card, ...]]
    board: Final[tuple[Card, ...]]

    def __init__(self, street: str, cards: tuple[Card, ...], board: tuple[Card, ...]) -> None:
        self.street, self.cards, self.board = street, cards, board


event_type(BoardTurned, "board")


class Acted(Event):
    """A betting action: what it was, the chips it put in, and the seat's total bet this round."""

    player: Final[int]
    action: Final[str]
    chips: Final[int]
    bet: Final[int]
    all_in: Final[bool]

    def __init__(self, player: int, action: str, chips: int, bet: int, all_in: bool) -> None:
        self.player, self.action, self.chips, self.bet, self.all_in = player, action, chips, bet, all_in


event_type(Acted, "action")


class Shown(Event):
    """A contender's hand at the showdown; ``score`` is its count (None until it has counted)."""

    player: Final[int]
    cards: Final[tuple[Card, ...]]
    score: Final[Score | None]
    points: Final[int | None]

    def __init__(self, player: int, cards: tuple[Card, ...], score: Score | None, points: int | None) -> None:
        self.player, self.cards, self.score, self.points = player, cards, score, points


event_type(Shown, "shown")


class Counted(Event):
    """A combination claimed in manual counting. Made with ``points`` and ``valid`` None when claimed,
    and again once everyone is ready with its judgement: its points, or minus what a miscall claimed."""

    player: Final[int]
    kind: Final[str]
    cards: Final[tuple[Card, ...]]
    points: Final[int | None]
    valid: Final[bool | None]

    def __init__(
        self, player: int, kind: str, cards: tuple[Card, ...], points: int | None, valid: bool | None
    ) -> None:
        self.player, self.kind, self.cards, self.points, self.valid = player, kind, cards, points, valid


event_type(Counted, "counted")


class PotWon(Event):
    """A pot went to its winners (``shares`` by seat); ``reason``: showdown, everyone else folded,
    or uncalled (a pot only one contender reached: their bet nobody called, handed back)."""

    pot: Final[int]
    amount: Final[int]
    shares: Final[dict[int, int]]
    reason: Final[str]

    def __init__(self, pot: int, amount: int, shares: dict[int, int], reason: str) -> None:
        self.pot, self.amount, self.shares, self.reason = pot, amount, shares, reason


event_type(PotWon, "pot")


class Busted(Event):
    """A seat lost its last chip and leaves the table."""

    player: Final[int]

    def __init__(self, player: int) -> None:
        self.player = player


event_type(Busted, "busted")

"""A cribbage seat's view read into typed values: the only thing cribbage bots look at.

Everything here comes from ``Game.view(seat)``; nothing reaches into the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from muggins.cards import ALL_CARDS, Card, parse_call
from muggins.strategy.cribbage.cribtables import config_name

CARD_OF: dict[str, Card] = {str(card): card for card in ALL_CARDS}
"""Card text -> card, for reading views quickly."""


def counted_card(text: str) -> Card:
    """A card on the pile as it counts: a wild joker's call (``JKR=5H``) as the card it names."""
    card = CARD_OF.get(text)
    return card if card is not None else parse_call(text)[1]


def cards_of(texts: Any) -> tuple[Card, ...]:
    """The cards named in a view's list of card texts (None reads as no cards)."""
    return tuple(CARD_OF[text] for text in texts or ())


@dataclass(slots=True)
class Seat:
    """What one seat knows, read from its view: a value, never changed once read. Every decision
    of every cribbage bot reads one, so it is built by a compiled ``__init__`` written out below
    (a dataclass keeps a class's own): the one ``dataclasses`` generates is interpreted, setting
    each field by name, and a frozen one through ``object.__setattr__`` (7%, then 3%, of the
    quick expert's work)."""

    me: int
    players: int
    dealer: int
    """Whose crib it is: the dealer, or in Auction cribbage the crib's buyer (docs/bots.md)."""
    active: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    target: int
    """The points my side plays to (in Captain's cribbage the captain's are half the game's)."""
    variant: str
    phase: str
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    own_crib: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[Card, ...], ...]
    pile: tuple[tuple[int, Card], ...]
    count: int
    passed: frozenset[int]
    gos: tuple[tuple[int, int], ...]
    """Each go said this hand, as (seat, count): that seat then held nothing worth 31 - count or less."""
    starter: Card | None
    hand_number: int
    clockwise: bool
    legal: tuple[str, ...]

    def __init__(
        self,
        *,
        me: int,
        players: int,
        dealer: int,
        active: tuple[int, ...],
        sides: tuple[tuple[int, ...], ...],
        scores: tuple[int, ...],
        target: int,
        variant: str,
        phase: str,
        hand: tuple[Card, ...],
        discards: tuple[Card, ...],
        own_crib: tuple[Card, ...],
        hand_sizes: tuple[int, ...],
        played: tuple[tuple[Card, ...], ...],
        pile: tuple[tuple[int, Card], ...],
        count: int,
        passed: frozenset[int],
        gos: tuple[tuple[int, int], ...],
        starter: Card | None,
        hand_number: int,
        clockwise: bool,
        legal: tuple[str, ...],
    ) -> None:
        self.me = me
        self.players = players
        self.dealer = dealer
        self.active = active
        self.sides = sides
        self.scores = scores
        self.target = target
        self.variant = variant
        self.phase = phase
        self.hand = hand
        self.discards = discards
        self.own_crib = own_crib
        self.hand_sizes = hand_sizes
        self.played = played
        self.pile = pile
        self.count = count
        self.passed = passed
        self.gos = gos
        self.starter = starter
        self.hand_number = hand_number
        self.clockwise = clockwise
        self.legal = legal

    @property
    def side(self) -> tuple[int, ...]:
        """The seats on my side (just me unless playing partnerships)."""
        return next(side for side in self.sides if self.me in side)

    def is_friend(self, seat: int) -> bool:
        """Whether points pegged by ``seat`` count for my side."""
        return seat in self.side

    @property
    def crib_is_mine(self) -> bool:
        """Whether the dealer's crib scores for my side."""
        return self.is_friend(self.dealer)

    @property
    def crib_config(self) -> str:
        """The crib table configuration of this deal: by seats playing and partnerships."""
        return config_name(len(self.active), len(self.sides) == 2 and self.players == 4)

    @property
    def opponents(self) -> int:
        """How many other sides are still playing."""
        return sum(1 for side in self.sides if self.me not in side and any(s in self.active for s in side))

    def offset(self, seat: int) -> int:
        """How many seats after the dealer ``seat`` plays (0: the dealer)."""
        offset, s = 0, self.dealer
        while s != seat:
            s = self.next_seat(s)
            offset += 1
        return offset

    def next_seat(self, seat: int) -> int:
        """The next active seat after ``seat`` in the direction of play."""
        step = 1 if self.clockwise else -1
        nxt = (seat + step) % self.players
        while nxt not in self.active:
            nxt = (nxt + step) % self.players
        return nxt

    def lowest_value(self, seat: int) -> int:
        """The least a card ``seat`` holds can be worth, from its gos this hand (1 without one)."""
        return max((32 - count for who, count in self.gos if who == seat), default=1)

    def next_to_lay(self) -> int | None:
        """The next seat after this one that may still lay a card on this count, or None."""
        other = self.next_seat(self.me)
        while other != self.me:
            if other not in self.passed and self.hand_sizes[other]:
                return other
            other = self.next_seat(other)
        return None


def read(view: Mapping[str, Any]) -> Seat:
    """Read a cribbage view (``Game.view(seat)``) into a ``Seat``."""
    me = view["you"]
    if me is None:
        raise ValueError("a bot plays a seat: this is a spectator's view")
    starter = view.get("starter")
    return Seat(
        me=me,
        players=view["players"],
        dealer=view.get("crib_owner", view["dealer"]),  # the buyer of an Auction crib
        active=tuple(view["active"]),
        sides=tuple(tuple(side) for side in view["sides"]),
        scores=tuple(view["scores"]),
        target=view["targets"][me],
        variant=view["variant"],
        phase=view["phase"],
        hand=cards_of(view["hand"]),
        discards=cards_of(view.get("discards")),
        own_crib=cards_of(view.get("own_crib")),
        hand_sizes=tuple(view["hand_sizes"]),
        played=tuple(cards_of(cards) for cards in view["played"]),
        pile=tuple((seat, counted_card(card)) for seat, card in view["pile"]),
        count=view["count"],
        passed=frozenset(view["passed"]),
        gos=tuple((seat, count) for seat, count in view.get("gos", ())),
        starter=CARD_OF[starter] if starter else None,
        hand_number=view["hand_number"],
        clockwise=view["options"].get("direction", "clockwise") == "clockwise",
        legal=tuple(view["legal_moves"]),
    )

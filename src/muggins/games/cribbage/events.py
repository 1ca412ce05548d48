"""Cribbage's own events (the generic ones are in ``muggins.games.events``)."""

from __future__ import annotations

from typing import Any, Final

from muggins.cards import Card
from muggins.games.events import Event, event_type
from muggins.scoring.items import Score
from muggins.scoring.speech import say_count


class DealerCut(Event):
    """Players cut for first deal: lowest card deals (ties cut again)."""

    cuts: Final[tuple[tuple[int, Card], ...]]
    dealer: Final[int | None]

    def __init__(self, cuts: tuple[tuple[int, Card], ...], dealer: int | None) -> None:
        self.cuts, self.dealer = cuts, dealer


event_type(DealerCut, "dealer_cut")


class NewHand(Event):
    """A hand begins: its number and dealer (and game number in a match); ``without``: the seats
    whose leaving ended the hand before, so this one is dealt among the players still in."""

    hand: Final[int]
    game: Final[int]
    dealer: Final[int]
    without: Final[tuple[int, ...]]

    def __init__(self, hand: int, game: int, dealer: int, without: tuple[int, ...] = ()) -> None:
        self.hand, self.game, self.dealer, self.without = hand, game, dealer, without


event_type(NewHand, "new_hand")


class Discarded(Event):
    """A player laid cards away: to the dealer's crib (``to_crib``) or their own crib."""

    player: Final[int]
    count: Final[int]
    own_crib: Final[bool]
    cards: Final[tuple[Card, ...] | None]

    def __init__(self, player: int, count: int, own_crib: bool, cards: tuple[Card, ...] | None) -> None:
        self.player, self.count, self.own_crib, self.cards = player, count, own_crib, cards


event_type(Discarded, "discarded", secret=("cards",))


class BidMade(Event):
    """Auction cribbage: a player bid ``amount`` points for the crib, or passed (``amount`` None)."""

    player: Final[int]
    amount: Final[int | None]

    def __init__(self, player: int, amount: int | None) -> None:
        self.player, self.amount = player, amount


event_type(BidMade, "bid")


class CribBought(Event):
    """Auction cribbage: the bidding is over and ``player`` has the crib for ``price`` points."""

    player: Final[int]
    price: Final[int]

    def __init__(self, player: int, price: int) -> None:
        self.player, self.price = player, price


event_type(CribBought, "crib_bought")


class CribTopped(Event):
    """Cards from the pack went face down to the crib (three players)."""

    count: Final[int]

    def __init__(self, count: int) -> None:
        self.count = count


event_type(CribTopped, "crib_topped")


class StarterCut(Event):
    """The starter is turned up."""

    card: Final[Card]

    def __init__(self, card: Card) -> None:
        self.card = card


event_type(StarterCut, "starter")


class CardPlayed(Event):
    """A card laid in the play, and the count it makes; a wild joker with its ``call`` (``JKR=5H``)."""

    player: Final[int]
    card: Final[Card]
    count: Final[int]
    call: Final[str | None]

    def __init__(self, player: int, card: Card, count: int, call: str | None = None) -> None:
        self.player, self.card, self.count, self.call = player, card, count, call


event_type(CardPlayed, "played")


class SaidGo(Event):
    """A player could not lay a card (``auto`` when the engine said it for them)."""

    player: Final[int]
    auto: Final[bool]

    def __init__(self, player: int, auto: bool) -> None:
        self.player, self.auto = player, auto


event_type(SaidGo, "go")


class CountReset(Event):
    """The count goes back to zero; ``leader`` lays next."""

    leader: Final[int | None]

    def __init__(self, leader: int | None) -> None:
        self.leader = leader


event_type(CountReset, "reset")


class Shown(Event):
    """A hand or crib laid face up for the show: with its score when the engine counts, or with
    what its owner claimed under manual counting (its score then waits for ``ShowJudged``)."""

    player: Final[int]
    what: Final[str]
    cards: Final[tuple[Card, ...]]
    starter: Final[Card]
    score: Final[Score | None]
    claimed: Final[int | None]
    jokers: Final[tuple[str, ...]]
    """Wild jokers: each joker among the cards and the starter with the card it counts as (``JKR=5H``);
    under manual counting none until the show is judged (``ShowJudged.jokers``)."""

    def __init__(  # noqa: PLR0917 (an event's fields, as a dataclass would take them)
        self,
        player: int,
        what: str,
        cards: tuple[Card, ...],
        starter: Card,
        score: Score | None,
        claimed: int | None,
        jokers: tuple[str, ...] = (),
    ) -> None:
        self.player = player
        self.what = what
        self.cards = cards
        self.starter = starter
        self.score = score
        self.claimed = claimed
        self.jokers = jokers

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, with the count as a player says it aloud (``said``)."""
        data = Event.to_dict(self)
        data["said"] = say_count(self.score) if self.score is not None else None
        return data


event_type(Shown, "shown")


class ShowJudged(Event):
    """A claimed show's muggins window closed: its true score, itemised, what was claimed, and each
    call on it as ``(seat, call, points, why)``: points taken by the caller; negative, given to the
    claimer for a wrong muggins, with ``why`` it was wrong (the item that failed); for 'correct',
    the points taken down. A false claim of game lists its pegs the same way."""

    player: Final[int]
    what: Final[str]
    claimed: Final[int]
    score: Final[Score]
    calls: Final[tuple[tuple[int, str, int, str], ...]]
    jokers: Final[tuple[str, ...]]
    """Wild jokers: each joker among the cards and the starter with the card it counts as (``JKR=5H``)."""

    def __init__(  # noqa: PLR0917 (an event's fields, as a dataclass would take them)
        self,
        player: int,
        what: str,
        claimed: int,
        score: Score,
        calls: tuple[tuple[int, str, int, str], ...],
        jokers: tuple[str, ...] = (),
    ) -> None:
        self.player, self.what, self.claimed, self.score, self.calls = player, what, claimed, score, calls
        self.jokers = jokers

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, with the count as a player says it aloud (``said``) and what was missed."""
        data = Event.to_dict(self)
        data["said"] = say_count(self.score)
        data["missed"] = max(0, self.score.total - self.claimed)
        return data


event_type(ShowJudged, "show_judged")


class MugginsCalled(Event):
    """``player`` called muggins for ``points`` on ``against``'s claim (0: a call to correct an
    overclaim); judged when the window closes (``ShowJudged``)."""

    player: Final[int]
    against: Final[int]
    points: Final[int]

    def __init__(self, player: int, against: int, points: int) -> None:
        self.player, self.against, self.points = player, against, points


event_type(MugginsCalled, "muggins")


class GameWon(Event):
    """One game of a match is won; ``match_points`` is what it earned."""

    game: Final[int]
    winners: Final[tuple[int, ...]]
    scores: Final[tuple[int, ...]]
    skunk: Final[str | None]
    match_points: Final[int]

    def __init__(
        self,
        game: int,
        winners: tuple[int, ...],
        scores: tuple[int, ...],
        skunk: str | None,
        match_points: int,
    ) -> None:
        self.game = game
        self.winners = winners
        self.scores = scores
        self.skunk = skunk
        self.match_points = match_points


event_type(GameWon, "game_won")

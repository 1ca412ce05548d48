"""Cribist (seed 004): whist for four, each for themselves, where the winner of a trick scores its
four cards by cribbage rules; optional claims and muggins; ended by deals, a target or a time limit.

Rulings are written out in docs/rules/cribist.md.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

from muggins.cards import Card, Suit, position, standard_pack
from muggins.games.base import DeckSpec, Game
from muggins.games.cribist.events import (
    CardPlayed,
    Claimed,
    MugginsCalled,
    MugginsClosed,
    NewHand,
    TimeCalled,
    TrickWon,
    TrumpsSet,
)
from muggins.games.cribist.moves import TimeUp
from muggins.games.cribist.options import SEATS, CribistOptions
from muggins.games.cribist.rules import (
    MAX_TRICK_POINTS,
    SOURCE_WORDS,
    following,
    may_play,
    trick_points,
    trick_winner,
)
from muggins.games.errors import OptionError
from muggins.games.events import Dealt, Event, Scored
from muggins.games.flow import SEAT_SETS, game_over
from muggins.games.moves import READY, Claim, Leave, Move, Muggins, Play, Ready
from muggins.games.options import Options
from muggins.games.result import Result, Termination, rank_by
from muggins.scoring.cribist.trick import score_trick
from muggins.scoring.items import Item, Kind, Score
from muggins.scoring.sources import ItemKey, item_key, judge_source, parse_source, source_problem

CARDS_EACH: Final = 13
PLAYS: Final = [Play(card) for card in standard_pack()]
"""One Play move per card (by ``Card.index``), made once: legal-move lists are built on every turn."""
PLAYED: Final = [[CardPlayed(seat, card) for card in standard_pack()] for seat in range(SEATS)]
"""Each seat's event for each card it may lay, made once and shared like the moves (events are
immutable): a game keeps every event it caused, and these are most of them."""
CLAIMS: Final = tuple(Claim(n) for n in range(MAX_TRICK_POINTS + 1))


class Phase(enum.StrEnum):
    """Where the hand is: cards to the trick, the winner's claim, the muggins window, the pause after
    a hand (everyone says ready before the next deal), or the end of the game."""

    PLAY = "play"
    CLAIM = "claim"
    MUGGINS = "muggins"
    HAND_OVER = "hand over"
    OVER = "over"


# The phases as compiled constants: the engine compares them on every move.
_PLAY: Final = Phase.PLAY
_CLAIM: Final = Phase.CLAIM
_MUGGINS: Final = Phase.MUGGINS
_HAND_OVER: Final = Phase.HAND_OVER
_OVER: Final = Phase.OVER


# --- the game ---------------------------------------------------------------------------------


class TrickRecord:
    """A finished trick of the hand in progress, as the table saw it."""

    def __init__(self, leader: int, cards: tuple[Card, ...], winner: int, score: Score) -> None:
        self.leader, self.cards, self.winner, self.score = leader, cards, winner, score

    def to_dict(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [[(self.leader + i) % SEATS, str(c)] for i, c in enumerate(self.cards)],
            "winner": self.winner,
            "points": self.score.total,
        }


class Cribist(Game[CribistOptions]):
    """Cribist for four players; see docs/rules/cribist.md."""

    name: ClassVar[str] = "cribist"
    min_players: ClassVar[int] = SEATS
    max_players: ClassVar[int] = SEATS
    options_model: ClassVar[type[Options]] = CribistOptions
    verbs = frozenset({"play", "claim", "muggins", "ready", "leave", "resign", "timeup"})

    def __init__(
        self, *, players: int, seed: int | None = None, deck: DeckSpec | None = None, **options: Any
    ) -> None:
        super().__init__(players=players, seed=seed, deck=deck, **options)
        for number, given in enumerate(self.decks, start=1):
            if len(given) != 52 or any(c.is_joker for c in given):
                raise OptionError(f"deck {number} must be the 52 standard cards, not {len(given)} cards")
        # The options read on every trick, as compiled attributes (a pydantic field is a slow read).
        self.manual = self.options.counting == "manual"
        self.end_by, self.target, self.deals = self.options.end, self.options.target, self.options.deals
        first = self.options.first_dealer
        self.dealer = self.rng.randrange(SEATS) if first == "random" else int(first)
        self.totals = [0] * SEATS
        self.deal_number = 0
        self.hands: list[list[Card]] = [[] for _ in range(SEATS)]
        self.trump: Suit | None = None
        self.leader = 0
        self.trick: list[Card] = []
        self.history: list[TrickRecord] = []
        self.phase = _PLAY
        self.claim: Claimed | None = None
        self.calls: list[MugginsCalled] = []
        """The calls made in the open muggins window, unjudged until it closes."""
        self.counter: Callable[[Sequence[Card], Suit], Score] = trick_score
        """How a trick is counted (automatically, or a claimed trick when its window closes).
        Replaceable so that the conformance suite's leak test can give a trick another count and
        prove nothing depends on it before the count is shown."""
        self.time_called = False
        self._result: Result | None = None
        self._to_move: frozenset[int] = frozenset()
        self._lowest = -1
        """The lowest seat in ``_to_move``; -1 when it is empty."""
        self._deal(self.events)
        self._wait()

    # --- protocol ---------------------------------------------------------------------------

    @property
    def to_move(self) -> frozenset[int]:
        return self._to_move

    def lowest_to_move(self) -> int:
        return self._lowest

    def _wait(self) -> None:
        """Whose move it is, worked out once after every change (``to_move`` is asked often)."""
        if self.phase is _PLAY or self.phase is _CLAIM:
            seat = self.turn if self.phase is _PLAY else self.winner
            self._to_move, self._lowest = SEAT_SETS[1 << seat], seat
        else:
            self._to_move, self._lowest = self.waiting.seats, self.waiting.lowest()

    def counts_by_hand(self, player: int) -> bool:
        """A claim on a won trick, or a muggins window on another's claim."""
        return player in self._to_move and (self.phase is _CLAIM or self.phase is _MUGGINS)

    @property
    def turn(self) -> int:
        """The seat to lay the next card to the trick."""
        return (self.leader + len(self.trick)) % SEATS

    @property
    def winner(self) -> int:
        """The winner of the (complete) trick on the table."""
        assert self.trump is not None
        return (self.leader + trick_winner(self.trick, self.trump)) % SEATS

    @property
    def led(self) -> Suit | None:
        return self.trick[0].suit if self.trick else None

    def legal_moves(self, player: int) -> list[Move]:
        if player not in self._to_move:
            return []
        if self.phase is _PLAY:
            return [PLAYS[c.index] for c in following(self.hands[player], self.led)]
        if self.phase is _CLAIM:
            return list(CLAIMS)
        return [READY]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals)

    @property
    def result(self) -> Result | None:
        return self._result

    def move_seen(self, seat: int, move: Move, viewer: int | None) -> str:
        """A card played is laid face up: everyone reads the whole move; of others, the verb."""
        return str(move) if type(move) is Play else super().move_seen(seat, move, viewer)

    def hidden_cards(self, viewer: int | None) -> frozenset[Card]:
        return frozenset(c for seat in range(SEATS) if seat != viewer for c in self.hands[seat])

    def illegal_reason(self, player: int, move: Move) -> str | None:
        if type(move) is Leave:
            return None
        if type(move) is TimeUp:
            return self._time_reason()
        if self.phase is _PLAY:
            if type(move) is Play:
                return self._play_reason(player, move.card)
            return f"'{move.verb}' is not a move now: it is your turn to play a card, e.g. 'play JS'"
        if self.phase is _CLAIM:
            if type(move) is not Claim:
                return (
                    f"'{move.verb}' is not a move now: claim the points of the trick you won, e.g. 'claim 4'"
                )
            if move.amount > MAX_TRICK_POINTS:
                return (
                    f"no trick holds more than {MAX_TRICK_POINTS} points, so {move.amount} cannot be claimed"
                )
            return None
        if type(move) is Ready:
            return None
        if self.phase is _HAND_OVER:
            return f"'{move.verb}' is not a move now: the hand is over; say 'ready' for the next deal"
        if type(move) is not Muggins:
            return f"'{move.verb}' is not a move now: call muggins ('muggins 2 fifteen 5H 10S') or 'ready'"
        return self._muggins_form_reason(move)

    def make_move(self, player: int, move: Move) -> list[Event]:
        events: list[Event] = []
        kind = type(move)
        if kind is Play:
            assert isinstance(move, Play)
            self._play(player, move.card, events)
        elif kind is Leave:
            self.left.append(player)
            events.append(self.left_event(player))
            self._end(f"player {player} {self.went([player])}", Termination.LEFT, events)
        elif kind is Claim:
            assert isinstance(move, Claim)
            self._claim(player, move.amount, events)
        elif kind is Muggins:
            assert isinstance(move, Muggins)
            self._muggins(player, move, events)
        elif kind is TimeUp:
            self._time_up(player, events)
        elif self.phase is _HAND_OVER:
            self._ready(player, events)
        else:
            self._pass(player, events)
        self._wait()
        return events

    def game_view(self, player: int | None) -> dict[str, Any]:
        trick = [[(self.leader + i) % SEATS, str(c)] for i, c in enumerate(self.trick)]
        return {
            "phase": str(self.phase),
            "deal": self.deal_number,
            "dealer": self.dealer,
            "leader": self.leader,
            "trumps": self.trump.letter if self.trump is not None else None,
            "hand": [str(c) for c in self.hands[player]] if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "trick": trick,
            "trick_winner": self.winner if len(self.trick) == SEATS else None,
            "tricks": [t.to_dict() for t in self.history],
            "last_trick": self.history[-1].to_dict() if self.history else None,
            "tricks_won": self.tricks_won,
            "claim": None
            if self.claim is None
            else {"player": self.claim.player, "points": self.claim.points, "accepted": self.claim.accepted},
            "muggins": {
                "waiting": self.waiting.listed(),
                "calls": [c.to_dict() for c in self.calls],
            }
            if self.phase is _MUGGINS
            else None,
            "time_called": self.time_called,
        }

    @property
    def tricks_won(self) -> list[int]:
        """Tricks won by each seat in the hand in progress."""
        won = [0] * SEATS
        for record in self.history:
            won[record.winner] += 1
        return won

    # --- the rules --------------------------------------------------------------------------

    def _time_reason(self) -> str | None:
        if self.end_by != "time":
            return f"this game ends by {self.end_by}, not by a time limit"
        if self.time_called:
            return "time has already been called"
        return None

    def _play_reason(self, player: int, card: Card) -> str | None:
        hand = self.hands[player]
        if position(hand, card) < 0:
            return f"{card} is not in your hand"
        led = self.led
        if not may_play(hand, card, led):
            assert led is not None
            return f"you must follow {led.name.lower()}"
        return None

    def _muggins_form_reason(self, move: Muggins) -> str | None:
        if not move.source:
            return "name the source of the points, e.g. 'muggins 2 fifteen 5H 10S'"
        return source_problem(move.source, move.amount, self.trick, words=SOURCE_WORDS, where="the trick")

    def clock_minutes(self) -> float | None:
        """A game ending by time (``end="time"``) lasts ``minutes``, until time is called."""
        if self.options.end == "time" and not self.time_called and not self.is_over:
            return float(self.options.minutes)
        return None

    def time_up_move(self) -> Move:
        return TimeUp()

    def _time_up(self, player: int, events: list[Event]) -> None:
        """The server's clock: the hand in progress is finished and the game ends (at once between hands)."""
        self.time_called = True
        events.append(TimeCalled(player))
        if self.phase is _HAND_OVER:
            self._end("time is up between hands", Termination.TIME, events)

    def _deal(self, events: list[Event]) -> None:
        self.deal_number += 1
        pack = self.next_pack(standard_pack())
        self.hands = [[] for _ in range(SEATS)]
        for i, card in enumerate(pack):
            self.hands[(self.dealer + 1 + i) % SEATS].append(card)
        dealt = [tuple(hand) for hand in self.hands]
        for hand in self.hands:
            hand.sort()  # kept in the order shown (rank, then suit): move lists need no sorting
        self.trump = None
        self.leader = (self.dealer + 1) % SEATS
        self.trick = []
        self.history = []
        self.phase = _PLAY
        self.waiting.clear()
        events.append(NewHand(self.deal_number, self.dealer))
        events.extend(Dealt(seat, CARDS_EACH, dealt[seat]) for seat in range(SEATS))

    def _play(self, player: int, card: Card, events: list[Event]) -> None:
        hand = self.hands[player]
        hand.pop(position(hand, card))  # legal, so held
        self.trick.append(card)
        events.append(PLAYED[player][card.index])
        if self.trump is None:
            assert card.suit is not None
            self.trump = card.suit
            events.append(TrumpsSet(player, card.suit.letter))
        if len(self.trick) < SEATS:
            return
        winner = self.winner
        cards = tuple(self.trick)  # one tuple for the event, the count and the record
        events.append(TrickWon(winner, len(self.history) + 1, self.leader, cards))
        if self.manual:
            self.phase = _CLAIM
            return
        score = self.counter(cards, self.trump)
        if not self._award(winner, "trick", score, score.total, events):
            self._next_trick(winner, cards, score, events)

    def _claim(self, player: int, amount: int, events: list[Event]) -> None:
        """The winner's claim, pegged nowhere yet: it is judged when the muggins window closes, so
        that neither the claimer nor the callers learn the trick's count before then."""
        self.claim = Claimed(player, amount, None)
        self.calls = []
        self.phase = _MUGGINS
        self.waiting.on(0b1111 & ~(1 << player))
        events.append(self.claim)

    def _muggins(self, player: int, move: Muggins, events: list[Event]) -> None:
        assert self.claim is not None
        call = MugginsCalled(player, self.claim.player, move.amount, move.source, None, "")
        self.calls.append(call)
        events.append(call)
        self._pass(player, events)

    def _pass(self, player: int, events: list[Event]) -> None:
        if self.waiting.done(player):
            self._close_window(events)

    def _close_window(self, events: list[Event]) -> None:
        """Judge the claim (an overclaim scores nothing and leaves every point unclaimed), then each
        call in the order made, as docs/rules/cribist.md says; then the next trick."""
        assert self.trump is not None and self.claim is not None
        cards = tuple(self.trick)
        score = self.counter(cards, self.trump)
        claim = self.claim
        accepted = claim.points <= score.total
        events.append(Claimed(claim.player, claim.points, accepted))
        if accepted and self._award(claim.player, "claim", Score(), claim.points, events):
            return
        unclaimed = score.total - claim.points if accepted else score.total
        taken: set[ItemKey] = set()
        for call in self.calls:
            items = parse_source(call.source, SOURCE_WORDS)
            why = judge_source(items, score, taken, unclaimed, words=SOURCE_WORDS, where="this trick")
            events.append(
                MugginsCalled(call.player, call.against, call.points, call.source, why is None, why or "")
            )
            if why is None:
                unclaimed -= call.points
                taken.update(item_key(i) for i in items)
                ended = self._award(call.player, "muggins", Score(tuple(items)), call.points, events)
            else:
                ended = self._award(call.player, "muggins penalty", Score(), -call.points, events)
            if ended:
                return
        self.claim = None
        self.calls = []
        events.append(MugginsClosed(score))
        self._next_trick(self.winner, cards, score, events)

    def _next_trick(self, winner: int, cards: tuple[Card, ...], score: Score, events: list[Event]) -> None:
        """File the trick on the table, won by ``winner``, and go on: the winner leads, or the hand ends."""
        record = TrickRecord(self.leader, cards, winner, score)
        self.history.append(record)
        self.leader = winner
        self.trick = []
        self.phase = _PLAY
        if len(self.history) == CARDS_EACH:
            self._end_of_hand(events)

    def _end_of_hand(self, events: list[Event]) -> None:
        """One point a trick, counted from the dealer's left; then the game ends or the deal passes left."""
        won = self.tricks_won
        for step in range(1, SEATS + 1):
            seat = (self.dealer + step) % SEATS
            if won[seat]:
                item = Item(Kind.TRICKS, (), won[seat])
                if self._award(seat, "tricks", Score((item,)), won[seat], events):
                    return
        if self.end_by == "deals" and self.deal_number >= self.deals:
            self._end(
                f"{self.deal_number} deal{'s' if self.deal_number > 1 else ''} played",
                Termination.DEALS,
                events,
            )
        elif self.time_called:
            self._end("time is up and the last hand is finished", Termination.TIME, events)
        else:
            self.phase = _HAND_OVER
            self.waiting.on(0b1111)

    def _ready(self, player: int, events: list[Event]) -> None:
        """A player is ready for the next deal; the last to say so sees the deal pass to the left."""
        if self.waiting.done(player):
            self.dealer = (self.dealer + 1) % SEATS
            self._deal(events)

    def _award(self, seat: int, reason: str, score: Score, points: int, events: list[Event]) -> bool:
        """Add ``points`` to ``seat``; reaching the target ends the game there and then (True)."""
        self.totals[seat] += points
        events.append(Scored(seat, reason, score, points, self.totals[seat]))
        if self.end_by == "target" and points > 0 and self.totals[seat] >= self.target:
            self._end(f"player {seat} reached {self.target}", Termination.TARGET, events)
            return True
        return False

    def _end(self, reason: str, termination: Termination, events: list[Event]) -> None:
        self.phase = _OVER
        self.waiting.clear()
        ranks = rank_by(self.totals, order=self.left)
        self._result = Result(ranks, tuple(self.totals), reason, termination)
        events.append(game_over(self._result))


def trick_score(trick: Sequence[Card], trump: Suit) -> Score:
    """A trick's score: the total from the fast count, the items worked out only when read."""
    points = trick_points(trick, trump)
    if not points:
        return Score()
    return Score.deferred(points, _ItemiseTrick(tuple(trick), trump))


class _ItemiseTrick:
    """The items of a trick, made when its deferred score is read (one object, not a closure and
    its environment: a game keeps every trick's score)."""

    __slots__ = ("cards", "trump")

    def __init__(self, cards: tuple[Card, ...], trump: Suit) -> None:
        self.cards, self.trump = cards, trump

    def __call__(self) -> Score:
        return score_trick(self.cards, self.trump)


GAME = Cribist
"""The class the registry creates for ``cribist``."""

"""Cribbage for two to five players (each for themselves, or four as partnerships), in the
six-card, five-card and ten-hand forms, with match play, manual counting and muggins.

Rules and every ruling: docs/rules/cribbage.md. The hand runs through phases: discard, play,
(pre-show pause), show (with claims and muggins windows under manual counting), (post-show pause).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from muggins.cards import ALL_CARDS, JACK, STANDARD_CARDS, Card, call_text, format_cards, position
from muggins.games.base import DeckSpec, Game, sample
from muggins.games.cribbage.events import (
    BidMade,
    CardPlayed,
    CountReset,
    CribBought,
    CribTopped,
    DealerCut,
    Discarded,
    GameWon,
    MugginsCalled,
    NewHand,
    SaidGo,
    ShowJudged,
    Shown,
    StarterCut,
)
from muggins.games.cribbage.moves import Bid, KeepCrib, Pass, PlayJoker
from muggins.games.cribbage.options import CribbageOptions, layout
from muggins.games.cribbage.phases import BID, DISCARD, MUGGINS, OVER, PLAY, POST_SHOW, PRE_SHOW, SHOW, Phase
from muggins.games.cribbage.quick import finish, play_randomly
from muggins.games.cribbage.variants import TWO_HANDED
from muggins.games.errors import OptionError
from muggins.games.events import Dealt, Event, PhaseChanged, Scored
from muggins.games.flow import MAX_SEATS, SEAT_SETS, Seating, game_over, mask_of
from muggins.games.moves import READY, Claim, Correct, Discard, Go, Leave, Move, Muggins, Play, Ready
from muggins.games.result import DealPoints, Finished, Played, Result, Termination, rank_by
from muggins.scoring.cribbage.pegging import go_point, peg
from muggins.scoring.fast import show_points
from muggins.scoring.items import Item, Kind, Score
from muggins.scoring.show import itemise_show
from muggins.scoring.sources import ItemKey, item_key, judge_source, parse_source, source_problem
from muggins.scoring.wild import MOST_WILD_SHOWS, WildShow, wild_show

_PLAYS: Final = [Play(card) for card in STANDARD_CARDS]
"""The play of each card by its index, made once."""
_JOKER_PLAYS: Final = tuple(
    tuple(PlayJoker(joker, called) for called in STANDARD_CARDS) for joker in ALL_CARDS[52:]
)
"""Each wild joker's 52 calls, by ``joker.index - 52``, made once (a jokers table lists them on
every turn a joker is held)."""
_DISCARDS: Final[dict[int, Discard]] = {}
"""Discard moves of three or more cards made once each, keyed by their cards' indexes."""
_PAIRS: Final[list[Discard | None]] = [None] * (54 * 54)
"""The discard of two cards (the six-card and five-card deals) by ``54 * first.index + second.index``,
made on first use; every deal lists fifteen of them."""
_SINGLES: Final = [Discard((card,)) for card in ALL_CARDS]
"""The discard of one card (three, four and five players) by its index."""
_STANDARD_SET: Final = frozenset(STANDARD_CARDS)
_JOKER_SET: Final = frozenset(ALL_CARDS)
_GO: Final = Go()
_CORRECT: Final = Correct()
MAX_CLAIM: Final = (0, 0, 0, 20, 29, 46, 72)
"""The most a show can make, by its number of cards apart from the starter (three in five-card
cribbage, five and six in seven- and eight-card): a claim may be any number up to it, whatever the
cards (docs/rules/cribbage.md)."""
WILD_CLAIM: Final = MOST_WILD_SHOWS
"""With wild jokers, the most a show can make, by its cards apart from the starter (23, 40, 70, 83):
claims are bounded by it."""
MOST_CLAIMED: Final = max(*MAX_CLAIM, *WILD_CLAIM)
"""The most any claim or muggins call may be (eight-card's hand of six with jokers, 83)."""
_CLAIMS: Final = tuple(Claim(n) for n in range(MOST_CLAIMED + 1))
_CALLS: Final = tuple(Muggins(n) for n in range(1, MOST_CLAIMED + 1))
"""Every muggins call by amount (an amount names how many points the caller says were missed)."""
SOURCE_WORDS: Final[dict[str, tuple[Kind, range]]] = {
    "fifteen": (Kind.FIFTEEN, range(2, 8)),
    "pair": (Kind.PAIR, range(2, 3)),
    "run": (Kind.RUN, range(3, 8)),
    "flush": (Kind.FLUSH, range(3, 8)),
    "nobs": (Kind.NOBS, range(1, 3)),
}
"""The words a muggins call names the items of a show in (``muggins 3 fifteen 5H JS; nobs JD``),
with how many cards each names (nobs: the jack, with or without the starter)."""
MAX_BID: Final = MAX_CLAIM[4]
"""Auction cribbage: the most a bid for the crib may be, what the best crib makes (and never more
than the bidder's score: a peg goes no further back than the start)."""
OPENING_BID: Final = 1
"""Auction cribbage: the least bid; the dealer has the crib for it when the pone passes at once
(for what they have, when that is less)."""
_BIDS: Final = tuple(Bid(n) for n in range(MAX_BID + 1))
_PASS: Final = Pass()
FALSE_CLAIM_SETBACK: Final = 15
"""The backward penalty for a false claim of game (ACC rule 8.4b)."""


# Events that hold nothing of one game are made once and shared (events are immutable).
_PHASE_CHANGED: Final = tuple((phase, PhaseChanged(phase=phase.value)) for phase in Phase)
"""Each phase's change event, made once (found by identity: an enum's hash is a Python call)."""
_SAID_GO: Final = tuple(SaidGo(player=seat, auto=auto) for auto in (False, True) for seat in range(MAX_SEATS))
"""Each seat's go, said by them and then for them, by ``MAX_SEATS * auto + seat``."""
_RESETS: Final = tuple(CountReset(leader=seat) for seat in range(MAX_SEATS))
_PLAY_OVER: Final = CountReset(leader=None)
_STARTERS: Final = tuple(StarterCut(card=card) for card in ALL_CARDS)
_CARDS_PLAYED: Final[list[CardPlayed | None]] = [None] * (MAX_SEATS * 54 * 32)
"""Each seat's play of each card at each count, by ``(54 * seat + card.index) * 32 + count``, made on
first use."""

SKUNK_POINTS: Final = {None: 1, "skunk": 2, "double skunk": 4, "triple skunk": 4}
"""Match points for winning a game, by the skunk the losers suffered (seed 001)."""


class ShowStep:
    """One hand or crib to count in the show. Calling it itemises its score: a show's ``Score`` is
    deferred to it, so the engine makes no closure per show for items that are seldom read.
    With wild jokers, ``called`` holds the calls made in the play (a joker laid counts as its call);
    the jokers still uncalled (the crib's, the starter) are called when it is counted."""

    __slots__ = ("_wild", "called", "cards", "crib", "player", "starter", "what")

    def __init__(
        self,
        player: int,
        what: str,
        cards: tuple[Card, ...],
        starter: Card,
        called: dict[Card, Card] | None = None,
    ) -> None:
        self.player, self.what, self.cards, self.starter = player, what, cards, starter
        self.called = called
        self.crib = what != "hand"
        self._wild: WildShow | None = None

    def __call__(self) -> Score:
        return itemise_show(self.cards, self.starter, self.crib)

    def wild(self) -> WildShow:
        """The show counted with its uncalled jokers called for the most (worked out once)."""
        if self._wild is None:
            self._wild = wild_show(self.cards, self.starter, self.crib, self.called)
        return self._wild

    def calls(self) -> tuple[str, ...]:
        """Each joker among the cards and the starter with the card it counts as (``JKR=5H``): as
        called in the play, or for this show."""
        return tuple([call_text(joker, card) for joker, card in self.wild().calls])


def count_show(step: ShowStep) -> Score:
    """The true count of a show, its items deferred to ``step``."""
    return Score.deferred(show_points(step.cards, step.starter, step.crib), step)


def count_wild_show(step: ShowStep) -> Score:
    """The true count of a show with wild jokers: every joker as called, the uncalled ones for the
    most they make (docs/rules/cribbage.md, "Wild jokers")."""
    return step.wild().score


def _fives(cards: Sequence[Card]) -> int:
    """How many fives ``cards`` hold."""
    return sum(1 for card in cards if card.rank == 5)


def _fives_owed(hand: Sequence[Card], size: int) -> int:
    """Toss Fives: how many of a throw of ``size`` cards from ``hand`` must be fives (every five held,
    or all the throw when more are held)."""
    return min(_fives(hand), size)


def _with_fives(hand: Sequence[Card], size: int, moves: list[Move]) -> list[Move]:
    """Toss Fives: the discards among ``moves`` that throw every five they owe."""
    owed = _fives_owed(hand, size)
    return [move for move in moves if isinstance(move, Discard) and _fives(move.cards) == owed]


def _discards(hand: list[Card], size: int) -> list[Move]:
    """Every discard of ``size`` cards from ``hand``, in ``itertools.combinations`` order, each move
    made once per process."""
    if size == 2:
        n = len(hand)
        pairs: list[Move] = [_GO] * (n * (n - 1) // 2)  # each place set below (no list growth per pair)
        k = 0
        for i in range(n - 1):
            first = hand[i]
            row = 54 * first.index
            for j in range(i + 1, n):
                second = hand[j]
                move = _PAIRS[row + second.index]
                if move is None:
                    move = _PAIRS[row + second.index] = Discard((first, second))
                pairs[k] = move
                k += 1
        return pairs
    moves: list[Move] = []
    if size == 1:
        for card in hand:
            moves.append(_SINGLES[card.index])
    else:
        for cards in itertools.combinations(hand, size):
            key = 0
            for card in cards:
                key = key * 64 + card.index + 1
            found = _DISCARDS.get(key)
            if found is None:
                found = _DISCARDS[key] = Discard(cards)
            moves.append(found)
    return moves


class Cribbage(Game[CribbageOptions]):
    """The cribbage engine behind the game protocol."""

    name = "cribbage"
    min_players = 2
    max_players = 5
    options_model = CribbageOptions
    verbs = frozenset(
        {
            "bid",
            "pass",
            "discard",
            "joker",
            "crib",
            "play",
            "go",
            "claim",
            "muggins",
            "correct",
            "ready",
            "leave",
            "resign",
        }
    )

    def __init__(
        self, *, players: int, seed: int | None = None, deck: DeckSpec | None = None, **options: Any
    ) -> None:
        super().__init__(players=players, seed=seed, deck=deck, **options)
        opts = self.options
        # The options read on every move, as compiled attributes (a pydantic field is a slow read).
        self.target = opts.game_target
        self.five_card = opts.variant == "five-card"
        self.manual = opts.counting == "manual"
        self.skip_empty, self.skip_pass = opts.skip_empty, opts.skip_pass
        self.skip_only_move = opts.skip_only_move
        self.pre_show, self.post_show = opts.pre_show, opts.post_show
        self.muggins = opts.muggins
        self.lowball = opts.lowball
        self.toss_fives = opts.toss_fives
        self.auction = opts.auction
        self.jokers = opts.jokers
        self.crash = opts.crash
        self.max_claim: tuple[int, ...] = WILD_CLAIM if opts.jokers else MAX_CLAIM
        """The most a claim (or a muggins call) on a show may be, by its cards apart from the starter."""
        self.pack = ALL_CARDS if opts.jokers else STANDARD_CARDS
        """The cards dealt from: the 52, and the two jokers when they are wild."""
        self.pack_set = _JOKER_SET if opts.jokers else _STANDARD_SET
        self.pile_jokers: list[tuple[int, Card]] = []
        """Wild jokers: each joker on the pile, by its place in ``pile_cards`` (which holds its call)."""
        self.joker_calls: dict[Card, Card] = {}
        """Wild jokers: each joker laid this hand, with the card it was called."""
        self.lost_side: int | None = None
        """Lowball: the side that reached the target, and so lost."""
        self.match_games = opts.match
        self.random_dealer = opts.dealer_rule == "random"
        self.skunk_lines = opts.skunk_lines
        if opts.variant in TWO_HANDED and players != 2:
            raise OptionError(f"{opts.variant} cribbage is for two players, not {players}")
        if opts.variant == "ten-hand" and players > 4:
            raise OptionError(f"ten-hand cribbage is for two to four players, not {players}")
        if opts.auction:
            if players != 2:
                raise OptionError(f"Auction cribbage is for two players, not {players}")
            if opts.variant != "six-card":
                raise OptionError(f"Auction cribbage is the six-card deal, not {opts.variant}")
            if opts.lowball:
                raise OptionError("Auction cribbage is played to win: it cannot be Lowball")
        fd = opts.first_dealer
        if isinstance(fd, int) and not 0 <= fd < players:
            raise OptionError(f"first_dealer must be a seat 0-{players - 1}, 'cut' or 'random', not {fd}")
        self._set_layout()
        self.side_targets = [self.target] * len(self.seating.sides)
        """The points each side plays to: the target, and half of it for Captain's lone captain."""
        if opts.captain is not None:
            self.side_targets[self.seating.side_of[opts.captain]] = (self.target + 1) // 2
        self.side_scores = [0] * len(self.seating.sides)
        self.back_pegs = [0] * len(self.seating.sides)
        self.match_points = [0] * len(self.seating.sides)
        self.games_won: list[GameWon] = []
        self.game_number = 1
        self.hand_number = 0
        self.phase = DISCARD
        self.turn = -1
        """The seat to lay a card or say go in the play (``waiting`` is then just that seat)."""
        self._result: Result | None = None
        self.pile_seats: list[int] = []
        """Who laid each card of ``pile_cards``."""
        self.pile_cards: list[Card] = []
        self.order: list[int] = []
        """The seats of the hand in the order they are dealt to and shown, the dealer last (one of
        ``orders``, not changed)."""
        self.hand: list[list[Card]] = []
        self.played: list[list[Card]] = [[] for _ in range(players)]
        self.gos: list[tuple[int, int]] = []
        """Each go said this hand, as (seat, count), in order: what it showed of the seat's cards
        outlasts the count's reset."""
        self.kept: list[tuple[Card, ...]] = [()] * players
        self.to_crib: list[tuple[Card, ...]] = [()] * players
        self.own_crib: list[tuple[Card, ...]] = [()] * players
        self.dealt: list[Card] = []
        self.crib_owner = 0
        """Whose the crib is this hand: the dealer's, or in Auction cribbage the winner of the bidding."""
        self.bids: list[tuple[int, int | None]] = []
        """Auction cribbage: each bid this hand, as (seat, points), a pass as (seat, None)."""
        self.high_bid = 0
        """Auction cribbage: the bid to beat this hand (0 before anyone has bid); bids only rise."""
        self.high_bidder: int | None = None
        """Auction cribbage: who made ``high_bid``."""
        self.crib_price: int | None = None
        """Auction cribbage: what the crib's buyer paid for it this hand (None while bidding)."""
        self.steps: list[ShowStep] = []
        self.counter: Callable[[ShowStep], Score] = count_wild_show if opts.jokers else count_show
        """How a show is counted. Replaceable so that the conformance suite's leak test can give a
        show another count and prove that nothing anyone receives depends on it before its muggins
        window closes."""
        self.shows: list[Shown] = []
        self.judged: list[ShowJudged] = []
        """Under manual counting, each show's count once its muggins window has closed."""
        self.calls: list[tuple[int, Move]] = []
        """The calls made in the open muggins window, in order."""
        self._clear_hand()
        events: list[Event] = []
        self.dealer = self._first_dealer(events)
        self._start_game(events)
        self.events.extend(events)

    # --- protocol -----------------------------------------------------------------------

    @property
    def to_move(self) -> frozenset[int]:
        return SEAT_SETS[self.waiting.mask]  # the mask read directly: asked on every move

    def waits_for(self, player: int) -> bool:
        return bool(self.waiting.mask >> player & 1)

    def lowest_to_move(self) -> int:
        return self.waiting.lowest()

    def counts_by_hand(self, player: int) -> bool:
        """A claim on a show, or a muggins window on another's (manual counting only)."""
        return self.manual and self.waits_for(player) and self.phase in (SHOW, MUGGINS)

    def make_seating(self) -> Seating:
        opts = self.options
        if opts.partnerships and self.players != 4:
            raise OptionError(f"partnerships need four players, not {self.players}")
        sides: list[tuple[int, ...]] | None = [(0, 2), (1, 3)] if opts.partnerships else None
        captain = opts.captain
        if captain is not None:
            if self.players != 3:
                raise OptionError(f"Captain's cribbage is for three players, not {self.players}")
            if opts.variant != "six-card":
                raise OptionError(f"Captain's cribbage is the six-card deal, not {opts.variant}")
            if opts.match != 1:
                raise OptionError("Captain's cribbage is played one game at a time: match must be 1")
            sides = [(captain,), tuple(s for s in range(3) if s != captain)]
        return Seating(self.players, direction=1 if opts.direction == "clockwise" else -1, sides=sides)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.side_scores[self.seating.side_of[seat]] for seat in range(self.players))

    @property
    def result(self) -> Result | None:
        return self._result

    def legal_moves(self, player: int) -> list[Move]:
        if not 0 <= player < self.players:
            self.check_seat(player)
        if not self.waits_for(player):
            return []
        phase = self.phase
        if phase == PLAY:
            room = 31 - self.count  # _playable's rule, inline: no list of cards per call
            if self.jokers:
                return self._wild_plays(player, room)
            moves: list[Move] = [_PLAYS[c.index] for c in self.hand[player] if c.value <= room]
            return moves if moves else [_GO]
        if phase == BID:
            return [_PASS, *_BIDS[self.high_bid + 1 : self._most_bid(player) + 1]]
        if phase == DISCARD:
            hand = self.hand[player]
            if not self.crib_done >> player & 1:
                moves = _discards(hand, self.to_crib_size)
                return _with_fives(hand, self.to_crib_size, moves) if self.toss_fives else moves
            return [KeepCrib(c) for c in itertools.combinations(hand, self.own_crib_size)]
        if phase == SHOW:
            return list(_CLAIMS[: self.max_claim[len(self._step.cards)] + 1])
        if phase == MUGGINS:
            if self.muggins:
                return [
                    READY,
                    _CORRECT,
                    *_CALLS[: self.max_claim[len(self.steps[len(self.shows) - 1].cards)]],
                ]
            return [READY, _CORRECT]
        return [READY]

    def finish_randomly(self, rng: random.Random) -> Finished | None:
        return finish(self, rng)

    def play_randomly(self, seeds: Sequence[int]) -> Played | None:
        found = play_randomly(self, seeds)
        if found is None:
            return None
        scores, moves, ledger = found
        side = 0 if scores[0] >= self.target else 1  # the quick path's games: two seats, two sides
        last = len(ledger) - 1
        deals = tuple(DealPoints(dealer, i == last, scored) for i, (dealer, scored) in enumerate(ledger))
        match_points = list(self.match_points)
        match_points[side] += SKUNK_POINTS[self._skunk(scores[1 - side])]
        return Played(self._result_of(Termination.TARGET, side, list(scores), match_points), moves, deals)

    def illegal_reason(self, player: int, move: Move) -> str | None:
        kind = type(move)
        phase = self.phase
        if kind is Play or kind is Go or kind is PlayJoker:
            if phase == PLAY:
                return self._play_problem(player, move)  # type: ignore[arg-type]
        elif kind is Leave:
            return None
        elif kind is Bid or kind is Pass:
            if phase == BID:
                return self._bid_problem(player, move)
        elif kind is Discard or kind is KeepCrib:
            if phase == DISCARD:
                return self._discard_problem(player, move)  # type: ignore[arg-type]
        elif kind is Claim:
            if phase == SHOW:
                assert isinstance(move, Claim)
                most = self.max_claim[len(self._step.cards)]
                if move.amount > most:
                    return (
                        f"no {self._step.what} of {len(self._step.cards)} cards makes {move.amount}; "
                        f"claim 0 to {most}"
                    )
                return None
        elif kind is Muggins:
            if phase == MUGGINS:
                assert isinstance(move, Muggins)
                if not self.muggins:
                    return "muggins is not played at this table; say 'correct' or 'ready'"
                shown = self.shows[-1]
                most = self.max_claim[len(shown.cards)]
                if move.amount > most:
                    return f"muggins {move.amount}: no {shown.what} makes that many; call 1 to {most}"
                if not move.source:
                    return None
                laid = (*shown.cards, shown.starter)
                where = f"the {shown.what} or the starter"
                return source_problem(move.source, move.amount, laid, words=SOURCE_WORDS, where=where)
        elif (kind is Correct and phase == MUGGINS) or (
            kind is Ready and phase in (PRE_SHOW, POST_SHOW, MUGGINS)
        ):
            return None
        return f"'{move.verb}' is not a move in the {phase.value} phase; expected {self._expected()}"

    def make_move(self, player: int, move: Move) -> list[Event]:
        events: list[Event] = []
        kind = type(move)
        if kind is Play:
            assert isinstance(move, Play)
            self._play(player, move.card, events)
        elif kind is PlayJoker:
            assert isinstance(move, PlayJoker)
            self._play(player, move.joker, events, move.called)
        elif kind is Go:
            self._go(player, False, events)
        elif kind is Discard or kind is KeepCrib:
            self._discard(player, move, events)  # type: ignore[arg-type]
        elif kind is Bid or kind is Pass:
            self._bid(player, move, events)
        elif kind is Claim:
            assert isinstance(move, Claim)
            self._claim(player, move.amount, events)
        elif kind is Muggins or kind is Correct:
            self._call(player, move, events)
        elif kind is Leave:
            self._leave(player, events)
        elif self.waiting.done(player) and self.phase is MUGGINS:
            self._close_window(events)
        if self.phase != OVER:
            self._advance(events)
        return events

    def not_your_turn_reason(self, player: int) -> str:
        if self.phase == DISCARD and self.dealer_short and player == self.dealer:
            return (
                f"player {player} deals, and with five players the dealer's four cards are their hand: "
                "they send none to the crib"
            )
        return super().not_your_turn_reason(player)

    def move_seen(self, seat: int, move: Move, viewer: int | None) -> str:
        """A card played is laid face up: everyone reads the whole move; of others, the verb."""
        return str(move) if type(move) is Play else super().move_seen(seat, move, viewer)

    def hidden_cards(self, viewer: int | None) -> frozenset[Card]:
        hidden = set(self.pack_set.difference(self.dealt))  # the undealt stock
        if not self.starter_shown and self.starter is not None:
            hidden.add(self.starter)
        for seat in range(self.players):
            if seat != viewer:
                hidden.update(self.hand[seat], self.to_crib[seat], self.own_crib[seat])
        hidden.update(self.pack_crib)
        for shown in self.shows:
            hidden.difference_update(shown.cards)
        if self.phase == SHOW and self.waiting.mask:  # the show to claim lies face up
            hidden.difference_update(self._step.cards)
        return frozenset(hidden)

    def game_view(self, player: int | None) -> dict[str, Any]:
        opts = self.options
        mine = player is not None
        showing: dict[str, Any] | None = None
        if self.phase == SHOW and self.waiting.mask:
            step = self._step
            showing = {
                "player": step.player,
                "what": step.what,
                "cards": _cards(step.cards),
                "most": self.max_claim[len(step.cards)],
            }
        elif self.phase == MUGGINS:
            shown = self.shows[-1]
            showing = {
                "player": shown.player,
                "what": shown.what,
                "cards": _cards(shown.cards),
                "claimed": shown.claimed,
                "most": self.max_claim[len(shown.cards)],
                "calls": [[seat, str(call)] for seat, call in self.calls],
            }
        return {
            "variant": opts.variant,
            "phase": str(self.phase),  # a StrEnum's str() is its value, without enum's descriptor
            "target": self.target,
            "targets": [self.side_targets[self.seating.side_of[s]] for s in range(self.players)],
            "lowball": self.lowball,
            "toss_fives": self.toss_fives,
            "jokers": self.jokers,
            "crash": self.crash,
            "skunk_lines": list(self.skunk_lines),
            "sides": [list(side) for side in self.seating.sides],
            "active": list(self.seating.active),
            "back_pegs": [self.back_pegs[self.seating.side_of[s]] for s in range(self.players)],
            "dealer": self.dealer,
            "crib_owner": self.crib_owner,
            "auction": self._auction_view() if self.auction else None,
            "hand_number": self.hand_number,
            "game_number": self.game_number,
            "match": {
                "games": opts.match,
                "points": [self.match_points[self.seating.side_of[s]] for s in range(self.players)],
            },
            "hand": _cards(self.hand[player]) if mine and player is not None else None,
            "discards": _cards(self.to_crib[player]) if mine and player is not None else None,
            "own_crib": _cards(self.own_crib[player]) if mine and player is not None else None,
            "hand_sizes": [len(self.hand[s]) for s in range(self.players)],
            "played": [_cards(self.played[s]) for s in range(self.players)],
            "crib_size": len(self.pack_crib) + sum(len(c) for c in self.to_crib),
            "starter": str(self.starter) if self.starter_shown and self.starter else None,
            "pile": self._pile_view(),
            "jokers_called": [call_text(joker, card) for joker, card in self.joker_calls.items()],
            "count": self.count,
            "passed": sorted(SEAT_SETS[self.passed]),
            "gos": [[seat, count] for seat, count in self.gos],
            "turn": self.turn if self.phase == PLAY and self.waiting.mask else None,
            "shows": [self._show_view(i) for i in range(len(self.shows))],
            "showing": showing,
            "muggins_open": self.phase == MUGGINS,
            "games": [
                {
                    "game": g.game,
                    "winners": list(g.winners),
                    "scores": list(g.scores),
                    "skunk": g.skunk,
                    "match_points": g.match_points,
                }
                for g in self.games_won
            ],
        }

    def _auction_view(self) -> dict[str, Any]:
        """The bidding for this hand's crib, as everyone hears it: the bids and passes in order,
        the bid to beat (0 before the first), who made it, and once it is over what the crib's
        buyer paid."""
        return {
            "bids": [[seat, amount] for seat, amount in self.bids],
            "high": self.high_bid,
            "bidder": self.high_bidder,
            "open": self.phase == BID,
            "price": self.crib_price,
        }

    def _show_view(self, index: int) -> dict[str, Any]:
        """A show as everyone sees it: its cards and claim, and its itemised count once judged (a
        show still in its muggins window has no score yet: the window must not give it away)."""
        shown = self.shows[index]
        judged = self.judged[index] if index < len(self.judged) else None
        score = judged.score if judged else shown.score
        data = {
            "player": shown.player,
            "what": shown.what,
            "cards": _cards(shown.cards),
            "score": score.to_dict() if score is not None else None,
            "claimed": shown.claimed,
        }
        if self.manual:
            data["calls"] = [list(call) for call in judged.calls] if judged else []
        if self.jokers:
            data["called"] = list(judged.jokers if judged else shown.jokers)
        return data

    def _pile_view(self) -> list[list[str | int]]:
        """The cards laid since the count was reset, as [seat, card], a wild joker's card as its
        call (``JKR=5H``)."""
        pile: list[list[str | int]] = [
            [seat, str(card)] for seat, card in zip(self.pile_seats, self.pile_cards, strict=True)
        ]
        for place, joker in self.pile_jokers:
            pile[place][1] = call_text(joker, self.pile_cards[place])
        return pile

    # --- the deal -----------------------------------------------------------------------

    def _clear_hand(self) -> None:
        """Empty the last hand's state, in place: no list is made per hand but the hands, which
        the deal replaces (with ``dealt``), each seat dealt in getting a list of its own."""
        self.hand = [[]] * self.players
        self.gos.clear()
        self.joker_calls.clear()
        for seat in range(self.players):
            self.played[seat].clear()
            self.kept[seat] = ()
            self.to_crib[seat] = ()
            self.own_crib[seat] = ()
        self.crib_done = 0
        """The mask of the seats that have discarded to the crib."""
        self.own_done = 0
        """The mask of the seats that have laid away their own crib (ten-hand)."""
        self.pack_crib: tuple[Card, ...] = ()
        self.starter: Card | None = None
        self.starter_shown = False
        if self.pile_cards:  # the end of the play leaves the pile empty
            self.pile_seats, self.pile_cards, self.pile_jokers = [], [], []
        self.count = 0
        self.passed = 0
        """The mask of the seats that have said go since the count was reset."""
        self.last_layer: int | None = None
        self.steps.clear()
        self.shows.clear()
        self.judged.clear()
        self.calls.clear()
        self.bids.clear()
        self.high_bid, self.high_bidder = 0, None
        self.crib_price = None

    def _set_layout(self) -> None:
        """The deal for the seats still playing, its sizes copied to compiled attributes, and the
        order of the seats from each of them."""
        lay = layout(self.options.variant, len(self.seating.active))
        self.deal_size, self.to_crib_size = lay.dealt, lay.to_crib
        self.own_crib_size, self.pack_to_crib = lay.own_crib, lay.pack_to_crib
        self.dealer_short = lay.dealer_short
        self.orders = [
            self.seating.order_from(seat) if seat in self.seating.active else []
            for seat in range(self.players)
        ]

    def _first_dealer(self, events: list[Event]) -> int:
        choice = self.options.first_dealer
        if isinstance(choice, int):
            return choice
        if choice == "random":
            dealer = self.rng.choice(self.seating.active)
            events.append(DealerCut(cuts=(), dealer=dealer))
            return dealer
        contenders = list(self.seating.active)
        while True:
            cut = sample(self.rng, STANDARD_CARDS, len(contenders))
            cuts = tuple([(seat, cut[i]) for i, seat in enumerate(contenders)])
            low = 13
            for card in cut:
                low = min(low, card.rank)
            lowest = [seat for seat, card in cuts if card.rank == low]
            if len(lowest) == 1:
                events.append(DealerCut(cuts=cuts, dealer=lowest[0]))
                return lowest[0]
            events.append(DealerCut(cuts=cuts, dealer=None))
            contenders = lowest

    def _start_game(self, events: list[Event]) -> None:
        if self.five_card:
            pone = self.seating.next(self.dealer)
            item = Item(Kind.PONE_START, (), 3)
            if self._add(pone, "pone's three", Score((item,)), events):
                return
        self._new_hand(events)

    def _new_hand(self, events: list[Event], without: tuple[int, ...] = ()) -> None:
        self._clear_hand()
        self.hand_number += 1
        order = self.order = self.orders[self.seating.next(self.dealer)]
        seats = len(order)
        size = self.deal_size
        dealt = size * seats - self.dealer_short  # the dealer, dealt last, misses the last round
        pack = self.draw(self.pack, dealt + self.pack_to_crib + 1)
        for i, seat in enumerate(order):
            cards = []
            j = i
            while j < dealt:  # every seats-th card from the i-th (a range with a step is a Python object)
                cards.append(pack[j])
                j += seats
            self.hand[seat] = _sorted(cards)
        self.pack_crib = tuple(pack[dealt : dealt + self.pack_to_crib])
        self.starter = pack[-1]
        self.dealt = pack
        events.append(
            NewHand(hand=self.hand_number, game=self.game_number, dealer=self.dealer, without=without)
        )
        for s in order:
            events.append(Dealt(player=s, count=len(self.hand[s]), cards=tuple(self.hand[s])))
        if self.pack_to_crib:
            events.append(CribTopped(count=self.pack_to_crib))
        self.crib_owner = self.dealer
        if self.auction:  # the pone opens the bidding for the crib
            self.phase = BID
            self.waiting.only(self.seating.next(self.dealer))
            events.append(_phase_changed(BID))
            return
        self._start_discard(events)

    def _start_discard(self, events: list[Event]) -> None:
        """Every seat dealt cards to throw lays them away to the crib."""
        self.phase = DISCARD
        throwing = self.seating.everyone
        if self.dealer_short:  # the dealer's four cards are their hand: nothing to throw
            dealer = 1 << self.dealer
            self.crib_done |= dealer
            self.kept[self.dealer] = tuple(self.hand[self.dealer])
            throwing &= ~dealer
        self.waiting.on(throwing)
        events.append(_phase_changed(DISCARD))

    # --- Auction cribbage's bidding -----------------------------------------------------

    def _most_bid(self, player: int) -> int:
        """The most ``player`` may bid: their score, to at most what the best crib makes."""
        return max(0, min(MAX_BID, self.side_scores[self.seating.side_of[player]]))

    def _bid_problem(self, player: int, move: Move) -> str | None:
        if type(move) is Pass:
            return None
        assert isinstance(move, Bid)
        high, most = self.high_bid, self._most_bid(player)
        if move.amount > MAX_BID:
            return f"a bid is at most {MAX_BID}, what the best crib makes, not {move.amount}"
        if high < move.amount <= most:
            return None
        held = f"a bid is paid from your score, {self.side_scores[self.seating.side_of[player]]}"
        if most <= high:
            return f"{held}: you cannot bid more than {high}; pass"
        beat = f" (the bid to beat is {high})" if high else ""
        return f"bid {high + 1} to {most}{beat}, or pass" + (f"; {held}" if move.amount > most else "")

    def _bid(self, player: int, move: Move, events: list[Event]) -> None:
        """A bid passes the turn to the other player; a pass ends the bidding, the crib going to
        the last bidder, or to the dealer at the opening bid (or what they have, when less) when
        the pone passes at once."""
        if type(move) is Bid:
            assert isinstance(move, Bid)
            self.bids.append((player, move.amount))
            self.high_bid, self.high_bidder = move.amount, player
            events.append(BidMade(player=player, amount=move.amount))
            self.waiting.only(self.seating.next(player))
            return
        self.bids.append((player, None))
        events.append(BidMade(player=player, amount=None))
        owner, price = self.high_bidder, self.high_bid
        if owner is None:
            owner, price = self.dealer, min(OPENING_BID, self._most_bid(self.dealer))
        self.crib_owner, self.crib_price = owner, price
        events.append(CribBought(player=owner, price=price))
        self._add(owner, "bid", Score((Item(Kind.BID, (), -price),)), events)
        self._start_discard(events)

    def _discard_problem(self, player: int, move: Discard | KeepCrib) -> str | None:
        cards = move.cards
        if isinstance(move, Discard):
            if self.crib_done >> player & 1:
                return "you have already discarded to the crib; now lay away your own crib with 'crib'"
            need, where = self.to_crib_size, "the crib"
        else:
            if not self.own_crib_size:
                return "only ten-hand cribbage has an own crib; use 'discard'"
            if self.own_done >> player & 1:
                return "you have already laid away your own crib"
            need, where = self.own_crib_size, "your own crib"
        if len(cards) != need:
            return f"discard exactly {need} card{'s' if need > 1 else ''} to {where}, not {len(cards)}"
        for i in range(1, len(cards)):
            for j in range(i):
                if cards[i] is cards[j]:  # each card is one object
                    return f"{format_cards(cards)} names a card twice; each card can be laid away once"
        hand = self.hand[player]
        missing = [c for c in cards if position(hand, c) < 0]
        if missing:
            return f"{format_cards(missing)} {'is' if len(missing) == 1 else 'are'} not in your hand"
        if self.toss_fives and isinstance(move, Discard):
            owed = _fives_owed(hand, need)
            if _fives(cards) < owed:
                held = [c for c in hand if c.rank == 5]
                which = format_cards(held) if owed == len(held) else f"{owed} of {format_cards(held)}"
                return f"in Toss Fives your fives go to the crib: throw {which}"
        return None

    def _discard(self, player: int, move: Discard | KeepCrib, events: list[Event]) -> None:
        hand = self.hand[player]
        for card in move.cards:
            hand.pop(position(hand, card))
        own = isinstance(move, KeepCrib)
        seat = 1 << player
        if own:
            self.own_crib[player] = move.cards
            self.own_done |= seat
        else:
            self.to_crib[player] = move.cards
            self.crib_done |= seat
        if self.crib_done & seat and (self.own_done & seat or not self.own_crib_size):
            self.waiting.done(player)
            self.kept[player] = tuple(hand)
        events.append(Discarded(player=player, count=len(move.cards), own_crib=own, cards=move.cards))

    def _cut_starter(self, events: list[Event]) -> bool:
        """Turn up the starter; True if his heels won the game."""
        starter = self.starter
        assert starter is not None
        self.starter_shown = True
        events.append(_STARTERS[starter.index])
        if starter.rank == JACK or starter.is_joker:  # a wild joker turned up gives heels too
            item = Item(Kind.HIS_HEELS, (starter,), self.options.heels)
            return self._add(self.dealer, "his heels", Score((item,)), events)
        return False

    # --- the play -----------------------------------------------------------------------

    def _playable(self, player: int) -> list[Card]:
        """The cards ``player`` may lay: those that keep the count at or under 31."""
        room = 31 - self.count
        return [c for c in self.hand[player] if c.value <= room]

    def _wild_plays(self, player: int, room: int) -> list[Move]:
        """Wild jokers: the cards ``player`` may lay, each joker held called as every card that
        keeps the count to 31 (a joker can always be laid: the count is never above 30 here)."""
        moves: list[Move] = []
        for card in self.hand[player]:
            if not card.is_joker:
                if card.value <= room:
                    moves.append(_PLAYS[card.index])
            else:
                moves.extend(call for call in _JOKER_PLAYS[card.index - 52] if call.called.value <= room)
        return moves if moves else [_GO]

    def _play_problem(self, player: int, move: Play | Go | PlayJoker) -> str | None:
        if isinstance(move, Go):
            playable = self._playable(player)
            if playable:
                return f"you can lay {format_cards(playable)}: lay a card if one keeps the count to 31"
            return None
        if isinstance(move, PlayJoker):
            if not self.jokers:
                return "jokers are not dealt at this table"
            if position(self.hand[player], move.joker) < 0:
                return f"{move.joker} is not in your hand"
            if self.count + move.called.value > 31:
                return (
                    f"{move.called} would take the count from {self.count} past 31; "
                    f"call the joker as a card worth {31 - self.count} or less"
                )
            return None
        if move.card.is_joker:
            return f"a joker is laid with the card it is called, e.g. 'joker {move.card}=5H'"
        if position(self.hand[player], move.card) < 0:
            return f"{move.card} is not in your hand"
        if self.count + move.card.value > 31:
            return f"{move.card} would take the count from {self.count} past 31; lay a lower card or say go"
        return None

    def _play(self, player: int, card: Card, events: list[Event], called: Card | None = None) -> None:
        """Lay ``card`` (a wild joker as ``called``) and peg what it makes."""
        hand = self.hand[player]
        hand.pop(position(hand, card))  # legal, so held
        self.played[player].append(card)
        self.pile_seats.append(player)
        pile = self.pile_cards
        if called is not None:
            self.pile_jokers.append((len(pile), card))
            self.joker_calls[card] = called
            count = self.count + called.value
            events.append(CardPlayed(player=player, card=card, count=count, call=call_text(card, called)))
            pile.append(called)
        else:
            count = self.count + card.value
            key = (54 * player + card.index) * 32 + count
            played = _CARDS_PLAYED[key]
            if played is None:
                played = _CARDS_PLAYED[key] = CardPlayed(player=player, card=card, count=count)
            events.append(played)
            pile.append(card)
        self.count = count
        self.last_layer = player
        score = peg(pile, count)
        if self.pile_jokers and score.items:
            score = self._laid(score)
        if score.items and self._add(player, "pegging", score, events):
            return
        if count == 31:
            self._end_round(player, False, events)
        elif not self._cards_left():
            if not self._add(player, "pegging", self._go_point(True), events):
                self._end_play(events)
        else:
            self._pass_turn(player)

    def _laid(self, score: Score) -> Score:
        """A pegging ``score`` naming the jokers laid rather than their calls: every item of the play
        is cards that end the pile, so each takes the cards laid in those places."""
        laid = list(self.pile_cards)
        for place, joker in self.pile_jokers:
            laid[place] = joker
        return Score(
            tuple([Item(i.kind, tuple(laid[len(laid) - len(i.cards) :]), i.points) for i in score.items])
        )

    def _cards_left(self) -> bool:
        """Whether anyone still playing holds a card in the play."""
        return any(self.hand[seat] for seat in self.seating.active)

    def _go(self, player: int, auto: bool, events: list[Event]) -> None:
        events.append(_SAID_GO[MAX_SEATS * auto + player])
        self.gos.append((player, self.count))
        self.passed |= 1 << player
        if self.passed == self.seating.everyone:  # everyone still playing has said go
            assert self.last_layer is not None
            self._end_round(self.last_layer, True, events)
        else:
            self._pass_turn(player)

    def _go_point(self, last_card: bool) -> Score:
        """The go or last card's point, naming a wild joker laid last rather than its call."""
        score = go_point(self.pile_cards, self.count, last_card=last_card)
        return self._laid(score) if self.pile_jokers and score.items else score

    def _pass_turn(self, player: int) -> None:
        seat = self.seating.next(player)
        passed = self.passed
        if passed:  # most turns pass before anyone has said go
            while passed >> seat & 1:
                seat = self.seating.next(seat)
        self._wait_for(seat)

    def _wait_for(self, seat: int) -> None:
        """The play waits on ``seat`` alone."""
        self.turn = seat
        self.waiting.only(seat)

    def _end_round(self, last: int, after_go: bool, events: list[Event]) -> None:
        """Everyone has passed, or the count hit 31: the go point, then reset (or, five-card, the end)."""
        if after_go and self._add(last, "pegging", self._go_point(False), events):
            return
        if self.five_card or not self._cards_left():
            self._end_play(events)
            return
        leader = self.seating.next(last)
        self.pile_seats, self.pile_cards, self.count, self.passed = [], [], 0, 0
        if self.pile_jokers:
            self.pile_jokers = []
        self._wait_for(leader)
        events.append(_RESETS[leader])

    def _end_play(self, events: list[Event]) -> None:
        self.pile_seats, self.pile_cards, self.count, self.passed = [], [], 0, 0
        if self.pile_jokers:
            self.pile_jokers = []
        events.append(_PLAY_OVER)
        order = self.order
        starter = self.starter
        assert starter is not None
        calls = self.joker_calls if self.jokers else None
        steps = [ShowStep(s, "hand", self.kept[s], starter, calls) for s in order]
        if self.own_crib_size:
            steps += [ShowStep(s, "own crib", self.own_crib[s], starter) for s in order]
        crib = list(self.pack_crib)
        for s in order:
            crib.extend(self.to_crib[s])
        owner = self.crib_owner
        crib_step = ShowStep(owner, "crib", tuple(crib), starter)
        if self.auction:  # the crib's buyer counts first, hand and crib, then the other player
            other = self.seating.next(owner)
            steps = [steps[order.index(owner)], crib_step, steps[order.index(other)]]
        else:
            steps.append(crib_step)
        self.steps = steps
        self._enter(PRE_SHOW if self.pre_show else SHOW, events)

    # --- the show -----------------------------------------------------------------------

    @property
    def _step(self) -> ShowStep:
        return self.steps[len(self.shows)]

    def _step_score(self) -> Score:
        return self._step_score_of(len(self.shows))

    def _show_step(self, claimed: int | None, events: list[Event]) -> bool:
        """Lay the next hand or crib face up and peg it (its claim, under manual counting, whose
        count stays unsaid until the muggins window closes); True if that won the game."""
        step = self._step
        score = self._step_score() if claimed is None else None
        shown = Shown(
            player=step.player,
            what=step.what,
            cards=step.cards,
            starter=step.starter,
            score=score,
            claimed=claimed,
            jokers=step.calls() if self.jokers and claimed is None else (),  # a claim's, once judged
        )
        self.shows.append(shown)
        events.append(shown)
        if score is not None:
            return self._add(step.player, step.what, score, events)
        return self._add(step.player, step.what, _claimed(claimed or 0, Kind.CLAIMED), events)

    def _claim(self, player: int, amount: int, events: list[Event]) -> None:
        self.waiting.clear()
        side = self.seating.side_of[player]
        true = self._step_score().total
        target = self.side_targets[side]
        if self.side_scores[side] + amount >= target > self.side_scores[side] + true:
            self._false_claim_of_game(player, amount, events)
            return
        if self._show_step(amount, events):
            return
        opponents = [s for s in self.seating.active if self.seating.side_of[s] != side]
        self.phase = MUGGINS
        self.waiting.on(mask_of(opponents))
        events.append(_phase_changed(MUGGINS))

    def _false_claim_of_game(self, player: int, amount: int, events: list[Event]) -> None:
        """A claim that would reach the target when the show's true count does not (ACC rule 8.4a-b),
        judged at once, as a false claim of game summons the judges: the claimer pegs the true count;
        each opposing side pegs the points overclaimed up to the game hole (the target less the
        claimer's true score), in the direction of play from the claimer; the claimer goes
        back 15, no further than the start, even when an
        opponent has reached the game hole (the set-back is applied first here, so that the game
        ends with it counted). The judged show records exactly the pegs made (with Crash, up to
        one whose crashes end the game)."""
        score = self._step_score()
        shown = Shown(
            player=player,
            what=self._step.what,
            cards=self._step.cards,
            starter=self._step.starter,
            score=None,
            claimed=amount,
        )
        self.shows.append(shown)
        events.append(shown)
        side = self.seating.side_of[player]
        reached = self.side_scores[side] + score.total
        setback = min(FALSE_CLAIM_SETBACK, reached)
        over = self.side_targets[side] - reached
        scores, backs = list(self.side_scores), list(self.back_pegs)
        pegs: list[tuple[int, str, int]] = []
        if not self._would_end(player, score.total, scores, backs):  # the true count (a crash may end it)
            pegs.append((player, "false claim of game", -setback))
            self._would_end(player, -setback, scores, backs)
            paid = {side}
            for seat in self.seating.order_from(player)[1:]:  # in the direction of play from the claimer
                other = self.seating.side_of[seat]
                if other not in paid:
                    paid.add(other)
                    pegs.append((seat, "overclaimed", over))
                    if self._would_end(seat, over, scores, backs):
                        break
        self._judge(shown, score, tuple((seat, why, points, "") for seat, why, points in pegs), events)
        if self._add(player, shown.what, score, events):
            return
        for seat, reason, points in pegs:
            kind = Kind.MUGGINS if reason == "overclaimed" else Kind.CLAIMED
            if self._add(seat, reason, _claimed(points, kind), events):
                return

    def _call(self, player: int, move: Move, events: list[Event]) -> None:
        """A muggins call or a call to correct, made in the window and judged when it closes."""
        self.calls.append((player, move))
        nobody_left = self.waiting.done(player)
        shown = self.shows[-1]
        amount = move.amount if type(move) is Muggins else 0
        events.append(MugginsCalled(player=player, against=shown.player, points=amount))
        if nobody_left:
            self._close_window(events)

    def _close_window(self, events: list[Event]) -> None:
        """Judge the claim and the calls on it, in the order made (ACC rules 8.3, 8.4, 10.4), and
        itemise the show for everyone. A call naming items is right only if each is an item of the
        show not taken by an earlier call and together they fit in what the claim missed; a call
        naming none, if anything was missed. A right call takes the lesser of what it names and what
        is still missed, and never more than the holes the claimer could have pegged (10.4a); a
        wrong one gives the claimer the points named (10.4a). A call to correct takes an overclaim
        down to the true count, for no gain (8.4, 11.1b). The judged show records the pegs made:
        once one wins the game, the calls after it take nothing."""
        shown = self.shows[-1]
        claimer = shown.player
        score = self._step_score_of(len(self.shows) - 1)
        claimed = shown.claimed or 0
        unclaimed = max(0, score.total - claimed)
        claimers = self.seating.side_of[claimer]
        holes = self.side_targets[claimers] - self.side_scores[claimers]
        scores, backs = list(self.side_scores), list(self.back_pegs)
        taken: set[ItemKey] = set()
        outcomes: list[tuple[int, str, int, str]] = []
        pegs: list[tuple[int, str, int]] = []
        corrected = won = False
        for seat, call in self.calls:
            peg: tuple[int, str, int] | None = None
            points, why = 0, ""
            if won:
                why = "the game was already won"
            elif isinstance(call, Muggins):
                items = _named_items(call, shown)
                wrong = (
                    judge_source(
                        items, score, taken, unclaimed, words=SOURCE_WORDS, where=f"the {shown.what}"
                    )
                    if items
                    else (None if unclaimed else _nothing_left(shown.what, score.total > claimed))
                )
                if wrong is None:
                    found = min(call.amount, unclaimed)
                    unclaimed -= found
                    taken.update(item_key(i) for i in items)
                    points = min(found, holes)
                    holes -= points
                    peg = (seat, "muggins", points)
                else:
                    points, why = -call.amount, wrong
                    peg = (claimer, "wrong muggins", call.amount)
            elif claimed > score.total and not corrected:
                corrected = True
                points = claimed - score.total
                peg = (claimer, "correction", -points)
            if peg is not None and peg[2]:
                pegs.append(peg)
                won = self._would_end(peg[0], peg[2], scores, backs)
            outcomes.append((seat, str(call), points, why))
        self.calls.clear()
        self._judge(shown, score, tuple(outcomes), events)
        for seat, reason, points in pegs:
            kind = Kind.MUGGINS if reason == "muggins" else Kind.CLAIMED
            if self._add(seat, reason, _claimed(points, kind), events):
                return

    def _judge(
        self, shown: Shown, score: Score, calls: tuple[tuple[int, str, int, str], ...], events: list[Event]
    ) -> None:
        jokers = self.steps[len(self.shows) - 1].calls() if self.jokers else ()
        judged = ShowJudged(
            player=shown.player,
            what=shown.what,
            claimed=shown.claimed or 0,
            score=score,
            calls=calls,
            jokers=jokers,
        )
        self.judged.append(judged)
        events.append(judged)

    def _step_score_of(self, index: int) -> Score:
        """The true count of the ``index``-th show."""
        return self.counter(self.steps[index])

    # --- flow ---------------------------------------------------------------------------

    def _advance(self, events: list[Event]) -> None:
        """Run every transition and automatic move until some seat's input is needed."""
        while True:
            phase = self.phase
            if phase == PLAY and self.waiting.mask:
                self._auto_play(events)
                phase = self.phase
            if phase == OVER or self.waiting.mask:
                return
            if phase == DISCARD:
                if not self._cut_starter(events):
                    self._enter(PLAY, events)
                    # the pone leads; in Auction cribbage the crib's buyer does
                    self._wait_for(self.crib_owner if self.auction else self.seating.next(self.dealer))
            elif phase == PRE_SHOW:
                self._enter(SHOW, events)
            elif phase in (SHOW, MUGGINS):
                self.phase = SHOW
                if len(self.shows) == len(self.steps):
                    if self.post_show:
                        self._enter(POST_SHOW, events)
                    else:
                        self._next_hand(events)
                elif self.manual:
                    self.waiting.only(self._step.player)
                else:
                    self._show_step(None, events)
            elif phase == POST_SHOW:
                self._next_hand(events)

    def _auto_play(self, events: list[Event]) -> None:
        """The table options' automatic moves: skip empty, skip pass, skip only move."""
        while self.phase == PLAY and self.waiting.mask:
            player = self.turn
            hand = self.hand[player]
            room = 31 - self.count  # _playable's rule, counted without a list
            playable = 0
            only = hand[0] if hand else None
            for card in hand:
                if card.value <= room:
                    playable += 1
                    only = card
            if not playable:
                empty = not hand
                if (empty and self.skip_empty) or (not empty and self.skip_pass) or self.skip_only_move:
                    self._go(player, True, events)
                    continue
            elif self.skip_only_move and playable == 1 and only is not None and not only.is_joker:
                self._play(player, only, events)
                continue
            return

    def _enter(self, phase: Phase, events: list[Event]) -> None:
        self.phase = phase
        self.waiting.on(self.seating.everyone if phase is PRE_SHOW or phase is POST_SHOW else 0)
        events.append(_phase_changed(phase))

    def _next_hand(self, events: list[Event], without: tuple[int, ...] = ()) -> None:
        if self.random_dealer:
            self.dealer = self.rng.choice(self.seating.active)
        else:
            self.dealer = self.seating.next(self.dealer)
        self._new_hand(events, without)

    def _add(self, seat: int, reason: str, score: Score, events: list[Event]) -> bool:
        """Peg ``score`` for ``seat``'s side; True if that won the game (the flow must stop)."""
        points = score.total
        if not points:
            return False
        side = self.seating.side_of[seat]
        total = self.side_scores[side]
        self.back_pegs[side] = total
        total += points
        self.side_scores[side] = total
        events.append(Scored(player=seat, reason=reason, score=score, points=points, total=total))
        if total >= self.side_targets[side]:
            if self.lowball:
                self._game_lost(side, events)
            else:
                self._game_won(side, events)
            return True
        return self.crash and points > 0 and self._crash(seat, total, events)

    def _crash(self, seat: int, hole: int, events: list[Event]) -> bool:
        """Crash cribbage: ``seat``'s side has pegged into ``hole``; crash the pegs there and tell
        each crash as a score of the crashed side. True if a crash won the game."""
        crashed, won = self._crashes(seat, hole, self.side_scores, self.back_pegs)
        for other, gap in crashed:
            total = self.side_scores[self.seating.side_of[other]]
            score = Score((Item(Kind.CRASH, (), gap),))
            events.append(Scored(player=other, reason="crash", score=score, points=gap, total=total))
        if won:
            self._game_won(self.seating.side_of[crashed[-1][0]], events)
        return won

    def _crashes(
        self, seat: int, hole: int, scores: list[int], backs: list[int]
    ) -> tuple[list[tuple[int, int]], bool]:
        """The crashes of ``seat``'s side pegging into ``hole``, made on ``scores`` and ``backs``
        (each side's front and back peg): each other side's peg there, side by side round the table
        from ``seat``. A crashed back peg jumps its pegs' gap past the front one (the score rises by
        the gap), a crashed front peg the gap behind the back one (the score falls to the back
        peg's, no further back than the start). Each crash as (the crashed side's first seat in
        turn, the points it moved), and whether the last took its side to the target."""
        lander = self.seating.side_of[seat]
        seen = [lander]
        crashed: list[tuple[int, int]] = []
        for other in self.seating.order_from(seat):
            side = self.seating.side_of[other]
            if side in seen:
                continue
            seen.append(side)
            front, back = scores[side], backs[side]
            gap = front - back
            if back == hole:
                backs[side], scores[side] = front, front + gap
            elif front == hole:
                backs[side], scores[side] = max(0, back - gap), back
                gap = -gap
            else:
                continue
            crashed.append((other, gap))
            if scores[side] >= self.side_targets[side]:
                return crashed, True
        return crashed, False

    def _would_end(self, seat: int, points: int, scores: list[int], backs: list[int]) -> bool:
        """``_add``'s pegging of ``points`` for ``seat``'s side, made on ``scores`` and ``backs``
        alone (with the crashes it makes): whether it would end the game. For judging calls before
        their pegs are made."""
        if not points:
            return False
        side = self.seating.side_of[seat]
        backs[side] = scores[side]
        scores[side] += points
        if scores[side] >= self.side_targets[side]:
            return True
        return self.crash and points > 0 and self._crashes(seat, scores[side], scores, backs)[1]

    # --- the end ------------------------------------------------------------------------

    def _skunk(self, score: int) -> str | None:
        skunk, double, triple = self.skunk_lines
        if score < triple:
            return "triple skunk"
        if score < double:
            return "double skunk"
        if score < skunk:
            return "skunk"
        return None

    def _game_won(self, side: int, events: list[Event]) -> None:
        others = [s for s in range(len(self.seating.sides)) if s != side and self.seating.side_active(s)]
        best_other = 0
        for other in others:
            best_other = max(best_other, self.side_scores[other])
        skunk = self._skunk(best_other) if others else None
        points = SKUNK_POINTS[skunk]
        self.match_points[side] += points
        won = GameWon(
            game=self.game_number,
            winners=self.seating.sides[side],
            scores=tuple(self.scores),
            skunk=skunk,
            match_points=points,
        )
        self.games_won.append(won)
        events.append(won)
        needed = self.match_games // 2 + 1
        if self.match_points[side] >= needed or skunk == "triple skunk":
            self._finish(Termination.TARGET, side, events)
            return
        self.game_number += 1
        self.side_scores = [0] * len(self.seating.sides)
        self.back_pegs = [0] * len(self.seating.sides)
        self.dealer = self.seating.next(self.dealer)
        self.phase = DISCARD
        self._start_game(events)

    def _game_lost(self, side: int, events: list[Event]) -> None:
        """Lowball: ``side`` reached the target and loses; the fewest points win (one game)."""
        self.lost_side = side
        result = self._result_of(Termination.TARGET, None, self.side_scores, self.match_points)
        winners = tuple(seat for seat in range(self.players) if result.ranks[seat] == 1)
        won = GameWon(
            game=self.game_number, winners=winners, scores=tuple(self.scores), skunk=None, match_points=1
        )
        self.games_won.append(won)
        events.append(won)
        self._end(result, events)

    def _finish(self, termination: Termination, winner: int | None, events: list[Event]) -> None:
        self._end(self._result_of(termination, winner, self.side_scores, self.match_points), events)

    def _end(self, result: Result, events: list[Event]) -> None:
        """The game is over with ``result``."""
        self._result = result
        self.phase = OVER
        self.waiting.clear()
        events.append(game_over(result))

    def _result_of(
        self, termination: Termination, winner: int | None, side_scores: list[int], match_points: list[int]
    ) -> Result:
        """The result of the game ending now for ``termination``, ``winner`` (a side) having won it,
        with these scores and match points by side."""
        single = self.match_games == 1
        per_seat = [
            float(side_scores[self.seating.side_of[s]] if single else match_points[self.seating.side_of[s]])
            for s in range(self.players)
        ]
        if self.lowball:  # the fewest points rank first, and whoever reached the target last
            per_seat = [-points for points in per_seat]
            if self.lost_side is not None:
                for seat in self.seating.sides[self.lost_side]:
                    per_seat[seat] = float("-inf")
        if winner is not None:
            for seat in self.seating.sides[winner]:
                per_seat[seat] = float("inf")
        forced = [s for s in self.left if s not in (self.seating.sides[winner] if winner is not None else ())]
        ranks = rank_by(per_seat, order=forced)
        skunks = tuple(
            None if ranks[s] == 1 or s in self.left else self._skunk(side_scores[self.seating.side_of[s]])
            for s in range(self.players)
        )
        return Result(
            ranks=ranks,
            scores=tuple(side_scores[self.seating.side_of[s]] for s in range(self.players)),
            reason=self._end_reason(termination, winner),
            termination=termination,
            skunks=skunks,
            match_points=tuple(match_points[self.seating.side_of[s]] for s in range(self.players)),
        )

    def _end_reason(self, termination: Termination, winner: int | None) -> str:
        """Why the game ended, in words: who reached the target or won the match, or who left."""
        if termination is Termination.LEFT:
            return f"{_players(self.left)} {self.went(self.left)}"
        if self.lost_side is not None:
            side = self.lost_side
            return f"{_players(self.seating.sides[side])} reached {self.side_targets[side]} first and lost"
        assert winner is not None
        who = _players(self.seating.sides[winner])
        if self.match_games > 1:
            return f"{who} won the match"
        return f"{who} reached {self.side_targets[winner]}"

    def _leave(self, player: int, events: list[Event]) -> None:
        side = self.seating.side_of[player]
        leaving = self.seating.sides[side]  # a partnership or a captain's pair leaves together
        for seat in leaving:
            if seat not in self.left:
                self.left.append(seat)
                events.append(self.left_event(seat))
            self.seating.leave(seat)
        remaining = self.seating.sides_playing()
        if len(remaining) <= 1:
            self._finish(Termination.LEFT, remaining[0] if remaining else None, events)
            return
        self._set_layout()
        if self.dealer not in self.seating.active:
            self.dealer = self.seating.next(self.dealer, -self.seating.direction)
        self._next_hand(events, leaving)

    def _expected(self) -> str:
        return {
            BID: "'bid N' or 'pass'",
            DISCARD: "'discard' (or 'crib' in ten-hand)",
            PLAY: "'play CARD', 'joker JKR CARD' or 'go'" if self.jokers else "'play CARD' or 'go'",
            SHOW: "'claim N'",
            MUGGINS: "'muggins N', 'correct' or 'ready'" if self.muggins else "'correct' or 'ready'",
        }.get(self.phase, "'ready'")


def _phase_changed(phase: Phase) -> PhaseChanged:
    for known, event in _PHASE_CHANGED:
        if known is phase:
            return event
    raise AssertionError(phase)


def _players(seats: Sequence[int]) -> str:
    """ "player 1", or "players 1 and 3"."""
    return f"player {seats[0]}" if len(seats) == 1 else f"players {' and '.join(map(str, seats))}"


def _sorted(cards: list[Card]) -> list[Card]:
    """``cards`` sorted in place into showing order (``sorted`` without a Python comparison per pair)."""
    for i in range(1, len(cards)):
        card = cards[i]
        j = i
        while j and cards[j - 1].sort_key > card.sort_key:
            cards[j] = cards[j - 1]
            j -= 1
        cards[j] = card
    return cards


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def _nothing_left(what: str, missed: bool) -> str:
    """Why a muggins call naming no items takes nothing: the claim missed nothing, or what it
    missed was taken by an earlier call."""
    return f"what the {what} missed was already called" if missed else f"nothing was missed in the {what}"


def _named_items(call: Muggins, shown: Shown) -> tuple[Item, ...]:
    """The items a (well-formed) call names; nobs named by its jack alone takes the starter, as the
    count itemises it."""
    if not call.source:
        return ()
    items = parse_source(call.source, SOURCE_WORDS)
    return tuple(
        Item(i.kind, (*i.cards, shown.starter), i.points) if i.kind is Kind.NOBS and len(i.cards) == 1 else i
        for i in items
    )


def _claimed(points: int, kind: Kind) -> Score:
    """A claimed or mugged number of points as one score item (manual counting names no cards)."""
    return Score((Item(kind, (), points),))


GAME = Cribbage
"""The class the registry creates for ``cribbage``."""

"""Cribbage for two, three or four players (each for themselves or as partnerships), in the
six-card, five-card and ten-hand forms, with match play, manual counting and muggins.

Rules and every ruling: docs/rules/cribbage.md. The hand runs through phases: discard, play,
(pre-show pause), show (with claims and muggins windows under manual counting), (post-show pause).
"""

from __future__ import annotations

import itertools
from typing import Any, Final

from muggins.cards import JACK, STANDARD_CARDS, Card, format_cards, position
from muggins.games.base import DeckSpec, Game
from muggins.games.cribbage.events import (
    CardPlayed,
    CountReset,
    CribTopped,
    DealerCut,
    Discarded,
    GameWon,
    MugginsCalled,
    NewHand,
    SaidGo,
    Shown,
    StarterCut,
)
from muggins.games.cribbage.options import CribbageOptions, Layout, layout
from muggins.games.errors import OptionError
from muggins.games.events import Dealt, Event, GameOver, PhaseChanged, PlayerLeft, Scored
from muggins.games.moves import Claim, Discard, Go, KeepCrib, Leave, Move, Muggins, Play, Ready
from muggins.games.result import Result, rank_by
from muggins.scoring.fast import show_points
from muggins.scoring.items import Item, Kind, Score
from muggins.scoring.pegging import go_point, peg
from muggins.scoring.show import score_show

_PLAYS: Final = [Play(card) for card in STANDARD_CARDS]
"""The play of each card by its index, made once."""
_DISCARDS: Final[dict[int, Discard]] = {}
"""Discard moves made once each (one per pair of cards, or per card), keyed by their cards' indexes:
every deal lists them."""
_ALL: Final = frozenset(STANDARD_CARDS)
_GO: Final = Go()
_ALONE: Final = tuple(frozenset((seat,)) for seat in range(4))
"""The one-seat sets a turn in the play waits on, made once."""
_NOBODY: Final[frozenset[int]] = frozenset()

SKUNK_POINTS: Final = {None: 1, "skunk": 2, "double skunk": 4, "triple skunk": 4}
"""Match points for winning a game, by the skunk the losers suffered (seed 001)."""

# The phases of a hand (constants: the compiled engine compares them on every move).
DISCARD: Final = "discard"
PLAY: Final = "play"
PRE_SHOW: Final = "pre-show"
SHOW: Final = "show"
MUGGINS: Final = "muggins"
POST_SHOW: Final = "post-show"
OVER: Final = "over"


class ShowStep:
    """One hand or crib to count in the show."""

    __slots__ = ("cards", "player", "what")

    def __init__(self, player: int, what: str, cards: tuple[Card, ...]) -> None:
        self.player, self.what, self.cards = player, what, cards


def _discard(cards: tuple[Card, ...]) -> Discard:
    key = 0
    for card in cards:
        key = key * 64 + card.index + 1
    move = _DISCARDS.get(key)
    if move is None:
        move = _DISCARDS[key] = Discard(cards)
    return move


class Cribbage(Game):
    """The cribbage engine behind the game protocol."""

    name = "cribbage"
    min_players = 2
    max_players = 4
    options_model = CribbageOptions

    def __init__(
        self, *, players: int, seed: int | None = None, deck: DeckSpec | None = None, **options: Any
    ) -> None:
        super().__init__(players=players, seed=seed, deck=deck, **options)
        assert isinstance(self.options, CribbageOptions)
        self.opts: CribbageOptions = self.options
        opts = self.opts
        self.direction = 1 if opts.direction == "clockwise" else -1
        # The options read on every move, as compiled attributes (a pydantic field is a slow read).
        self.target = opts.game_target
        self.five_card = opts.variant == "five-card"
        self.manual = opts.counting == "manual"
        self.skip_empty, self.skip_pass = opts.skip_empty, opts.skip_pass
        self.skip_only_move = opts.skip_only_move
        if opts.partnerships and players != 4:
            raise OptionError(f"partnerships need four players, not {players}")
        if opts.variant == "five-card" and players != 2:
            raise OptionError(f"five-card cribbage is for two players, not {players}")
        fd = opts.first_dealer
        if isinstance(fd, int) and not 0 <= fd < players:
            raise OptionError(f"first_dealer must be a seat 0-{players - 1}, 'cut' or 'random', not {fd}")
        self.sides: list[tuple[int, ...]] = (
            [(0, 2), (1, 3)] if opts.partnerships else [(seat,) for seat in range(players)]
        )
        self.side_of = {seat: i for i, side in enumerate(self.sides) for seat in side}
        self.active = list(range(players))
        self.side_scores = [0] * len(self.sides)
        self.back_pegs = [0] * len(self.sides)
        self.match_points = [0] * len(self.sides)
        self.games_won: list[GameWon] = []
        self.game_number = 1
        self.hand_number = 0
        self.phase = DISCARD
        self.waiting: frozenset[int] = _NOBODY
        self._result: Result | None = None
        self._clear_hand()
        self.dealer, events = self._first_dealer()
        events += self._start_game()
        self.events.extend(events)

    # --- protocol -----------------------------------------------------------------------

    @property
    def to_move(self) -> frozenset[int]:
        return self.waiting

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.side_scores[self.side_of[seat]] for seat in range(self.players))

    @property
    def result(self) -> Result | None:
        return self._result

    def legal_moves(self, player: int) -> list[Move]:
        self.check_seat(player)
        if player not in self.waiting:
            return []
        if self.phase == DISCARD:
            hand = self.hand[player]
            if not self.crib_done[player]:
                return [_discard(c) for c in itertools.combinations(hand, self.lay.to_crib)]
            return [KeepCrib(c) for c in itertools.combinations(hand, self.lay.own_crib)]
        if self.phase == PLAY:
            playable = self._playable(player)
            return [_PLAYS[c.index] for c in playable] if playable else [_GO]
        if self.phase == SHOW:
            true = self._step_score().total
            return [Claim(n) for n in range(true, -1, -1)]
        if self.phase == MUGGINS:
            return [Ready(), *(Muggins(n) for n in range(self.missed, 0, -1))]
        return [Ready()]

    def illegal_reason(self, player: int, move: Move) -> str | None:
        kind = type(move)
        phase = self.phase
        if kind is Play or kind is Go:
            if phase == PLAY:
                return self._play_problem(player, move)  # type: ignore[arg-type]
        elif kind is Leave:
            return None
        elif kind is Discard or kind is KeepCrib:
            if phase == DISCARD:
                return self._discard_problem(player, move)  # type: ignore[arg-type]
        elif kind is Claim:
            if phase == SHOW:
                assert isinstance(move, Claim)
                if move.amount > self._step_score().total:
                    return f"you claim {move.amount}, but the {self._step.what} does not make that many"
                return None
        elif kind is Muggins:
            if phase == MUGGINS:
                assert isinstance(move, Muggins)
                if move.amount > self.missed:
                    return f"muggins {move.amount} is wrong: not that many points were missed"
                return None
        elif kind is Ready and phase in (PRE_SHOW, POST_SHOW, MUGGINS):
            return None
        return f"'{move.verb}' is not a move in the {phase} phase; expected {self._expected()}"

    def make_move(self, player: int, move: Move) -> list[Event]:
        kind = type(move)
        if kind is Play:
            events = self._play(player, move.card)  # type: ignore[attr-defined]
        elif kind is Go:
            events = self._go(player, auto=False)
        elif kind is Discard or kind is KeepCrib:
            events = self._discard(player, move)  # type: ignore[arg-type]
        elif kind is Claim:
            events = self._claim(player, move.amount)  # type: ignore[attr-defined]
        elif kind is Muggins:
            events = self._muggins(player, move.amount)  # type: ignore[attr-defined]
        elif kind is Leave:
            events = self._leave(player)
        else:
            events = []
            self.waiting = self.waiting - {player}
        if self.phase != OVER:
            events += self._advance()
        return events

    def hidden_cards(self, viewer: int | None) -> frozenset[Card]:
        hidden = set(_ALL.difference(self.dealt))  # the undealt stock
        if not self.starter_shown and self.starter is not None:
            hidden.add(self.starter)
        for seat in range(self.players):
            if seat != viewer:
                hidden.update(self.hand[seat], self.to_crib[seat], self.own_crib[seat])
        hidden.update(self.pack_crib)
        hidden -= self.shown_cards
        return frozenset(hidden)

    def game_view(self, player: int | None) -> dict[str, Any]:
        opts = self.opts
        mine = player is not None
        showing: dict[str, Any] | None = None
        if self.phase == SHOW and self.waiting:
            showing = {"player": self._step.player, "what": self._step.what}
        elif self.phase == MUGGINS:
            showing = {"player": self.shows[-1].player, "what": self.shows[-1].what}
        return {
            "variant": opts.variant,
            "phase": self.phase,
            "target": opts.game_target,
            "skunk_lines": list(opts.skunk_lines),
            "sides": [list(side) for side in self.sides],
            "active": list(self.active),
            "back_pegs": [self.back_pegs[self.side_of[s]] for s in range(self.players)],
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "game_number": self.game_number,
            "match": {"games": opts.match, "points": [self.match_points[self.side_of[s]] for s in
                                                      range(self.players)]},
            "hand": _cards(self.hand[player]) if mine and player is not None else None,
            "discards": _cards(self.to_crib[player]) if mine and player is not None else None,
            "own_crib": _cards(self.own_crib[player]) if mine and player is not None else None,
            "hand_sizes": [len(self.hand[s]) for s in range(self.players)],
            "played": [_cards(self.played[s]) for s in range(self.players)],
            "crib_size": len(self.pack_crib) + sum(len(c) for c in self.to_crib),
            "starter": str(self.starter) if self.starter_shown and self.starter else None,
            "pile": [[seat, str(card)] for seat, card in self.pile],
            "count": self.count,
            "passed": sorted(self.passed),
            "turn": next(iter(self.waiting)) if self.phase == PLAY and self.waiting else None,
            "shows": [
                {"player": s.player, "what": s.what, "cards": _cards(s.cards), "score": s.score.to_dict(),
                 "claimed": s.claimed}
                for s in self.shows
            ],
            "showing": showing,
            "muggins_open": self.phase == MUGGINS,
            "games": [{"game": g.game, "winners": list(g.winners), "scores": list(g.scores),
                       "skunk": g.skunk, "match_points": g.match_points} for g in self.games_won],
        }

    # --- the deal -----------------------------------------------------------------------

    def _clear_hand(self) -> None:
        n = self.players
        self.hand: list[list[Card]] = [[] for _ in range(n)]
        self.played: list[list[Card]] = [[] for _ in range(n)]
        self.kept: list[tuple[Card, ...]] = [() for _ in range(n)]
        self.to_crib: list[tuple[Card, ...]] = [() for _ in range(n)]
        self.own_crib: list[tuple[Card, ...]] = [() for _ in range(n)]
        self.crib_done = [False] * n
        self.own_done = [False] * n
        self.pack_crib: tuple[Card, ...] = ()
        self.dealt: list[Card] = []
        self.starter: Card | None = None
        self.starter_shown = False
        self.pile: list[tuple[int, Card]] = []
        self.pile_cards: list[Card] = []
        self.count = 0
        self.passed: set[int] = set()
        self.last_layer: int | None = None
        self.steps: list[ShowStep] = []
        self.shows: list[Shown] = []
        self.shown_cards: set[Card] = set()
        self.missed = 0

    def _first_dealer(self) -> tuple[int, list[Event]]:
        choice = self.opts.first_dealer
        if isinstance(choice, int):
            return choice, []
        if choice == "random":
            dealer = self.rng.choice(self.active)
            return dealer, [DealerCut(cuts=(), dealer=dealer)]
        events: list[Event] = []
        contenders = list(self.active)
        while True:
            cuts = tuple(zip(contenders, self.rng.sample(STANDARD_CARDS, len(contenders)), strict=True))
            low = min(card.rank for _, card in cuts)
            lowest = [seat for seat, card in cuts if card.rank == low]
            if len(lowest) == 1:
                events.append(DealerCut(cuts=cuts, dealer=lowest[0]))
                return lowest[0], events
            events.append(DealerCut(cuts=cuts, dealer=None))
            contenders = lowest

    def _start_game(self) -> list[Event]:
        events: list[Event] = []
        if self.opts.variant == "five-card":
            pone = self._next(self.dealer)
            item = Item(Kind.PONE_START, (), 3)
            if self._add(pone, "pone's three", Score((item,)), events):
                return events
        return events + self._new_hand()

    def _new_hand(self) -> list[Event]:
        self._clear_hand()
        self.hand_number += 1
        self.lay: Layout = layout(self.opts.variant, len(self.active))
        lay = self.lay
        order = self._order_from(self._next(self.dealer))
        seats = len(order)
        dealt = lay.dealt * seats
        pack = self.draw(STANDARD_CARDS, dealt + lay.pack_to_crib + 1)
        for i, seat in enumerate(order):
            self.hand[seat] = sorted(pack[i:dealt:seats])
        self.pack_crib = tuple(pack[dealt : dealt + lay.pack_to_crib])
        self.starter = pack[-1]
        self.dealt = pack
        events: list[Event] = [NewHand(hand=self.hand_number, game=self.game_number, dealer=self.dealer)]
        events += [Dealt(player=s, count=lay.dealt, cards=tuple(self.hand[s])) for s in order]
        if lay.pack_to_crib:
            events.append(CribTopped(count=lay.pack_to_crib))
        self.phase = DISCARD
        self.waiting = frozenset(self.active)
        events.append(PhaseChanged(phase=DISCARD))
        return events

    def _discard_problem(self, player: int, move: Discard | KeepCrib) -> str | None:
        lay = self.lay
        if isinstance(move, Discard):
            if self.crib_done[player]:
                return "you have already discarded to the crib; now lay away your own crib with 'crib'"
            need, where = lay.to_crib, "the crib"
        else:
            if not lay.own_crib:
                return "only ten-hand cribbage has an own crib; use 'discard'"
            if self.own_done[player]:
                return "you have already laid away your own crib"
            need, where = lay.own_crib, "your own crib"
        if len(move.cards) != need:
            return f"discard exactly {need} card{'s' if need > 1 else ''} to {where}, not {len(move.cards)}"
        if len(set(move.cards)) != len(move.cards):
            return f"{format_cards(move.cards)} names a card twice; each card can be laid away once"
        missing = [c for c in move.cards if position(self.hand[player], c) < 0]
        if missing:
            return f"{format_cards(missing)} {'is' if len(missing) == 1 else 'are'} not in your hand"
        return None

    def _discard(self, player: int, move: Discard | KeepCrib) -> list[Event]:
        for card in move.cards:
            del self.hand[player][position(self.hand[player], card)]
        own = isinstance(move, KeepCrib)
        if own:
            self.own_crib[player] = move.cards
            self.own_done[player] = True
        else:
            self.to_crib[player] = move.cards
            self.crib_done[player] = True
        if self.crib_done[player] and (self.own_done[player] or not self.lay.own_crib):
            self.waiting = self.waiting - {player}
            self.kept[player] = tuple(self.hand[player])
        return [Discarded(player=player, count=len(move.cards), own_crib=own, cards=move.cards)]

    def _cut_starter(self, events: list[Event]) -> bool:
        """Turn up the starter; True if his heels won the game."""
        assert self.starter is not None
        self.starter_shown = True
        events.append(StarterCut(card=self.starter))
        if self.starter.rank == JACK:
            item = Item(Kind.HIS_HEELS, (self.starter,), self.opts.heels)
            return self._add(self.dealer, "his heels", Score((item,)), events)
        return False

    # --- the play -----------------------------------------------------------------------

    def _playable(self, player: int) -> list[Card]:
        room = 31 - self.count
        return [c for c in self.hand[player] if c.value <= room]

    def _play_problem(self, player: int, move: Play | Go) -> str | None:
        if isinstance(move, Go):
            playable = self._playable(player)
            if playable:
                return f"you can lay {format_cards(playable)}: lay a card if one keeps the count to 31"
            return None
        if position(self.hand[player], move.card) < 0:
            return f"{move.card} is not in your hand"
        if self.count + move.card.value > 31:
            return f"{move.card} would take the count from {self.count} past 31; lay a lower card or say go"
        return None

    def _play(self, player: int, card: Card) -> list[Event]:
        del self.hand[player][position(self.hand[player], card)]  # legal, so held
        self.played[player].append(card)
        self.pile.append((player, card))
        pile = self.pile_cards
        pile.append(card)
        self.count += card.value
        self.last_layer = player
        events: list[Event] = [CardPlayed(player=player, card=card, count=self.count)]
        score = peg(pile, self.count)
        if score.items and self._add(player, "pegging", score, events):
            return events
        if self.count == 31:
            events += self._end_round(player, after_go=False)
        elif not any(self.hand[s] for s in self.active):
            if not self._add(player, "pegging", go_point(pile, self.count, last_card=True), events):
                self._end_play(events)
        else:
            self._pass_turn(player)
        return events

    def _go(self, player: int, *, auto: bool) -> list[Event]:
        events: list[Event] = [SaidGo(player=player, auto=auto)]
        self.passed.add(player)
        if len(self.passed) == len(self.active):
            assert self.last_layer is not None
            events += self._end_round(self.last_layer, after_go=True)
        else:
            self._pass_turn(player)
        return events

    def _pass_turn(self, player: int) -> None:
        seat = self._next(player)
        while seat in self.passed:
            seat = self._next(seat)
        self.waiting = _ALONE[seat]

    def _end_round(self, last: int, *, after_go: bool) -> list[Event]:
        """Everyone has passed, or the count hit 31: the go point, then reset (or, five-card, the end)."""
        events: list[Event] = []
        if after_go and self._add(last, "pegging", go_point(self.pile_cards, self.count), events):
            return events
        if self.five_card or not any(self.hand[s] for s in self.active):
            self._end_play(events)
            return events
        leader = self._next(last)
        self.pile, self.pile_cards, self.count, self.passed = [], [], 0, set()
        self.waiting = _ALONE[leader]
        events.append(CountReset(leader=leader))
        return events

    def _end_play(self, events: list[Event]) -> None:
        self.pile, self.pile_cards, self.count, self.passed = [], [], 0, set()
        events.append(CountReset(leader=None))
        order = self._order_from(self._next(self.dealer))
        self.steps = [ShowStep(s, "hand", self.kept[s]) for s in order]
        if self.lay.own_crib:
            self.steps += [ShowStep(s, "own crib", self.own_crib[s]) for s in order]
        crib = self.pack_crib + tuple(itertools.chain.from_iterable(self.to_crib[s] for s in order))
        self.steps.append(ShowStep(self.dealer, "crib", crib))
        self._enter(PRE_SHOW if self.opts.pre_show else SHOW, events)

    # --- the show -----------------------------------------------------------------------

    @property
    def _step(self) -> ShowStep:
        return self.steps[len(self.shows)]

    def _step_score(self) -> Score:
        step = self._step
        starter, crib = self.starter, step.what != "hand"
        assert starter is not None
        return Score.deferred(
            show_points(step.cards, starter, crib), lambda: score_show(step.cards, starter, crib=crib)
        )

    def _show_step(self, claimed: int | None, events: list[Event]) -> bool:
        """Lay the next hand or crib face up and peg it; True if that won the game."""
        step = self._step
        assert self.starter is not None
        score = self._step_score()
        shown = Shown(player=step.player, what=step.what, cards=step.cards, starter=self.starter,
                      score=score, claimed=claimed)
        self.shows.append(shown)
        self.shown_cards.update(step.cards)
        events.append(shown)
        if claimed is None:
            return self._add(step.player, step.what, score, events)
        return self._add(step.player, step.what, _claimed(claimed, Kind.CLAIMED), events)

    def _claim(self, player: int, amount: int) -> list[Event]:
        events: list[Event] = []
        missed = self._step_score().total - amount
        self.waiting = _NOBODY
        if self._show_step(amount, events):
            return events
        opponents = [s for s in self.active if self.side_of[s] != self.side_of[player]]
        if self.opts.muggins and opponents:
            self.missed = missed
            self.muggins_against = player
            self.phase = MUGGINS
            self.waiting = frozenset(opponents)
            events.append(PhaseChanged(phase=MUGGINS))
        return events

    def _muggins(self, player: int, amount: int) -> list[Event]:
        events: list[Event] = [MugginsCalled(player=player, against=self.muggins_against, points=amount)]
        self.missed -= amount
        self.waiting = self.waiting - {player}
        if self._add(player, "muggins", _claimed(amount, Kind.MUGGINS), events):
            return events
        if self.missed == 0:
            self.waiting = _NOBODY
        return events

    # --- flow ---------------------------------------------------------------------------

    def _advance(self) -> list[Event]:
        """Run every transition and automatic move until some seat's input is needed."""
        events: list[Event] = []
        while True:
            if self.phase == PLAY and self.waiting:
                events += self._auto_play()
            if self.phase == OVER or self.waiting:
                break
            if self.phase == DISCARD:
                if not self._cut_starter(events):
                    self._enter(PLAY, events, waiting=_ALONE[self._next(self.dealer)])
            elif self.phase == PRE_SHOW:
                self._enter(SHOW, events)
            elif self.phase in (SHOW, MUGGINS):
                self.phase = SHOW
                if len(self.shows) == len(self.steps):
                    if self.opts.post_show:
                        self._enter(POST_SHOW, events)
                    else:
                        events += self._next_hand()
                elif self.manual:
                    self.waiting = _ALONE[self._step.player]
                else:
                    self._show_step(None, events)
            elif self.phase == POST_SHOW:
                events += self._next_hand()
        return events

    def _auto_play(self) -> list[Event]:
        """The table options' automatic moves: skip empty, skip pass, skip only move."""
        events: list[Event] = []
        while self.phase == PLAY and self.waiting:
            (player,) = self.waiting
            playable = self._playable(player)
            if not playable:
                empty = not self.hand[player]
                if (empty and self.skip_empty) or (not empty and self.skip_pass) or self.skip_only_move:
                    events += self._go(player, auto=True)
                    continue
            elif self.skip_only_move and len(playable) == 1:
                events += self._play(player, playable[0])
                continue
            break
        return events

    def _enter(self, phase: str, events: list[Event], waiting: frozenset[int] | None = None) -> None:
        self.phase = phase
        if waiting is not None:
            self.waiting = waiting
        elif phase in (PRE_SHOW, POST_SHOW):
            self.waiting = frozenset(self.active)
        else:
            self.waiting = _NOBODY
        events.append(PhaseChanged(phase=phase))

    def _next_hand(self) -> list[Event]:
        if self.opts.dealer_rule == "random":
            self.dealer = self.rng.choice(self.active)
        else:
            self.dealer = self._next(self.dealer)
        return self._new_hand()

    def _add(self, seat: int, reason: str, score: Score, events: list[Event]) -> bool:
        """Peg ``score`` for ``seat``'s side; True if that won the game (the flow must stop)."""
        if not score.total:
            return False
        side = self.side_of[seat]
        self.back_pegs[side] = self.side_scores[side]
        self.side_scores[side] += score.total
        events.append(Scored(player=seat, reason=reason, score=score, points=score.total,
                             total=self.side_scores[side]))
        if self.side_scores[side] >= self.target:
            events += self._game_won(side)
            return True
        return False

    # --- the end ------------------------------------------------------------------------

    def _skunk(self, score: int) -> str | None:
        skunk, double, triple = self.opts.skunk_lines
        if score < triple:
            return "triple skunk"
        if score < double:
            return "double skunk"
        if score < skunk:
            return "skunk"
        return None

    def _game_won(self, side: int) -> list[Event]:
        others = [s for s in range(len(self.sides)) if s != side and self._side_active(s)]
        best_other = max((self.side_scores[s] for s in others), default=0)
        skunk = self._skunk(best_other) if others else None
        points = SKUNK_POINTS[skunk]
        self.match_points[side] += points
        won = GameWon(game=self.game_number, winners=self.sides[side],
                      scores=tuple(self.scores), skunk=skunk, match_points=points)
        self.games_won.append(won)
        events: list[Event] = [won]
        needed = self.opts.match // 2 + 1
        if self.match_points[side] >= needed or skunk == "triple skunk":
            events += self._finish("target", winner=side)
            return events
        self.game_number += 1
        self.side_scores = [0] * len(self.sides)
        self.back_pegs = [0] * len(self.sides)
        self.dealer = self._next(self.dealer)
        self.phase = DISCARD
        events += self._start_game()
        return events

    def _finish(self, reason: str, winner: int | None) -> list[Event]:
        single = self.opts.match == 1
        per_seat = [
            float(self.side_scores[self.side_of[s]] if single else self.match_points[self.side_of[s]])
            for s in range(self.players)
        ]
        if winner is not None:
            for seat in self.sides[winner]:
                per_seat[seat] = float("inf")
        forced = [s for s in self.left if s not in (self.sides[winner] if winner is not None else ())]
        ranks = rank_by(per_seat, order=forced)
        skunks = tuple(
            None if ranks[s] == 1 or s in self.left else self._skunk(self.side_scores[self.side_of[s]])
            for s in range(self.players)
        )
        self._result = Result(
            ranks=ranks,
            scores=self.scores,
            reason=reason,
            skunks=skunks,
            match_points=tuple(self.match_points[self.side_of[s]] for s in range(self.players)),
        )
        self.phase = OVER
        self.waiting = _NOBODY
        return [GameOver(result=self._result.to_dict())]

    def _leave(self, player: int) -> list[Event]:
        events: list[Event] = []
        side = self.side_of[player]
        leaving = self.sides[side] if self.opts.partnerships else (player,)
        for seat in leaving:
            if seat not in self.left:
                self.left.append(seat)
                events.append(PlayerLeft(player=seat))
            if seat in self.active:
                self.active.remove(seat)
        remaining = [s for s in range(len(self.sides)) if self._side_active(s)]
        if len(remaining) <= 1:
            events += self._finish("leave", winner=remaining[0] if remaining else None)
            return events
        if self.dealer not in self.active:
            self.dealer = self._next(self.dealer, -self.direction)
        events += self._next_hand()
        return events

    # --- seats --------------------------------------------------------------------------

    def _side_active(self, side: int) -> bool:
        return any(seat in self.active for seat in self.sides[side])

    def _next(self, seat: int, step: int = 0) -> int:
        """The next seat still playing after ``seat`` in the direction of play (``step=-1``: before it)."""
        step = step or self.direction
        nxt = (seat + step) % self.players
        while nxt not in self.active:
            nxt = (nxt + step) % self.players
        return nxt

    def _order_from(self, first: int) -> list[int]:
        order = [first]
        while len(order) < len(self.active):
            order.append(self._next(order[-1]))
        return order

    def _expected(self) -> str:
        return {
            DISCARD: "'discard' (or 'crib' in ten-hand)",
            PLAY: "'play CARD' or 'go'",
            SHOW: "'claim N'",
            MUGGINS: "'muggins N' or 'ready'",
        }.get(self.phase, "'ready'")


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def _claimed(points: int, kind: Kind) -> Score:
    """A claimed or mugged number of points as one score item (manual counting names no cards)."""
    return Score((Item(kind, (), points),))

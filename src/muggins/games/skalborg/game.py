"""Skalborg: cribbage scoring played as Hold 'Em. Blinds, a five-card deal, one card thrown to a shared
crib of four, betting as the crib is turned (flop, turn, river), and the best eight-card Skalborg
count (hand and crib) takes the pot. The rules and every ruling are in docs/rules/skalborg.md.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Final

from muggins.cards import ALL_CARDS, Card, joker_pack
from muggins.games.base import DeckSpec, Game, shuffle
from muggins.games.errors import OptionError
from muggins.games.events import Dealt, Event, PhaseChanged
from muggins.games.flow import game_over, mask_of
from muggins.games.moves import READY, Discard, Leave, Move, Ready
from muggins.games.result import Result, Termination
from muggins.games.skalborg.betting import Round, Table
from muggins.games.skalborg.events import (
    Acted,
    BlindPosted,
    BoardTurned,
    Busted,
    Counted,
    NewHand,
    PotWon,
    Shown,
    Thrown,
)
from muggins.games.skalborg.moves import Count
from muggins.games.skalborg.options import MAX_CHIPS, BlindStructure, RevealOrder, SkalborgOptions
from muggins.games.skalborg.pots import award, side_pots
from muggins.scoring.items import Kind, Score
from muggins.scoring.skalborg.fast import skalborg_points
from muggins.scoring.skalborg.hand import SIDE, score_skalborg, score_so_far

HAND_SIZE: Final = 5
CRIB_SIZE: Final = 4


class Phase(enum.StrEnum):
    """Where the hand is: throwing to the crib, a betting round (one per street), the count under
    manual counting, the pause after a hand, or the end of the game."""

    THROW = "throw"
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"
    COUNT = "count"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


# Module constants are Final, so compiled code reads them as C globals, not from the module's dict.
STREETS: Final = (Phase.PREFLOP, Phase.FLOP, Phase.TURN, Phase.RIVER)
TURNED: Final = {Phase.FLOP: 2, Phase.TURN: 1, Phase.RIVER: 1}
"""How many crib cards each street turns face up."""
BETTING: Final = frozenset(STREETS)
_STREET_AT: Final = {str(street): at for at, street in enumerate(STREETS)}
"""Each street's place in ``STREETS`` by its name (a dictionary's look-up, not the enum's call)."""
THROWS: Final = tuple(Discard((card,)) for card in sorted(ALL_CARDS, key=lambda card: card.index))
"""Each card's throw to the crib, by the card's index: moves are immutable, so the legal moves of
every throw share them rather than make five new ones."""
_PHASE_CHANGED: Final = {phase: PhaseChanged(str(phase)) for phase in Phase}
"""Each phase's change, made once and shared (events are immutable): an enum's ``value`` is read
through a Python-level property, and a hand changes phase five times or more."""


MAX_CLAIMS: Final = 1000
"""The most claims one player may make in one count (a bound on what a client can make the table
store; a real hand has far fewer combinations)."""


def claimed_points(kind: str, cards: tuple[Card, ...]) -> int:
    """What a claim says it is worth: two for a fifteen or a pair, one a card for a run or a flush."""
    return 2 if kind in (Kind.FIFTEEN, Kind.PAIR) else len(cards)


class Skalborg(Game[SkalborgOptions]):
    """A game of Skalborg for 2-4 players, played until one holds every chip (or ``max_hands``)."""

    name = "skalborg"
    min_players = 2
    max_players = 4
    options_model = SkalborgOptions
    verbs = frozenset(
        {"discard", "check", "call", "bet", "raise", "allin", "fold", "count", "ready", "leave", "resign"}
    )

    table: Table
    round: Round
    phase: Phase
    actor: int | None
    hands: dict[int, list[Card]]
    thrown: dict[int, Card]
    crib: list[Card]
    board: list[Card]
    shown: dict[int, tuple[Card, ...]]
    points: dict[int, int]
    claims: dict[int, list[tuple[str, tuple[Card, ...], int | None]]]
    """Each contender's claims under manual counting: kind, cards, and points once judged."""
    won: dict[int, int]

    def __init__(
        self, *, players: int, seed: int | None = None, deck: DeckSpec | None = None, **options: Any
    ) -> None:
        super().__init__(players=players, seed=seed, deck=deck, **options)
        opts = self.options
        if opts.reveal_order is RevealOrder.RECAP and self.players != 2:
            raise OptionError(f"the recap reveal order is for 2 players, not {self.players}")
        if opts.first_dealer is not None and opts.first_dealer >= self.players:
            raise OptionError(f"first_dealer {opts.first_dealer} is not a seat (0-{self.players - 1})")
        self.stacks = [opts.starting_stack] * self.players
        self.out: set[int] = set()
        self.exits: list[list[int]] = []
        """Seats that busted or left, one group per occasion, first out first."""
        self.exit_key: dict[int, int] = {}
        self.hand_number = 0
        self.dealer = self.rng.randrange(self.players) if opts.first_dealer is None else opts.first_dealer
        self.over_reason: str | None = None
        self.termination = Termination.DEALS
        self.counter: Callable[[Sequence[Card], Sequence[Card]], Score] = showdown_score
        """How a showdown is counted. Replaceable so that the conformance suite's leak test can give a
        showdown another count and prove that nothing anyone receives depends on it before everyone
        is ready."""
        self._start_hand(self.events)

    # --- the protocol -------------------------------------------------------------------

    @property
    def seated(self) -> list[int]:
        """Seats still at the table (not busted, not left)."""
        return [seat for seat in range(self.players) if seat not in self.out]

    @property
    def contenders(self) -> list[int]:
        """Seats dealt in this hand that have not folded, from the dealer's left."""
        return [seat for seat in self.table.dealt if seat not in self.table.folded]

    @property
    def to_move(self) -> frozenset[int]:
        if self.phase in BETTING:
            return frozenset() if self.actor is None else frozenset({self.actor})
        return self.waiting.seats

    def waits_for(self, player: int) -> bool:
        return self.actor == player if self.phase in BETTING else self.waiting.has(player)

    def lowest_to_move(self) -> int:
        if self.phase in BETTING:
            return -1 if self.actor is None else self.actor
        return self.waiting.lowest()

    def counts_by_hand(self, player: int) -> bool:
        """Counting one's own combinations after the showdown (manual counting only)."""
        return self.phase is Phase.COUNT and player in self.to_move

    def legal_moves(self, player: int) -> list[Move]:
        if not self.waits_for(player):
            return []
        if self.phase is Phase.THROW:
            return [THROWS[card.index] for card in sorted(self.hands[player])]
        if self.phase in BETTING:
            return self.round.legal(self.table, player)
        return [READY]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.stacks)

    @property
    def result(self) -> Result | None:
        if self.over_reason is None:
            return None
        return Result(self._ranks(), tuple(self.stacks), self.over_reason, self.termination)

    def hidden_cards(self, viewer: int | None) -> frozenset[Card]:
        seen = set(self.board) | {c for cards in self.shown.values() for c in cards}
        if viewer is not None and viewer in self.hands:
            seen |= set(self.hands[viewer])
            if viewer in self.thrown:
                seen.add(self.thrown[viewer])
        return frozenset(ALL_CARDS) - seen

    def illegal_reason(self, player: int, move: Move) -> str | None:
        if type(move) is Leave:
            return None
        if self.phase is Phase.THROW:
            if type(move) is not Discard:
                return f"throw one card to the crib first ('discard 5H'), not '{move}'"
            if len(move.cards) != 1:
                return f"throw exactly one card to the crib, not {len(move.cards)}"
            if move.cards[0] not in self.hands[player]:
                return f"you do not hold {move.cards[0]}"
            return None
        if self.phase in BETTING:
            return self.round.illegal_reason(self.table, player, move)
        if self.phase is Phase.COUNT:
            if type(move) is Ready:
                return None
            if type(move) is not Count:
                return f"count your combinations ('count fifteen 5H 10S') or say 'ready', not '{move}'"
            pool = set(self.hands[player]) | set(self.board)
            stray = [str(c) for c in move.cards if c not in pool]
            if stray:
                verb = "is" if len(stray) == 1 else "are"
                return f"{' '.join(stray)} {verb} not in your hand or on the board"
            if (move.kind, frozenset(move.cards)) in {(k, frozenset(c)) for k, c, _ in self.claims[player]}:
                return f"you have already counted that {move.kind}"
            if len(self.claims[player]) >= MAX_CLAIMS:
                return f"you have made {MAX_CLAIMS} claims, the most a hand allows; say 'ready'"
            return None
        return None if type(move) is Ready else f"say 'ready' for the next hand, not '{move}'"

    def make_move(self, player: int, move: Move) -> list[Event]:
        events: list[Event] = []
        kind = type(move)
        if kind is Leave:
            self._leave(player, events)
        elif kind is Discard:
            assert isinstance(move, Discard)
            self._throw(player, move.cards[0], events)
        elif kind is Count:
            assert isinstance(move, Count)
            self._count(player, move, events)
        elif kind is Ready:
            if self.waiting.done(player):
                if self.phase is Phase.COUNT:
                    self._settle_count(events)
                else:
                    self._start_hand(events)
        else:
            action, chips = self.round.apply(self.table, player, move)
            events.append(self._acted(player, action, chips))
            self.actor = None
            self._advance(self._left_of_in_hand(player), events)
        return events

    def game_view(self, player: int | None) -> dict[str, Any]:
        betting = self.phase in BETTING
        bets = list(self.round.bets) if betting or self.phase is Phase.THROW else [0] * self.players
        collected = [c - b for c, b in zip(self.table.committed, bets, strict=True)]
        view: dict[str, Any] = {
            "phase": self.phase.value,
            "hand": self.hand_number,
            "dealer": self.dealer,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "stacks": list(self.stacks),
            "dealt": list(self.table.dealt),
            "folded": sorted(self.table.folded),
            "out": sorted(self.out),
            "all_in": [s for s in self.contenders if self.stacks[s] == 0],
            "cards": [str(c) for c in sorted(self.hands.get(player, []))] if player is not None else [],
            "thrown": str(self.thrown[player]) if player in self.thrown else None,
            "thrown_by": sorted(self.thrown),
            "board": [str(c) for c in self.board],
            "face_down": len(self.crib) - len(self.board) if self.crib else CRIB_SIZE,
            "committed": list(self.table.committed),
            "pot": sum(self.table.committed),
            "pots": [
                {"amount": p.amount, "eligible": list(p.eligible)}
                for p in side_pots(collected, self.contenders)
            ],
            "bets": bets,
            "current_bet": self.round.current if betting or self.phase is Phase.THROW else 0,
            "acting": self.actor if betting else None,
            "actions": list(self.actions),
            "showdown": [
                {"player": s, "cards": [str(c) for c in cards], "points": self.points.get(s)}
                for s, cards in self.shown.items()
            ],
            "claims": {
                str(s): [{"kind": str(k), "cards": [str(c) for c in cs], "points": p} for k, cs, p in claims]
                for s, claims in self.claims.items()
            },
            "won": {str(s): chips for s, chips in self.won.items()},
            "worth": self._worth(player),
        }
        if betting and player is not None and player in self.table.dealt:
            view["to_call"] = min(self.round.owed(player), self.stacks[player])
            can_raise = self.round.can_raise(self.table, player)
            low, high = self.round.raise_bounds(self.table, player) if can_raise else (None, None)
            view["min_raise_to"], view["max_raise_to"] = low, high
        return view

    def _worth(self, player: int | None) -> int | None:
        """What ``player``'s kept four would score with the board turned so far: None before they
        threw, for a spectator, and under manual counting (the count is the player's to make)."""
        hand = self.hands.get(player, []) if player is not None else []
        if len(hand) != SIDE or self.options.counting == "manual":
            return None
        return score_so_far(hand, self.board).total

    # --- the hand -----------------------------------------------------------------------

    def _start_hand(self, events: list[Event]) -> None:
        """Move the deal on, post the blinds and deal five cards each."""
        if self.hand_number:
            self.dealer = next(s for s in self._from_left_of(self.dealer) if s not in self.out)
        self.hand_number += 1
        self.small_blind, self.big_blind = self._blind_level(self.hand_number)
        dealt = [s for s in self._from_left_of(self.dealer) if s not in self.out]
        self.table = Table(stacks=self.stacks, committed=[0] * self.players, folded=set(), dealt=dealt)
        self.start_stacks = list(self.stacks)
        self.phase = Phase.THROW
        self.thrown = {}
        self.crib = []
        self.board = []
        self.actor = None
        self.actions: list[dict[str, Any]] = []
        self.shown = {}
        self.points = {}
        self.claims = {}
        self.won = {}
        self.waiting.on(mask_of(dealt))
        events.append(NewHand(self.hand_number, self.dealer, self.small_blind, self.big_blind))
        self._post_blinds(events)
        pack = self.next_pack(joker_pack())
        if len(pack) < len(ALL_CARDS):  # a deck given may hold only the cards dealt: the rest follow
            present = set(pack)  # (its cards are distinct, so a whole one already holds them all)
            pack += [card for card in ALL_CARDS if card not in present]
        self.hands = {s: [pack[k * len(dealt) + i] for k in range(HAND_SIZE)] for i, s in enumerate(dealt)}
        self.pack = pack[HAND_SIZE * len(dealt) :]
        events.extend(Dealt(s, HAND_SIZE, tuple(self.hands[s])) for s in dealt)
        events.append(_PHASE_CHANGED[Phase.THROW])

    def _post_blinds(self, events: list[Event]) -> None:
        """Post the blinds of the game's structure and open the betting before the flop."""
        dealt = self.table.dealt
        structure = self.options.blinds
        posts: list[tuple[int, str, int]]
        if structure is BlindStructure.EQUAL:
            posts = [(s, "blind", self.big_blind) for s in dealt]
            big_seat = dealt[0]
        elif structure is BlindStructure.NON_DEALER:
            posts = [(dealt[0], "blind", self.big_blind)]
            big_seat = dealt[0]
        else:
            small_seat, big_seat = (dealt[-1], dealt[0]) if len(dealt) == 2 else (dealt[0], dealt[1])
            posts = [(small_seat, "small", self.small_blind), (big_seat, "big", self.big_blind)]
        for seat, blind, amount in posts:
            chips = min(amount, self.stacks[seat])
            self.table.put(seat, chips)
            events.append(BlindPosted(seat, blind, chips))
        self.round = Round(
            str(Phase.PREFLOP),
            self.options.betting,
            self.big_blind,
            bets=list(self.table.committed),
            current=self.big_blind,
            min_raise=self.big_blind,
            raises=1,
            forced=True,
        )
        self.first_to_act = dealt[(dealt.index(big_seat) + 1) % len(dealt)]

    def _throw(self, player: int, card: Card, events: list[Event]) -> None:
        self.hands[player].remove(card)
        self.thrown[player] = card
        events.append(Thrown(player, card))
        if self.waiting.done(player):
            self._make_crib(events)

    def _make_crib(self, events: list[Event]) -> None:
        """Burn one card, top the crib up to four from the pack, shuffle it; the betting opens."""
        throws = [self.thrown[s] for s in self.table.dealt if s in self.thrown]
        need = CRIB_SIZE - len(throws)
        top_up = self.pack[1 : 1 + need]
        self.pack = self.pack[1 + need :]
        if self.options.reveal_order is RevealOrder.RECAP:
            self.crib = top_up + throws
        else:
            self.crib = throws + top_up
            shuffle(self.rng, self.crib)  # as rng.shuffle does it, compiled
        self.phase = Phase.PREFLOP
        events.append(_PHASE_CHANGED[Phase.PREFLOP])
        self._advance(self.first_to_act, events)

    def _advance(self, start: int, events: list[Event]) -> None:
        """Find the next seat to act from ``start``; when the round is done, turn the next street
        (or go to the showdown); a lone contender takes the pot at once."""
        while True:
            if len(self.contenders) == 1:
                self._fold_win(events)
                return
            if self.phase not in BETTING:
                return
            dealt = self.table.dealt
            first = dealt.index(start)
            for step in range(len(dealt)):
                seat = dealt[(first + step) % len(dealt)]
                if self.round.needs_action(self.table, seat):
                    self.actor = seat
                    return
            street = _STREET_AT[self.round.street]
            if street == len(STREETS) - 1:
                self._showdown(events)
                return
            self._turn(STREETS[street + 1], events)
            start = dealt[0]

    def _turn(self, street: Phase, events: list[Event]) -> None:
        """Turn the crib cards of ``street`` face up and open its betting round."""
        new = self.crib[len(self.board) : len(self.board) + TURNED[street]]
        self.board += new
        self.phase = street
        self.round = Round(str(street), self.options.betting, self.big_blind, bets=[0] * self.players)
        events.append(_PHASE_CHANGED[street])
        events.append(BoardTurned(str(street), tuple(new), tuple(self.board)))

    def _acted(self, player: int, action: str, chips: int) -> Acted:
        betting = self.phase in BETTING
        bet = self.round.bets[player] if betting else 0
        street = str(self.phase)
        record = {"player": player, "street": street, "action": action, "chips": chips, "bet": bet}
        self.actions.append(record)
        return Acted(player, action, chips, bet, self.stacks[player] == 0 and action != "fold")

    # --- the showdown and the end of a hand ---------------------------------------------

    def _showdown(self, events: list[Event]) -> None:
        self.actor = None
        events.append(_PHASE_CHANGED[Phase.SHOWDOWN])
        manual = self.options.counting == "manual"
        for seat in self.contenders:
            cards = tuple(sorted(self.hands[seat]))
            self.shown[seat] = cards
            if manual:
                self.claims[seat] = []
                events.append(Shown(seat, cards, None, None))
            else:
                score = self.counter(cards, tuple(self.board))
                self.points[seat] = score.total
                events.append(Shown(seat, cards, score, score.total))
        if manual:
            self.phase = Phase.COUNT
            self.waiting.on(mask_of(self.contenders))
            events.append(_PHASE_CHANGED[Phase.COUNT])
        else:
            self._award(events)

    def _count(self, player: int, move: Count, events: list[Event]) -> None:
        """A claim, recorded unjudged: whether it is right is said only when everyone is ready."""
        self.claims[player].append((str(move.kind), move.cards, None))
        events.append(Counted(player, str(move.kind), move.cards, None, None))

    def _settle_count(self, events: list[Event]) -> None:
        """Everyone is ready: each claim is judged. A combination of the scorer's scores its points;
        any other claim is a miscall and takes off what it claimed (docs/rules/skalborg.md). Then
        every showdown is itemised for everyone."""
        for seat in self.contenders:
            score = self.counter(self.shown[seat], self.board)
            items = {(str(item.kind), frozenset(item.cards)): item.points for item in score}
            judged: list[tuple[str, tuple[Card, ...], int | None]] = []
            for kind, cards, _ in self.claims[seat]:
                points = items.get((kind, frozenset(cards)))
                valid = points is not None
                points = points if points is not None else -claimed_points(kind, cards)
                judged.append((kind, cards, points))
                events.append(Counted(seat, kind, cards, points, valid))
            self.claims[seat] = judged
            self.points[seat] = sum(points or 0 for _, _, points in judged)
            events.append(Shown(seat, self.shown[seat], score, self.points[seat]))
        self._award(events)

    def _award(self, events: list[Event]) -> None:
        pots = side_pots(self.table.committed, self.contenders)
        for number, (pot, shares) in enumerate(
            zip(pots, award(pots, self.points, self.table.dealt), strict=True)
        ):
            # a pot only one contender reached is their bet nobody called, handed back
            reason = "showdown" if len(pot.eligible) > 1 else "uncalled"
            events.append(PotWon(number, sum(shares.values()), shares, reason))
            self._pay(shares)
        self._end_hand(events)

    def _fold_win(self, events: list[Event]) -> None:
        winner = self.contenders[0]
        amount = sum(self.table.committed)
        self._pay({winner: amount})
        events.append(PotWon(0, amount, {winner: amount}, "everyone else folded"))
        self._end_hand(events)

    def _pay(self, shares: dict[int, int]) -> None:
        for seat, chips in shares.items():
            self.stacks[seat] += chips
            self.won[seat] = self.won.get(seat, 0) + chips
        self.table.committed = [0] * self.players

    def _end_hand(self, events: list[Event]) -> None:
        """Bust the seats with no chips; the game ends, or the table waits for 'ready'."""
        self.actor = None
        self.phase = Phase.HAND_OVER
        busted = [s for s in self.table.dealt if s not in self.out and self.stacks[s] == 0]
        events.extend(Busted(s) for s in busted)
        if busted:
            self._exit(busted)
        self.waiting.on(mask_of(self.seated))
        events.append(_PHASE_CHANGED[Phase.HAND_OVER])
        self._maybe_over(events)

    def _maybe_over(self, events: list[Event]) -> None:
        if len(self.seated) <= 1:
            if sum(self.stacks[s] for s in self.out):
                reason, termination = f"everyone else {self.went(self.left)}", Termination.LEFT
            else:
                reason, termination = "one player holds every chip", Termination.ALL_CHIPS
        elif self.options.max_hands is not None and self.hand_number >= self.options.max_hands:
            hands = self.hand_number
            reason, termination = f"{hands} hand{'s' if hands > 1 else ''} played", Termination.DEALS
        else:
            return
        self.over_reason, self.termination = reason, termination
        self.phase = Phase.GAME_OVER
        self.waiting.clear()
        result = self.result
        assert result is not None
        events.append(game_over(result))

    def _leave(self, player: int, events: list[Event]) -> None:
        """A player who leaves folds and is out of the game, ranked below everyone still playing."""
        self.left.append(player)
        events.append(self.left_event(player))
        if player in self.out:
            return
        self._exit([player])
        nobody_left = self.waiting.done(player)
        if self.phase is Phase.HAND_OVER:
            self._maybe_over(events)
            if self.over_reason is None and nobody_left:
                self._start_hand(events)
            return
        if player not in self.contenders:
            return
        acting = self.actor == player
        self.table.folded.add(player)
        events.append(self._acted(player, "fold", 0))
        if len(self.contenders) == 1:
            self._fold_win(events)
        elif self.phase is Phase.THROW:
            if nobody_left:
                self._make_crib(events)
        elif self.phase is Phase.COUNT:
            if nobody_left:
                self._settle_count(events)
        else:
            start = self.actor if self.actor is not None and not acting else self._left_of_in_hand(player)
            self.actor = None
            self._advance(start, events)

    def _left_of_in_hand(self, seat: int) -> int:
        """The seat dealt in after ``seat`` (the betting goes round to the left)."""
        dealt = self.table.dealt
        return dealt[(dealt.index(seat) + 1) % len(dealt)]

    def _exit(self, seats: list[int]) -> None:
        self.out.update(seats)
        self.exits.append(seats)
        for seat in seats:
            self.exit_key[seat] = self.start_stacks[seat]

    def _ranks(self) -> tuple[int, ...]:
        """Seats at the table by chips; then those out, the last out best; seats that busted on the
        same hand by the chips they held when it began."""
        groups: list[list[int]] = []
        for chips in sorted({self.stacks[s] for s in self.seated}, reverse=True):
            groups.append([s for s in self.seated if self.stacks[s] == chips])
        for exit_group in reversed(self.exits):
            for key in sorted({self.exit_key[s] for s in exit_group}, reverse=True):
                groups.append([s for s in exit_group if self.exit_key[s] == key])
        ranks = [0] * self.players
        rank = 1
        for group in groups:
            for seat in group:
                ranks[seat] = rank
            rank += len(group)
        return tuple(ranks)

    def _from_left_of(self, seat: int) -> list[int]:
        """Every seat, starting on ``seat``'s left and ending with ``seat``."""
        return [(seat + step) % self.players for step in range(1, self.players + 1)]

    def _blind_level(self, hand: int) -> tuple[int, int]:
        """The blinds of hand number ``hand``: from the schedule if one is given, else the opening
        blinds doubled every ``double_blinds_every`` hands (no higher than the most chips a stack
        may start with, which already puts every player all-in)."""
        opts = self.options
        small, big = opts.small_blind, opts.big_blind
        if not opts.blind_schedule:
            if opts.double_blinds_every is None:
                return small, big
            factor = 1 << min((hand - 1) // opts.double_blinds_every, MAX_CHIPS.bit_length())
            return min(small * factor, MAX_CHIPS), min(big * factor, MAX_CHIPS)
        for level in opts.blind_schedule:
            if level.hand <= hand:
                small, big = level.small_blind, level.big_blind
        return small, big


def showdown_score(hand: Sequence[Card], board: Sequence[Card]) -> Score:
    """A hand's score at the showdown: the total from the fast tables, the items (for the players
    to see) worked out only when read."""
    return Score.deferred(skalborg_points((*hand, *board)), partial(score_skalborg, hand, board))


GAME = Skalborg
"""The class the registry creates for ``skalborg``."""

"""The game protocol every game implements: one shape for the library, bots, CLI and server.

A game is (name, players, options, seed or deck, moves). ``apply`` validates a move, changes the
state and returns the events it caused; an illegal move raises and changes nothing. ``view`` is
what one seat (or a spectator) may see. ``record`` is the whole game; ``load_game`` replays it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Final, Generic, cast

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from muggins.cards import Card, CardError, parse_cards
from muggins.games.errors import (
    GameOverError,
    IllegalMoveError,
    NotYourTurnError,
    OptionError,
)
from muggins.games.events import Dealt, Event, PlayerLeft
from muggins.games.flow import Seating, Waiting
from muggins.games.moves import Leave, Move, Resign, parse_move
from muggins.games.options import Options
from muggins.games.result import Finished, Played, Result

RECORD_VERSION: Final = 1


DeckSpec = Sequence[str | Card] | Sequence[Sequence[str | Card]]
OptionsT_co = TypeVar("OptionsT_co", bound=Options, default=Options, covariant=True)
"""The options model of a game (``Game`` alone: any options). Covariant: a ``Game[CribbageOptions]``
is a ``Game``, so code written for any game takes every engine."""


_LEAVE: Final = Leave()


class MoveStack:
    """The moves made in a game, oldest first, read as ``(seat, move)`` pairs (a ``Sequence``).

    The pairs are made when read: a game that kept one for each of its hundreds of moves kept
    objects that outlived young garbage collections and brought on full ones (a sixth of a random
    Cribist game's time, issue 21)."""

    def __init__(self) -> None:
        self.seats: list[int] = []
        self.made: list[Move] = []

    def push(self, seat: int, move: Move) -> None:
        """Add ``move``, made by ``seat``."""
        self.seats.append(seat)
        self.made.append(move)

    def __len__(self) -> int:
        return len(self.made)

    def __getitem__(self, index: int) -> tuple[int, Move]:
        """The pair at ``index`` (negative from the end, as for a list)."""
        return self.seats[index], self.made[index]

    def __iter__(self) -> Iterator[tuple[int, Move]]:
        return zip(self.seats, self.made, strict=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MoveStack) and self.seats == other.seats and self.made == other.made

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"MoveStack({list(self)!r})"


Sequence.register(MoveStack)


@mypyc_attr(allow_interpreted_subclasses=True)  # Cribbage Squares is not compiled
class Game(ABC, Generic[OptionsT_co]):
    """Base of every game: move validation, the move stack, records and views.

    ``Game[CribbageOptions]``: a game's ``options`` are its own validated, typed options model.
    """

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[Options]]
    verbs: ClassVar[frozenset[str]]
    """The verbs of the game's moves (``leave`` and table-only moves included): any other is a
    syntax error naming these."""

    def __init__(
        self,
        *,
        players: int,
        seed: int | None = None,
        deck: DeckSpec | None = None,
        **options: Any,
    ) -> None:
        if not self.min_players <= players <= self.max_players:
            seats = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players}-{self.max_players}"
            )
            raise OptionError(f"{self.name} is for {seats} players, not {players}")
        self.players = players
        self.options = cast(OptionsT_co, parse_options(self.options_model, options))
        self.seed = random.SystemRandom().randrange(2**63) if seed is None else int(seed)
        self.rng = random.Random(self.seed)
        self.decks = parse_decks(deck)
        self.decks_used = 0
        self.moves = MoveStack()
        self.events: list[Event] = []
        self.left: list[int] = []
        self.resigned: list[int] = []
        """The seats of ``left`` that resigned (a side's partners with it): they keep their seats."""
        self.resigning: int | None = None
        """While a resignation is made: how many seats had left before it."""
        self.seating = self.make_seating()
        """The seats in the direction of play, their sides, and who is still playing."""
        self.waiting = Waiting()
        """The seats whose input the game waits for (a game whose turn is one seat's may say so
        otherwise: ``to_move`` is the protocol)."""

    # --- the protocol -------------------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> frozenset[int]:
        """The seats whose input the game is waiting for (several while discarding)."""

    @abstractmethod
    def legal_moves(self, player: int) -> list[Move]:
        """Every legal move for ``player`` now; [] when not their turn. ``leave`` is always allowed
        and never listed. Moves with a free amount (bet, raise, claim) list representative amounts."""

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each seat's score (partners show their side's score)."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""

    @abstractmethod
    def hidden_cards(self, viewer: int | None) -> frozenset[Card]:
        """The cards ``viewer`` (a seat, or None for a spectator) must not see now: others' hands
        and face-down cards, the undealt pack. Views and events never show them to that viewer."""

    def move_seen(self, seat: int, move: Move, viewer: int | None) -> str:
        """The text of ``move``, just made by ``seat``, as ``viewer`` (a seat, None: a spectator)
        may read it: all of it for its maker, only its verb for anyone else. Others learn of a move
        what its events tell them, so no move's text (a discard's cards, a Squares cell) can tell
        more; a game whose moves are public as they are made says so by overriding this."""
        return str(move) if viewer == seat else move.verb

    def past_first_deal(self) -> bool:
        """Whether the game has gone past its first deal (a seat has been dealt cards a second
        time). A game abandoned sooner was no real game, so it counts for nobody's rating; a game
        with no deals (Cribbage Squares turns its cards one by one) is never past its first."""
        dealt: set[int] = set()
        for event in self.events:
            if type(event) is Dealt:
                if event.player in dealt:
                    return True
                dealt.add(event.player)
        return False

    @property
    def sides(self) -> list[tuple[int, ...]]:
        """The seats that play as one side (partners share a score and a rank); each alone by default."""
        return self.seating.sides

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def clock_minutes(self) -> float | None:
        """The minutes this game may last by a clock of its own while its time has not been called
        (None: it has no such clock). The table counts them from the game's start and, when they
        run out, makes ``time_up_move`` for seat 0."""
        return None

    def time_up_move(self) -> Move:
        """The move the table makes when the game's clock runs out (a game with a clock defines it)."""
        raise NotImplementedError(f"{self.name} has no game clock")

    def finish_randomly(self, rng: random.Random) -> Finished | None:
        """The end ``games.rollout.play_out`` would reach from here with ``rng`` (the same moves, the
        same deals), found without changing this game, on the game's own quick path; None where it
        has none for this game or position."""
        return None

    def play_randomly(self, seeds: Sequence[int]) -> Played | None:
        """This game played to its end with each seat's moves drawn by ``random.Random(seed)`` of its
        seed in ``seeds``, as a random bot with that seed draws them (``choice`` among the legal
        moves in their order, no draw where there is only one; the lowest seat to move first), found
        without changing this game, on the game's own quick path: the result, the moves made and
        each deal's points by seat and reason from here, all a simulation of random bots records.
        None where it has none for this game or position."""
        return None

    @property
    def state_id(self) -> int:
        """Counts the moves applied; a client's move made against an older state is stale."""
        return len(self.moves)

    def apply(self, player: int, move: Move | str) -> list[Event]:
        """Validate and make ``move`` for ``player``; return the events it caused.

        Raises ``MoveSyntaxError`` for text that is not a move and ``IllegalMoveError`` (or its
        subclasses ``NotYourTurnError`` and ``GameOverError``) for a move the rules forbid now;
        either way the game is unchanged.
        """
        made = parse_move(move, self.verbs) if isinstance(move, str) else move  # typed: no check per use
        if not 0 <= player < self.players:
            self.check_seat(player)
        if self.result is not None:
            raise GameOverError("the game is over")
        kind = type(made)
        if kind is Leave or kind is Resign:
            if player in self.left:
                raise IllegalMoveError(f"player {player} has already left")
        elif not self.waits_for(player) and not made.server_only:  # the table's moves wait on nobody
            raise NotYourTurnError(self.not_your_turn_reason(player))
        rule = _LEAVE if kind is Resign else made  # resigning is leaving the game, in every game
        reason = self.illegal_reason(player, rule)
        if reason is not None:
            raise IllegalMoveError(reason)
        self.moves.push(player, made)
        if kind is not Resign:
            events = self.make_move(player, made)
        else:
            before = self.resigning = len(self.left)
            try:
                events = self.make_move(player, rule)
            finally:
                self.resigning = None
            self.resigned.extend(self.left[before:])
        self.events.extend(events)
        return events

    def make_legal(self, player: int, move: Move) -> None:
        """Make ``move``, taken from ``legal_moves(player)`` just now, without checking it again
        (the rollouts' path: their moves come from that list, so ``apply``'s checks would pass);
        anything else, or a resignation, goes through ``apply``."""
        kind = type(move)
        if kind is Resign or kind is Leave:
            self.apply(player, move)
            return
        self.moves.push(player, move)
        self.events.extend(self.make_move(player, move))

    def left_event(self, seat: int) -> PlayerLeft:
        """The event of ``seat`` leaving the game now (resigning, during a resignation)."""
        return PlayerLeft(seat, self.resigning is not None or seat in self.resigned)

    def went(self, seats: Sequence[int]) -> str:
        """How ``seats`` left the game, for a result's reason: "resigned" or "left the table"."""
        quitting = set(self.resigned)
        if self.resigning is not None:
            quitting.update(self.left[self.resigning :])
        return "resigned" if seats and all(seat in quitting for seat in seats) else "left the table"

    def waits_for(self, player: int) -> bool:
        """Whether ``player`` is in ``to_move`` (an engine may answer without making the set)."""
        return player in self.to_move

    def lowest_to_move(self) -> int:
        """The lowest seat in ``to_move``, -1 when it is empty: the seat random play moves on every
        turn (an engine may answer without making the set)."""
        lowest = -1
        for seat in self.to_move:  # a loop: min() is a call by name when compiled
            if lowest < 0 or seat < lowest:
                lowest = seat
        return lowest

    def counts_by_hand(self, player: int) -> bool:
        """Whether ``player`` is asked now to count by hand: to claim points or to judge another's
        claim. That decision tests the player, so nothing served may answer it: no hint."""
        return False

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see (``None``: a spectator), as JSON-ready values."""
        if player is not None:
            self.check_seat(player)
        common: dict[str, Any] = {
            "game": self.name,
            "players": self.players,
            "you": player,
            "state_id": self.state_id,
            "scores": list(self.scores),
            "to_move": sorted(self.to_move),
            "legal_moves": [str(m) for m in self.legal_moves(player)] if player is not None else [],
            "left": list(self.left),
            "resigned": list(self.resigned),
            "options": self.options.as_json(),
            "result": self.result.to_dict() if self.result else None,
        }
        common.update(self.game_view(player))
        return common

    def auto_move(self, player: int) -> Move:
        """The move made for ``player`` when their clock runs out (a legal move, chosen plainly)."""
        moves = self.legal_moves(player)
        if not moves:
            raise IllegalMoveError(f"player {player} has no move to make now")
        return moves[0]

    def record(self) -> dict[str, Any]:
        """The whole game as JSON-ready data: replaying it reproduces every event."""
        return {
            "version": RECORD_VERSION,
            "game": self.name,
            "players": self.players,
            "seed": self.seed,
            "deck": [[str(c) for c in d] for d in self.decks] or None,
            "options": self.options.as_json(),
            "moves": [[p, str(m)] for p, m in self.moves],
        }

    # --- for subclasses -----------------------------------------------------------------

    @abstractmethod
    def illegal_reason(self, player: int, move: Move) -> str | None:
        """Why ``move`` by ``player`` (who is to move, or is leaving) is illegal now; None if legal."""

    @abstractmethod
    def make_move(self, player: int, move: Move) -> list[Event]:
        """Change the state for a validated move and return its events."""

    @abstractmethod
    def game_view(self, player: int | None) -> dict[str, Any]:
        """The game-specific part of the view."""

    def make_seating(self) -> Seating:
        """The seating of this game (after its options are read): each seat alone, clockwise."""
        return Seating(self.players)

    def not_your_turn_reason(self, player: int) -> str:
        waiting = ", ".join(f"player {p}" for p in sorted(self.to_move)) or "nobody"
        return f"it is not player {player}'s turn (waiting for {waiting})"

    def check_seat(self, player: int) -> None:
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise IllegalMoveError(f"there is no player {player!r} (players are 0-{self.players - 1})")

    def draw(self, pack: Sequence[Card], count: int) -> list[Card]:
        """The first ``count`` cards of the next deal in dealing order: from the next given deck,
        else drawn from ``pack`` by the seeded generator (the undealt rest is never ordered)."""
        if self.decks_used < len(self.decks):
            deck = self.decks[self.decks_used]
            self.decks_used += 1
            if len(deck) < count:
                raise OptionError(f"deck {self.decks_used} has {len(deck)} cards; this deal needs {count}")
            return list(deck[:count])
        return sample(self.rng, pack, count)

    def next_pack(self, pack: Sequence[Card]) -> list[Card]:
        """The cards of the next deal in dealing order: the next given deck, else ``pack`` shuffled."""
        if self.decks_used < len(self.decks):
            self.decks_used += 1
            return list(self.decks[self.decks_used - 1])
        cards = list(pack)
        shuffle(self.rng, cards)
        return cards


def sample(rng: random.Random, pack: Sequence[Card], count: int) -> list[Card]:
    """``count`` cards drawn from ``pack`` without replacement: the same cards, in the same order,
    as ``rng.sample(pack, count)`` (CPython 3.11-3.13), which the stored records' seeds were dealt
    with; compiled, several times quicker, and no longer tied to the standard library's algorithm.

    A pack no bigger than ``random.sample``'s set-size threshold is drawn by partial Fisher-Yates on
    a copy; a bigger one by rejecting repeats. Both draw with ``getrandbits`` of the bound's width.
    """
    size = len(pack)
    if not 0 <= count <= size:
        raise ValueError(f"cannot draw {count} cards from a pack of {size}")
    drawn: list[Card] = []
    bits = rng.getrandbits  # looked up once: a call by method name looks it up every time
    if size <= sample_threshold(count):
        pool = list(pack)
        for i in range(count):
            j = below(bits, size - i)
            drawn.append(pool[j])
            pool[j] = pool[size - i - 1]
        return drawn
    taken: set[int] = set()
    for _ in range(count):
        j = below(bits, size)
        while j in taken:
            j = below(bits, size)
        taken.add(j)
        drawn.append(pack[j])
    return drawn


def sample_threshold(count: int) -> int:
    """The largest population ``random.sample`` draws ``count`` from by partial Fisher-Yates (a bigger
    one by rejecting repeats): ``21 + 4 ** ceil(log(3 * count, 4))`` above five, in whole numbers."""
    if count <= 5:
        return 21
    power = 1
    while power < 3 * count:  # 3 * count is never a power of 4, so no float rounding can matter
        power *= 4
    return 21 + power


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (CPython 3.11-3.13), which
    stored records were dealt with: Fisher-Yates from the last card down, compiled."""
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        j = below(bits, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def below(bits: Callable[[int], int], bound: int) -> int:
    """A uniform integer in [0, bound) by rejection on ``bound.bit_length()`` random bits: the
    number ``random.Random.choice`` and ``randrange`` draw from the same generator (3.11-3.13)."""
    width = bound.bit_length()
    value = bits(width)
    while value >= bound:
        value = bits(width)
    return value


_PARSED: Final[dict[object, Options]] = {}
"""Options already validated, by model and the values given with their types. Options are frozen, so
games made with the same options share them: validating was a tenth of making a game."""
_PARSED_KEPT: Final = 1024


def parse_options(model: type[Options], options: dict[str, Any]) -> Options:
    """Validate options into ``model`` (``Options.parse``), sharing options given before."""
    key: object = (model, tuple(sorted((name, type(value), value) for name, value in options.items())))
    try:
        found = _PARSED.get(key)
    except TypeError:  # an unhashable value: validated every time
        found, key = None, None
    if found is not None:
        return found
    parsed = model.parse(options)
    if key is not None:
        if len(_PARSED) >= _PARSED_KEPT:
            _PARSED.clear()
        _PARSED[key] = parsed
    return parsed


def parse_decks(deck: DeckSpec | None) -> list[tuple[Card, ...]]:
    """A deck (one deal's cards in dealing order) or a list of decks, one per deal."""
    if not deck:
        return []
    if isinstance(deck[0], str | Card):
        return [_parse_deck(cast(Sequence[str | Card], deck))]
    return [_parse_deck(d) for d in cast(Sequence[Sequence[str | Card]], deck)]


def _parse_deck(deck: Sequence[str | Card]) -> tuple[Card, ...]:
    try:
        return parse_cards([str(c) for c in deck])
    except CardError as exc:
        raise OptionError(f"bad deck: {exc}") from None

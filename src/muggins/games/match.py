"""Match play for any game: best of an odd number of games at one table, one result.

A game whose options have no ``match`` of its own (cribbage has one, with its skunks) is played as a
match through ``match_class``: the games follow one another at the table, a game won outright earns
its side a match point, and the first side to a majority of the games wins the match. Every move of
every game is one move stack, so the match records and replays as one game (docs/rules/match.md).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any, ClassVar, Final, cast

from muggins.cards import Card
from muggins.games.base import Game
from muggins.games.errors import GameOverError, OptionError
from muggins.games.events import Event, GameOver, event_type
from muggins.games.flow import game_over
from muggins.games.moves import Leave, Move, Resign, parse_move
from muggins.games.options import Options, Preset, option
from muggins.games.result import Result, Termination, rank_by

MOST_GAMES: Final = 99
MATCH_PRESET: Final = Preset("Match: best of 3", {"match": 3})


class GameOfMatch(Event):
    """A game of a match ended: its number and result, the seats it won a match point (none: no
    side won it outright), each seat's match points after it and the sides' tally ("2-1")."""

    number: Final[int]
    result: Final[dict[str, Any]]
    won: Final[tuple[int, ...]]
    points: Final[tuple[int, ...]]
    tally: Final[str]

    def __init__(
        self, number: int, result: dict[str, Any], won: tuple[int, ...], points: tuple[int, ...], tally: str
    ) -> None:
        self.number, self.result, self.won, self.points, self.tally = number, result, won, points, tally


event_type(GameOfMatch, "match_game")


_MATCH_OPTIONS: dict[type[Options], type[Options]] = {}


def match_options(model: type[Options]) -> type[Options]:
    """``model`` with ``match``: best of this many games (1, the default: a single game), made
    once for each model (a dictionary: mypy refuses a frozen dataclass's class as ``Hashable``)."""
    made = _MATCH_OPTIONS.get(model)
    if made is not None:
        return made

    def check(self: Options) -> None:
        model.check(self)
        games = match_games(self)
        if games % 2 == 0:
            raise ValueError(f"a match is best of an odd number of games, not {games}")

    extended: type[Options] = dataclasses.make_dataclass(
        model.__name__,
        [("match", int, option(1, "best of this many games (odd)", ge=1, le=MOST_GAMES))],
        bases=(model,),
        namespace={"check": check, "__module__": __name__},
        frozen=True,
        kw_only=True,
    )
    standard = model.presets or {"standard": Preset("Standard", {})}  # the first preset is the standard game
    extended.presets = {**standard, "match": MATCH_PRESET}
    _MATCH_OPTIONS[model] = extended
    return extended


def match_games(options: Options) -> int:
    """The games a match with ``options`` (made by ``match_options``) is the best of."""
    games: int = getattr(options, "match")  # noqa: B009 (the field is made, not declared)
    return games


@functools.cache
def match_class(engine: type[Game]) -> type[Match]:
    """The game that plays ``engine``'s games as a match: the engine's name, seats and verbs."""
    return cast(
        "type[Match]",
        type(
            f"{engine.__name__}Match",
            (Match,),
            {
                "engine": engine,
                "name": engine.name,
                "min_players": engine.min_players,
                "max_players": engine.max_players,
                "options_model": match_options(engine.options_model),
                "verbs": engine.verbs,
            },
        ),
    )


class Match(Game):
    """Best of ``match`` games of ``engine`` (a class made by ``match_class``).

    Moves go to the game being played; when it ends, the next begins at once, dealt from the match's
    own generator. A seat that leaves the table has left the match: it is out of every later game,
    and a game ended by players leaving ends the match, those still playing ranked by their match
    points above those who left. Resigning concedes the match."""

    engine: ClassVar[type[Game]]

    def __init__(self, *, players: int, seed: int | None = None, deck: Any = None, **options: Any) -> None:
        super().__init__(players=players, seed=seed, deck=deck, **options)
        self.games = match_games(self.options)  # as validated: a number, odd, 1-99
        self.rules = {name: value for name, value in options.items() if name != "match"}
        self.points = [0] * players
        """Each seat's match points (partners share theirs)."""
        self.played: list[GameOfMatch] = []
        self._result: Result | None = None
        self.decks_dealt = 0
        """The given decks the games already played dealt."""
        self.current = self._next_game(self.events)
        if len(self.current.sides) < 2:
            raise OptionError(f"a match needs two sides at least; {self.name} for {players} has one")
        if self.current.clock_minutes() is not None:
            raise OptionError("a match is played in games that end by their own rules, not by time")

    def _next_game(self, events: list[Event]) -> Game:
        """The next game, dealt from the decks not yet used (then from the match's generator); the
        seats that left the match leave it at once."""
        game = self.engine(
            players=self.players,
            seed=self.rng.randrange(2**63),
            deck=self.decks[self.decks_dealt :] or None,
            **self.rules,
        )
        events.extend(game.events)
        for seat in self.left:
            if not game.is_over and seat not in game.left:
                events.extend(self._quiet(game.apply(seat, Resign() if seat in self.resigned else Leave())))
        return game

    @staticmethod
    def _quiet(events: list[Event]) -> list[Event]:
        """A game's events in a match: its own end is told as a game of the match, not as the end."""
        return [event for event in events if type(event) is not GameOver]

    # --- the protocol, through the game being played ----------------------------------------------

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self._result is not None else self.current.to_move

    def legal_moves(self, player: int) -> list[Move]:
        return [] if self._result is not None else self.current.legal_moves(player)

    @property
    def scores(self) -> tuple[int, ...]:
        return self.current.scores

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def sides(self) -> list[tuple[int, ...]]:
        return self.current.sides

    def hidden_cards(self, viewer: int | None) -> frozenset[Card]:
        return self.current.hidden_cards(viewer)

    def move_seen(self, seat: int, move: Move, viewer: int | None) -> str:
        return self.current.move_seen(seat, move, viewer)

    def past_first_deal(self) -> bool:
        return bool(self.played) or self.current.past_first_deal()

    def waits_for(self, player: int) -> bool:
        return self._result is None and self.current.waits_for(player)

    def lowest_to_move(self) -> int:
        return -1 if self._result is not None else self.current.lowest_to_move()

    def counts_by_hand(self, player: int) -> bool:
        return self._result is None and self.current.counts_by_hand(player)

    def auto_move(self, player: int) -> Move:
        return self.current.auto_move(player)

    def not_your_turn_reason(self, player: int) -> str:
        return self.current.not_your_turn_reason(player)

    def illegal_reason(self, player: int, move: Move) -> str | None:
        return self.current.illegal_reason(player, move)

    def make_move(self, player: int, move: Move) -> list[Event]:
        raise NotImplementedError("a match's moves are made by the game being played")  # apply is the match's

    def make_legal(self, player: int, move: Move) -> None:
        self.apply(player, move)  # the match's bookkeeping is in apply

    def game_view(self, player: int | None) -> dict[str, Any]:
        return self.current.game_view(player)

    def apply(self, player: int, move: Move | str) -> list[Event]:
        """Make ``move`` in the game being played; at its end, score it and begin the next game or
        end the match. An illegal move raises and changes nothing, as in any game."""
        made = parse_move(move, self.verbs) if isinstance(move, str) else move
        if not 0 <= player < self.players:
            self.check_seat(player)
        if self._result is not None:
            raise GameOverError("the match is over")
        events = self._quiet(self.current.apply(player, made))
        self.moves.push(player, made)
        for seat in self.current.left:
            if seat not in self.left:
                self.left.append(seat)
                if seat in self.current.resigned:
                    self.resigned.append(seat)
        if self.current.result is not None:
            self._game_ended(self.current.result, events)
        self.events.extend(events)
        return events

    def view(self, player: int | None) -> dict[str, Any]:
        """The game being played as ``player`` sees it, with the match: its length, the game's
        number, each seat's match points and the games played; the match's result once it is over."""
        view = self.current.view(player)
        view.update(
            state_id=self.state_id,
            options=self.options.as_json(),
            left=list(self.left),
            resigned=list(self.resigned),
            result=self._result.to_dict() if self._result else None,
            match={
                "games": self.games,
                "number": len(self.played) + (0 if self._result else 1),
                "points": list(self.points),
                "played": [
                    {"number": g.number, "winners": g.result["winners"], "scores": g.result["scores"]}
                    for g in self.played
                ],
            },
        )
        return view

    # --- the match ----------------------------------------------------------------------------

    def _game_ended(self, result: Result, events: list[Event]) -> None:
        game = self.current
        winning = {game.seating.side_of[seat] for seat in result.winners}
        won = (
            game.sides[winning.pop()]
            if result.termination is not Termination.LEFT and len(winning) == 1
            else ()
        )
        for seat in won:
            self.points[seat] += 1
        number = len(self.played) + 1
        self.played.append(GameOfMatch(number, result.to_dict(), won, tuple(self.points), self._tally()))
        events.append(self.played[-1])
        self.decks_dealt += game.decks_used
        needed = self.games // 2 + 1
        if result.termination is Termination.LEFT:
            self._finish(Termination.LEFT, result, events)
        elif max(self.points) >= needed:
            self._finish(Termination.TARGET, result, events)
        elif len(self.played) >= self.games:
            self._finish(Termination.DEALS, result, events)
        else:
            self.current = self._next_game(events)
            if self.current.result is not None:  # it cannot be played without the seats that left
                self._game_ended(self.current.result, events)

    def _finish(self, termination: Termination, last: Result, events: list[Event]) -> None:
        ranks = rank_by([float(p) for p in self.points], order=self.left)
        reason = last.reason if termination is Termination.LEFT else self._reason(ranks)
        self._result = Result(
            ranks=ranks,
            scores=last.scores,
            reason=reason,
            termination=termination,
            skunks=last.skunks,
            match_points=tuple(self.points),
        )
        events.append(game_over(self._result))

    def _reason(self, ranks: Sequence[int]) -> str:
        """Who won the match and by how much ("player 0 won the match 2-1"), or that it was drawn."""
        firsts = [seat for seat, rank in enumerate(ranks) if rank == 1]
        if len(firsts) > len(next(side for side in self.sides if firsts[0] in side)):
            return f"the match was drawn {self._tally()} after {len(self.played)} games"
        who = f"player {firsts[0]}" if len(firsts) == 1 else f"players {' and '.join(map(str, firsts))}"
        return f"{who} won the match {self._tally()}"

    def _tally(self) -> str:
        """The sides' match points, most first: "2-1"."""
        return "-".join(map(str, sorted((self.points[side[0]] for side in self.sides), reverse=True)))

"""Cribbage Squares: sixteen cards turned one at a time and placed on a four-by-four grid, then a
starter; each row and column scores as a cribbage hand. Played alone for a score (61 or more
wins), or by two to four players placing the same cards, each on their own grid, as a race.

Rulings are written out in docs/rules/squares.md.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from muggins.cards import Card, standard_pack
from muggins.games.base import DeckSpec, Game
from muggins.games.errors import OptionError
from muggins.games.events import Event, Scored
from muggins.games.flow import game_over
from muggins.games.moves import Leave, Move
from muggins.games.options import Options
from muggins.games.result import Result, Termination, rank_by
from muggins.games.squares.events import LaidOut, Placed, StarterTurned, Turned
from muggins.games.squares.moves import Place
from muggins.games.squares.options import SquaresOptions
from muggins.scoring.cells import Line
from muggins.scoring.squares.grid import CELLS, LINES, cell_name, heels, score_grid, so_far

DEALT: Final = CELLS + 1
"""Cards turned in a game: one per cell, then the starter."""
PLACES: Final = tuple(Place(index) for index in range(CELLS))


class Squares(Game[SquaresOptions]):
    """Cribbage Squares for one to four players; see docs/rules/squares.md."""

    name: ClassVar[str] = "squares"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[Options]] = SquaresOptions
    verbs = frozenset({"place", "leave", "resign"})

    def __init__(
        self, *, players: int, seed: int | None = None, deck: DeckSpec | None = None, **options: Any
    ) -> None:
        super().__init__(players=players, seed=seed, deck=deck, **options)
        for number, given in enumerate(self.decks, start=1):
            if any(card.is_joker for card in given) or len(set(given)) != len(given):
                raise OptionError(f"deck {number} must be distinct standard cards, without jokers")
        self.cards = self.draw(standard_pack(), DEALT)
        """The cards in the order they are turned; the last is the starter."""
        self.turned = 0
        """How many cards have been turned up (the one to place is ``cards[turned - 1]``)."""
        self.grids: list[list[Card | None]] = [[None] * CELLS for _ in range(players)]
        self.pending: list[int | None] = [None] * players
        """Each seat's cell for the turned card, until everyone has placed it."""
        self.lines: list[list[Line]] = [[] for _ in range(players)]
        self.totals = [0] * players
        self._result: Result | None = None
        self.events.extend(self._turn())

    # --- protocol -------------------------------------------------------------------------------

    @property
    def to_move(self) -> frozenset[int]:
        return self.waiting.seats

    @property
    def card(self) -> Card | None:
        """The card turned for placing, or None once the grids are full."""
        return self.cards[self.turned - 1] if self.turned <= CELLS else None

    @property
    def starter(self) -> Card | None:
        return self.cards[CELLS] if self.turned == DEALT else None

    def legal_moves(self, player: int) -> list[Move]:
        if not self.waiting.has(player):
            return []
        grid = self.grids[player]
        return [PLACES[index] for index in range(CELLS) if grid[index] is None]

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals)

    @property
    def result(self) -> Result | None:
        return self._result

    def hidden_cards(self, viewer: int | None) -> frozenset[Card]:
        return frozenset(standard_pack()) - frozenset(self.cards[: self.turned])

    def illegal_reason(self, player: int, move: Move) -> str | None:
        if type(move) is Leave:
            return None
        if type(move) is not Place:
            return f"'{move.verb}' is not a move in Cribbage Squares: place the turned card ('place b3')"
        assert isinstance(move, Place)
        if self.grids[player][move.index] is not None:
            return f"{cell_name(move.index)} already holds {self.grids[player][move.index]}"
        return None

    def make_move(self, player: int, move: Move) -> list[Event]:
        events: list[Event] = []
        if type(move) is Leave:
            self.left.append(player)
            self.seating.leave(player)
            events.append(self.left_event(player))
            if len(self.seating.active) <= (1 if self.players > 1 else 0):
                self._end(f"player {player} {self.went([player])}", Termination.LEFT, events)
                return events
            if self.waiting.done(player):
                self._lay_out(events)
            return events
        assert isinstance(move, Place) and self.card is not None
        self.pending[player] = move.index
        events.append(Placed(player, self.card, cell_name(move.index)))
        if self.waiting.done(player):
            self._lay_out(events)
        return events

    def not_your_turn_reason(self, player: int) -> str:
        if self.card is not None and self.waiting.mask:
            return f"player {player} has placed {self.card}; waiting for the others to place it"
        return super().not_your_turn_reason(player)

    def game_view(self, player: int | None) -> dict[str, Any]:
        return {
            "phase": "over" if self._result else "place",
            "turned": self.turned,
            "card": str(self.card) if self.card and not self._result else None,
            "starter": str(self.starter) if self.starter else None,
            "grids": [[str(card) if card else None for card in grid] for grid in self.grids],
            "placed": [self.pending[seat] is not None for seat in range(self.players)],
            "pending": cell_name(pending)
            if player is not None and (pending := self.pending[player]) is not None
            else None,
            "lines": [
                [
                    {"name": line.name, "cards": [str(c) for c in line.cards], "score": line.score.to_dict()}
                    for line in lines
                ]
                for lines in self.lines
            ],
            "target": self.options.target,
            "so_far": [
                {name: so_far([c for i in cells if (c := grid[i]) is not None]) for name, cells in LINES}
                for grid in self.grids
            ],
        }

    # --- the flow -------------------------------------------------------------------------------

    def _turn(self) -> list[Event]:
        """Turn the next card for every seat still playing to place."""
        self.turned += 1
        self.waiting.on(self.seating.everyone)
        return [Turned(self.turned, self.cards[self.turned - 1])]

    def _lay_out(self, events: list[Event]) -> None:
        """Everyone has placed the turned card: show where, then turn the next card or the starter."""
        card = self.cards[self.turned - 1]
        cells: list[str | None] = []
        for seat in range(self.players):
            index = self.pending[seat]
            if index is not None:
                self.grids[seat][index] = card
            cells.append(None if index is None else cell_name(index))
            self.pending[seat] = None
        if self.players > 1:  # alone, the seat's own ``placed`` said it all
            events.append(LaidOut(self.turned, card, tuple(cells)))
        if self.turned < CELLS:
            events.extend(self._turn())
        else:
            self._show(events)

    def _show(self, events: list[Event]) -> None:
        """Turn the starter and score every full grid: each line, then his heels once."""
        self.turned = DEALT
        starter = self.cards[CELLS]
        events.append(StarterTurned(starter))
        bonus = heels(starter)
        for seat in self.seating.active:
            grid = [card for card in self.grids[seat] if card is not None]
            self.lines[seat] = score_grid(grid, starter)
            for line in self.lines[seat]:
                if line.score.total:
                    self.totals[seat] += line.score.total
                    events.append(Scored(seat, line.name, line.score, line.score.total, self.totals[seat]))
            if bonus.total:
                self.totals[seat] += bonus.total
                events.append(Scored(seat, "his heels", bonus, bonus.total, self.totals[seat]))
        if self.players == 1:
            total, target = self.totals[0], self.options.target
            won = total >= target
            reason = f"player 0 scored {total}, " + (
                f"{target} or more: a win" if won else f"short of {target}"
            )
            self._end(reason, Termination.TARGET if won else Termination.DEALS, events)
        else:
            best = max(self.totals[seat] for seat in self.seating.active)
            leaders = [seat for seat in self.seating.active if self.totals[seat] == best]
            names = " & ".join(f"player {seat}" for seat in leaders)
            self._end(f"{names} scored most, {best}", Termination.DEALS, events)

    def _end(self, reason: str, termination: Termination, events: list[Event]) -> None:
        self.waiting.clear()
        ranks = rank_by(self.totals, order=self.left)
        if self.players == 1 and termination is not Termination.TARGET:
            ranks = (2,)  # alone, the target is the opponent: a grid short of it (or left) is beaten
        self._result = Result(ranks, tuple(self.totals), reason, termination)
        events.append(game_over(self._result))


GAME = Squares
"""The class the registry creates for ``squares``."""

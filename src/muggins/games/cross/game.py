"""Cross Cribbage: the cut card in the centre of a five-by-five grid, each player laying the top card
of their pile on it or throwing it to the crib, one side counting the rows and the other the
columns; the higher side pegs the difference, first to 31. For two players, or four in partnerships.

Rulings are written out in docs/rules/cross.md.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Final

from muggins.cards import JACK, Card, standard_pack
from muggins.games.base import DeckSpec, Game
from muggins.games.cross.events import Counted, CutCard, Laid, NewHand, Thrown, Turned
from muggins.games.cross.moves import Lay, Throw
from muggins.games.cross.options import CrossOptions
from muggins.games.errors import OptionError
from muggins.games.events import Dealt, Event, PhaseChanged, Scored
from muggins.games.flow import Seating, game_over
from muggins.games.moves import READY, Leave, Move, Ready
from muggins.games.options import Options
from muggins.games.result import Result, Termination, rank_by
from muggins.scoring.cross.grid import (
    CELLS,
    CENTRE,
    LINES,
    NEIGHBOURS,
    cell_name,
    count_lines,
    heels,
    score_crib,
    score_line,
)
from muggins.scoring.items import Score

SIDE_THROWS: Final = 2
"""The cards each side throws to the crib."""
SIDES: Final[dict[int, list[tuple[int, ...]] | None]] = {2: None, 3: [(0,), (1, 2)], 4: [(0, 2), (1, 3)]}
"""The sides by the number of players: two alone; three, seat 0 against a pair; four, partners
sitting opposite."""
LAYS: Final = tuple(Lay(index) for index in range(CELLS))
THROW: Final = Throw()
AXES: Final = ("rows", "columns")
"""What each side counts, by side."""
DIFFERENCE: Final = "the difference"
"""Why a side pegs in CrossCribb: its total for the deal less the other's."""
LINES_PEGGED: Final = "its lines"
"""Why a side pegs in Table Top Cribbage: its own total for the deal."""


class Phase(enum.StrEnum):
    """Where a deal stands."""

    LAY = "lay"
    """Each player in turn lays or throws the top card of their pile."""
    COUNTED = "counted"
    """The grid is full and counted; every player says ready for the next deal."""
    OVER = "over"


class Cross(Game[CrossOptions]):
    """Cross Cribbage for two players, three (one against a pair) or four in partnerships; see
    docs/rules/cross.md."""

    name: ClassVar[str] = "cross"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_model: ClassVar[type[Options]] = CrossOptions
    verbs = frozenset({"lay", "throw", "ready", "leave", "resign"})

    def __init__(
        self, *, players: int, seed: int | None = None, deck: DeckSpec | None = None, **options: Any
    ) -> None:
        super().__init__(players=players, seed=seed, deck=deck, **options)
        self.table_top = self.options.form == "table-top"
        """Table Top Cribbage: no crib, each card laid touching one on the grid, each side pegs its
        own lines."""
        throws = 0 if self.table_top else SIDE_THROWS
        self.share = [throws // len(self.seating.sides[self.side(seat)]) for seat in range(players)]
        """The cards each player throws to the crib: a side's two, shared among its players."""
        self.pile_cards = CELLS - 1 + 2 * throws
        """The cards dealt into the piles, all players together: one for each cell but the cut
        card's, and each side's throws (the next card is the cut card)."""
        self.pegged = [0, 0]
        """Each side's pegged points."""
        self.hand = 0
        self.dealer = 0
        self.next_dealer = [0, 0]
        """Each side's next dealer, as an index into its seats: the deal alternates between the
        sides and passes round each side's players."""
        self.order: list[int] = []
        """The players' turns in this deal, repeated until the grid is full: the sides alternate,
        the dealer's opponents first, each side's players in turn, the dealer last of theirs."""
        self.lays = 0
        """The cards laid on the grid this deal."""
        self.phase = Phase.LAY
        self.grid: list[Card | None] = []
        self.piles: list[list[Card]] = []
        """Each player's face-down pile, its top card first (the turned card, on their turn)."""
        self.crib: list[list[Card]] = []
        """The cards each player has thrown to the crib, in order."""
        self.unseen: list[int] = []
        """How many of each player's crib cards went from the pile unseen at the end of the play."""
        self.turn = 0
        """The player to lay or throw."""
        self.counted: list[list[tuple[str, tuple[Card, ...], Score]]] = [[], []]
        """This deal's count by side, once the grid is full: each line (and crib, heels) counted;
        empty until then, so the crib stays face down when a game ends by leaving."""
        self._result: Result | None = None
        self.events.extend(self._deal())

    def make_seating(self) -> Seating:
        if self.options.form == "table-top" and self.players != 2:
            raise OptionError(f"Table Top Cribbage is for two players, not {self.players}")
        return Seating(self.players, sides=SIDES[self.players])

    # --- protocol -------------------------------------------------------------------------------

    @property
    def to_move(self) -> frozenset[int]:
        return self.waiting.seats

    @property
    def cut(self) -> Card:
        """The cut card, on the centre cell."""
        card = self.grid[CENTRE]
        assert card is not None
        return card

    def side(self, seat: int) -> int:
        """The side of ``seat``: 0 counts the rows, 1 the columns."""
        return self.seating.side_of[seat]

    def legal_moves(self, player: int) -> list[Move]:
        if not self.waiting.has(player):
            return []
        if self.phase is Phase.COUNTED:
            return [READY]
        moves: list[Move] = [LAYS[index] for index in range(CELLS) if self._open(index)]
        if len(self.crib[player]) < self.share[player]:
            moves.append(THROW)
        return moves

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.pegged[self.side(seat)] for seat in range(self.players))

    @property
    def result(self) -> Result | None:
        return self._result

    def hidden_cards(self, viewer: int | None) -> frozenset[Card]:
        shown = {card for card in self.grid if card is not None}
        if self.counted[0]:
            shown.update(card for thrown in self.crib for card in thrown)
        elif viewer is not None:
            seen = len(self.crib[viewer]) - self.unseen[viewer]
            shown.update(self.crib[viewer][:seen])
            if self.phase is Phase.LAY and self.turn == viewer:
                shown.add(self.piles[viewer][0])
        return frozenset(standard_pack()) - shown

    def illegal_reason(self, player: int, move: Move) -> str | None:
        kind = type(move)
        if kind is Leave:
            return None
        if self.phase is Phase.COUNTED:
            return None if kind is Ready else f"the deal is counted: say 'ready' for the next, not '{move}'"
        if kind is Throw:
            if self.table_top:
                return "Table Top Cribbage has no crib: lay the card on the grid"
            if len(self.crib[player]) >= self.share[player]:
                share = self.share[player]
                return f"player {player} has thrown {share} to the crib already: lay the card on the grid"
            return None
        if kind is not Lay:
            return (
                f"'{move.verb}' is not a move in Cross Cribbage: lay the turned card ('lay b4') or 'throw' it"
            )
        assert isinstance(move, Lay)
        held = self.grid[move.index]
        if held is not None:
            what = " (the cut card)" if move.index == CENTRE else ""
            return f"{cell_name(move.index)} already holds {held}{what}"
        if not self._open(move.index):
            cell = cell_name(move.index)
            return f"in Table Top Cribbage a card must touch one on the grid: {cell} touches none"
        return None

    def make_move(self, player: int, move: Move) -> list[Event]:
        events: list[Event] = []
        kind = type(move)
        if kind is Leave:
            self.left.append(player)
            self.seating.leave(player)
            events.append(self.left_event(player))
            winner = 1 - self.side(player)
            self._end(winner, f"player {player} {self.went([player])}", Termination.LEFT, events)
        elif kind is Ready:
            if self.waiting.done(player):
                events.extend(self._deal())
        elif kind is Throw:
            card = self.piles[player].pop(0)
            self.crib[player].append(card)
            events.append(Thrown(player, card))
            events.append(Turned(player, self.piles[player][0]))
        else:
            assert isinstance(move, Lay)
            card = self.piles[player].pop(0)
            self.grid[move.index] = card
            events.append(Laid(player, card, cell_name(move.index)))
            self.lays += 1
            if self.lays < CELLS - 1:
                self._pass_turn(events)
            else:
                self._count(events)
        return events

    def not_your_turn_reason(self, player: int) -> str:
        if self.phase is Phase.LAY:
            return f"it is player {self.turn}'s turn to lay a card, not player {player}'s"
        return super().not_your_turn_reason(player)

    def game_view(self, player: int | None) -> dict[str, Any]:
        laying = self.phase is Phase.LAY
        own = laying and player is not None and player == self.turn
        return {
            "phase": "over" if self._result else str(self.phase),
            "hand": self.hand,
            "dealer": self.dealer,
            "turn": self.turn if laying and not self._result else None,
            "card": str(self.piles[player][0]) if own and player is not None else None,
            "cut": str(self.cut),
            "grid": [str(card) if card else None for card in self.grid],
            "cells": [cell_name(index) for index in range(CELLS)],
            "counts": [AXES[self.side(seat)] for seat in range(self.players)],
            "sides": [list(side) for side in self.seating.sides],
            "piles": [len(pile) for pile in self.piles],
            "thrown": [len(thrown) for thrown in self.crib],
            "share": self.share,
            "order": self.order,
            "my_crib": [str(card) for card in self._seen_throws(player)],
            "crib": [str(card) for thrown in self.crib for card in thrown] if self.counted[0] else None,
            "so_far": [
                {
                    name: score_line(self._placed(cells), self.cut, table_top=self.table_top).total
                    for name, cells in lines
                }
                for lines in LINES
            ],
            "count": [
                [
                    {"name": name, "cards": [str(c) for c in cards], "score": score.to_dict()}
                    for name, cards, score in side
                ]
                for side in self.counted
            ],
            "target": self.options.goal,
        }

    # --- the flow -------------------------------------------------------------------------------

    def _open(self, index: int) -> bool:
        """Whether a card may be laid on the cell at ``index``: it is empty and, in Table Top
        Cribbage, touches a card on the grid."""
        if self.grid[index] is not None:
            return False
        return not self.table_top or any(self.grid[near] is not None for near in NEIGHBOURS[index])

    def _seen_throws(self, player: int | None) -> list[Card]:
        """The cards ``player`` threw to the crib and saw (none for a spectator)."""
        if player is None or not self.crib:
            return []
        return self.crib[player][: len(self.crib[player]) - self.unseen[player]]

    def _placed(self, cells: tuple[int, ...]) -> list[Card]:
        return [card for index in cells if (card := self.grid[index]) is not None]

    def _deal(self) -> list[Event]:
        """Deal the piles from the dealer's left, turn the cut card, and give the first turn."""
        self.hand += 1
        dealing = (self.hand - 1) % 2
        seats = self.seating.sides[dealing]
        self.dealer = seats[self.next_dealer[dealing] % len(seats)]
        self.next_dealer[dealing] += 1
        self.order = self._play_order()
        cards = self.draw(standard_pack(), self.pile_cards + 1)
        self.piles = [[] for _ in range(self.players)]
        for number, card in enumerate(cards[: self.pile_cards]):
            self.piles[self.order[number % len(self.order)]].append(card)
        self.grid = [None] * CELLS
        self.grid[CENTRE] = cards[self.pile_cards]
        self.crib = [[] for _ in range(self.players)]
        self.unseen = [0] * self.players
        self.counted = [[], []]
        self.phase = Phase.LAY
        events: list[Event] = [
            NewHand(self.hand, self.dealer),
            PhaseChanged(str(Phase.LAY)),
            *(Dealt(seat, len(pile), None) for seat, pile in enumerate(self.piles)),  # face down, unlooked at
            CutCard(self.cut),
        ]
        self.lays = 0
        self._pass_turn(events)
        return events

    def _play_order(self) -> list[int]:
        """This deal's turns (see ``order``): each side's seats from the first after the dealer."""
        after = self.seating.order_from(self.seating.next(self.dealer))
        dealing = self.side(self.dealer)
        first, second = (
            tuple(seat for seat in after if self.side(seat) == side) for side in (1 - dealing, dealing)
        )
        return [
            seat
            for k in range(max(len(first), len(second)))
            for seat in (first[k % len(first)], second[k % len(second)])
        ]

    def _pass_turn(self, events: list[Event]) -> None:
        """The next player in this deal's order turns their top card."""
        self.turn = self.order[self.lays % len(self.order)]
        self.waiting.only(self.turn)
        events.append(Turned(self.turn, self.piles[self.turn][0]))

    def _count(self, events: list[Event]) -> None:
        """The grid is full: the cards left in the piles go to the crib unseen, each side counts its
        lines (the dealer's side its crib and heels too), and the higher side pegs the difference;
        in Table Top Cribbage each side pegs its own lines, the dealer's opponent first."""
        for seat in range(self.players):
            while self.piles[seat]:
                self.crib[seat].append(self.piles[seat].pop(0))
                self.unseen[seat] += 1
                events.append(Thrown(seat, None, unseen=True))
        self.phase = Phase.COUNTED
        events.append(PhaseChanged(str(Phase.COUNTED)))
        grid = [card for card in self.grid if card is not None]
        crib = [
            card
            for seat in self.seating.order_from(self.seating.next(self.dealer))
            for card in self.crib[seat]
        ]
        dealing = self.side(self.dealer)
        totals = [0, 0]
        for side in (1 - dealing, dealing):
            first = self.seating.sides[side][0]
            lines = count_lines(grid, side, table_top=self.table_top)
            parts = [(line.name, line.cards, line.score) for line in lines]
            if side == dealing and not self.table_top:
                parts.append(("the crib", (*crib, self.cut), score_crib(crib, self.cut)))
                if self.cut.rank == JACK:
                    parts.append(("his heels", (self.cut,), heels(self.cut)))
            for reason, cards, score in parts:
                totals[side] += score.total
                self.counted[side].append((reason, cards, score))
                events.append(Counted(first, reason, cards, score, totals[side]))
        if self.table_top:  # each side pegs its own lines, the dealer's opponent first
            pegs = [(side, LINES_PEGGED, totals[side]) for side in (1 - dealing, dealing) if totals[side]]
        elif totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
            pegs = [(winner, DIFFERENCE, abs(totals[0] - totals[1]))]
        else:
            pegs = []
        for side, reason, points in pegs:
            self.pegged[side] += points
            events.append(Scored(self.seating.sides[side][0], reason, Score(), points, self.pegged[side]))
            if self.pegged[side] >= self.options.goal:
                names = " & ".join(f"player {seat}" for seat in self.seating.sides[side])
                self._end(
                    side, f"{names} ({AXES[side]}) reached {self.options.goal}", Termination.TARGET, events
                )
                return
        self.waiting.on(self.seating.everyone)

    def _end(self, winner: int, reason: str, termination: Termination, events: list[Event]) -> None:
        """``winner``'s side has won: every seat of it ranks first."""
        self.phase = Phase.OVER
        self.waiting.clear()
        ranks = rank_by([float(self.side(seat) == winner) for seat in range(self.players)])
        self._result = Result(ranks, self.scores, reason, termination)
        events.append(game_over(self._result))


GAME = Cross
"""The class the registry creates for ``cross``."""

"""A game with the acting seat's card picks: the turn order every environment form shares.

The seat to act is the lowest seat the game waits for, except that a seat that has picked some cards
of a multi-card move keeps the turn until the move is made (docs/environments.md).
"""

from __future__ import annotations

from typing import Any

from muggins.envs.actions import ActionSpace, Choice
from muggins.envs.games import GameParts, game_parts
from muggins.games.base import Game
from muggins.games.moves import Move
from muggins.games.registry import load_game


class Table:
    """``game`` of the registered game ``name``, with each seat's legal actions worked out once
    per state. Deep-copied by replaying the record (a compiled game is not copied field by field)."""

    def __init__(self, name: str, game: Game) -> None:
        self.name, self.game = name, game
        self.parts: GameParts = game_parts(name)
        self.space: ActionSpace = self.parts.actions
        self.choices: dict[int, Choice] = {}
        self.picker: int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        clone = Table(self.name, load_game(self.game.record()))
        if self.picker is not None:
            picking = self.choices[self.picker]
            clone.choices[self.picker] = Choice(self.space, picking.moves, picking.picked)
            clone.picker = self.picker
        return clone

    def choice(self, seat: int) -> Choice:
        """The legal actions of ``seat`` now."""
        found = self.choices.get(seat)
        if found is None:
            found = self.choices[seat] = Choice(self.space, self.game.legal_moves(seat))
        return found

    def to_act(self) -> int:
        """The seat to act (the game must not be over)."""
        return self.picker if self.picker is not None else min(self.game.to_move)

    def act(self, action: int) -> Move | None:
        """Take ``action`` for the seat to act: pick a card, or make a move (returned, not yet made:
        ``make`` it). An illegal action raises ``ValueError`` and changes nothing."""
        seat = self.to_act()
        move = self.choice(seat).take(action)
        self.picker = seat if move is None else None
        return move

    def make(self, seat: int, move: Move) -> None:
        """Make ``move`` for ``seat`` in the game."""
        self.game.apply(seat, move)
        self.choices, self.picker = {}, None

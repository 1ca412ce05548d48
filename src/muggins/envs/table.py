"""A game with the acting seat's card picks: the turn order every environment form shares.

The seat to act is the lowest seat the game waits for, except that a seat that has picked some cards
of a multi-card move keeps the turn until the move is made (docs/environments.md).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from muggins.envs.actions import ActionSpace, Choice, Mask
from muggins.envs.games import GameParts, game_parts
from muggins.envs.observation import Encoder, Vector, encode, seat_view
from muggins.games.base import Game
from muggins.games.moves import Move
from muggins.games.registry import load_game

Observation = dict[str, Vector | Mask]
"""An agent's observation: ``observation`` (the vector) and ``action_mask``."""


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

    def encoded(self, seat: int) -> Encoder:
        """The observation of ``seat``, from its own view and its picks (``observation.encode``)."""
        picked = () if self.game.is_over else tuple(str(card) for card in self.choice(seat).picked)
        return encode(self.parts.layout, seat_view(self.game, seat), self.game.players, picked)

    def observation(self, seat: int) -> Observation:
        """The observation of ``seat`` as every environment form returns it: the vector and the
        action mask."""
        return {"observation": self.encoded(seat).vector(), "action_mask": self.mask(seat)}

    def mask(self, seat: int) -> Mask:
        """The action mask of ``seat``: its legal actions now, none once the game is over (a new
        array at each call)."""
        if self.game.is_over:
            return np.zeros(self.space.size, dtype=np.int8)
        return self.choice(seat).mask

    def legal_actions(self, seat: int) -> list[int]:
        """The legal actions of ``seat`` now, none once the game is over."""
        return [] if self.game.is_over else list(self.choice(seat).by_action)

    def to_act(self) -> int:
        """The seat to act (the game must not be over)."""
        return self.picker if self.picker is not None else self.game.lowest_to_move()

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


def seat_reward(game: Game, seat: int, before: tuple[int, ...], win: bool) -> float:
    """What ``seat`` is rewarded for the last move, the scores having been ``before`` it: the change
    in its score, or with ``win`` +1 if the game is over and the seat ranked first, -1 if it is over
    and the seat did not, else 0."""
    if not win:
        return float(game.scores[seat] - before[seat])
    result = game.result
    if result is None:
        return 0.0
    return 1.0 if result.ranks[seat] == 1 else -1.0

"""The PettingZoo AEC environment over any registered game (one episode is one game).

When several seats are to move at once (discards, throws, saying ready), the agent to act is the
lowest such seat; a seat picking the cards of a multi-card move keeps the turn until the move is
made. Each move goes into the game at once, and every observation is made from the acting seat's own
view, so one seat's throw never reaches the next seat's observation.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from muggins.envs.games import game_parts
from muggins.envs.observation import observe, seat_view
from muggins.envs.render import ansi
from muggins.envs.table import Observation, Table, seat_reward
from muggins.games.base import Game
from muggins.games.moves import Move
from muggins.games.registry import new_game

Rewards = Literal["points", "win"]


class MugginsEnv(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]  # untyped
    """A game of ``name`` for ``players`` agents ``player_0``...; observations are dicts of
    ``observation`` (a float vector) and ``action_mask`` (int8 over the game's action space)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "muggins_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        name: str,
        *,
        players: int = 2,
        rewards: Rewards = "points",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if rewards not in ("points", "win"):
            raise ValueError(f"rewards must be 'points' or 'win', not {rewards!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.name, self.players, self.options = name, players, options
        self.reward_kind, self.render_mode = rewards, render_mode
        parts = game_parts(name)  # an unknown game, or one without environments, is refused here
        self.space, self.layout = parts.actions, parts.layout
        self.table = Table(name, new_game(name, players=players, seed=0, **options))  # checks the options
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = len(observe(self.layout, seat_view(self.game, 0), players))
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    # Scores go below zero under manual counting (a false claim of game is set
                    # back 15), so the box is open below.
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(self.space.size) for agent in self.possible_agents}
        self.seeder = random.Random()

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.table.game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.seeder.seed(seed)
        seed = self.seeder.randrange(2**63)
        self.table = Table(self.name, new_game(self.name, players=self.players, seed=seed, **self.options))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_act()]

    def observe(self, agent: str) -> Observation:
        return self.table.observation(self.seats[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: the action must be a number, not None")
        seat = self.table.to_act()
        self.make(seat, self.table.act(int(action)))

    def make(self, seat: int, move: Move | None) -> None:
        """Make ``move`` for ``seat``, the agent to act (None: it picked a card, no move yet), and
        pass the turn on."""
        self._cumulative_rewards[self.possible_agents[seat]] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if move is not None:
            before = self.game.scores
            self.table.make(seat, move)
            self._score(before)
        if self.game.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.table.to_act()]
        self._accumulate_rewards()

    def _score(self, before: tuple[int, ...]) -> None:
        win = self.reward_kind == "win"
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = seat_reward(self.game, seat, before, win)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return ansi(self.game, self.table.parts.shown)

    def close(self) -> None:
        """Nothing to release."""


def env(name: str, *, players: int = 2, **options: Any) -> MugginsEnv:
    """The AEC environment for ``name``: ``env("cribbage", players=4, partnerships=True)``."""
    return MugginsEnv(name, players=players, **options)

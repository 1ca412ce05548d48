"""Gymnasium single-agent environments: one seat learns, the project's bots play the others.

An illegal action is refused and changes nothing: the step returns reward -1 (``illegal_reward``)
and ``info["illegal"]`` naming the action, so a learner without action masks can learn to avoid it.
"""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from muggins.bots.registry import make_bot
from muggins.envs.aec import MugginsEnv, Rewards
from muggins.envs.lane import Lane
from muggins.envs.render import ansi
from muggins.envs.table import Observation, Table
from muggins.games.base import Game
from muggins.games.registry import new_game


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """``seat`` of a game of ``name`` as a Gymnasium environment; ``opponent`` names the bot (see
    ``muggins.bots.registry.bot_names``) playing every other seat, partners included."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium declares it per instance)

    def __init__(
        self,
        name: str,
        *,
        players: int = 2,
        seat: int = 0,
        opponent: str = "random",
        rewards: Rewards = "points",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        # The AEC environment checks the game, its options and the settings, and gives the spaces.
        aec = MugginsEnv(name, players=players, rewards=rewards, render_mode=render_mode, **options)
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0-{players - 1}, not {seat}")
        make_bot(name, opponent)  # an unknown bot name fails here, not at the first reset
        self.name, self.players, self.seat, self.opponent = name, players, seat, opponent
        self.options, self.win = options, rewards == "win"
        self.illegal_reward, self.render_mode = illegal_reward, render_mode
        agent = aec.possible_agents[seat]
        self.observation_space = aec.observation_space(agent)
        self.action_space = aec.action_space(agent)
        self.lane = Lane(aec.table, seat, {}, self.win, illegal_reward)

    @property
    def table(self) -> Table:
        """The game being played, with the seat's card picks."""
        return self.lane.table

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.lane.table.game

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        # The game's seed is drawn as the AEC environment's reset draws it from a seed.
        game_seed = random.Random(int(draw(2**62))).randrange(2**63)
        table = Table(self.name, new_game(self.name, players=self.players, seed=game_seed, **self.options))
        bots = {
            seat: make_bot(self.name, self.opponent, seed=int(draw(2**62)))
            for seat in range(self.players)
            if seat != self.seat
        }
        self.lane = Lane(table, self.seat, bots, self.win, self.illegal_reward)
        self.lane.others()
        return self.observe(), {}

    def observe(self) -> Observation:
        """The seat's observation: the vector and the action mask."""
        return self.table.observation(self.seat)

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.game.is_over:
            raise RuntimeError("the game is over: call reset() first")
        reward, refused = self.lane.step(int(action))
        if refused is not None:
            return self.observe(), reward, False, False, {"illegal": refused}
        return self.observe(), reward, self.game.is_over, False, {}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return ansi(self.game, self.table.parts.shown)


def single_agent(name: str, *, opponent: str = "random", **kwargs: Any) -> SingleAgentEnv:
    """``single_agent("cribbage", opponent="expert")``: seat 0 against the named bot."""
    return SingleAgentEnv(name, opponent=opponent, **kwargs)

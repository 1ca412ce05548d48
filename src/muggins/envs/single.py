"""Gymnasium single-agent environments: one seat learns, the project's bots play the others.

An illegal action is refused and changes nothing: the step returns reward -1 (``illegal_reward``)
and ``info["illegal"]`` naming the action, so a learner without action masks can learn to avoid it.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from muggins.bots.base import Bot
from muggins.bots.registry import make_bot
from muggins.envs.aec import MugginsEnv, Observation, Rewards


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
        self.aec = MugginsEnv(name, players=players, rewards=rewards, render_mode=render_mode, **options)
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0-{players - 1}, not {seat}")
        make_bot(name, opponent)  # an unknown bot name fails here, not at the first reset
        self.name, self.seat, self.opponent = name, seat, opponent
        self.illegal_reward, self.render_mode = illegal_reward, render_mode
        self.agent = self.aec.possible_agents[seat]
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.aec.reset(seed=int(draw(2**62)))
        self.bots = {
            seat: make_bot(self.name, self.opponent, seed=int(draw(2**62)))
            for seat in range(self.aec.players)
            if seat != self.seat
        }
        self._others()
        return self.aec.observe(self.agent), {}

    def _others(self) -> float:
        """Let the bots move until it is this seat's turn or the game is over; this seat's reward."""
        aec, reward = self.aec, 0.0
        while not aec.game.is_over and aec.agent_selection != self.agent:
            seat = aec.table.to_act()
            aec.make(seat, self.bots[seat].choose(aec.game.view(seat)))
            reward += aec.rewards[self.agent]
        return reward

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        aec = self.aec
        if aec.game.is_over:
            raise RuntimeError("the game is over: call reset() first")
        try:
            aec.step(int(action))
        except ValueError as exc:
            return (
                aec.observe(self.agent),
                self.illegal_reward,
                False,
                False,
                {"illegal": str(exc)},
            )
        reward = aec.rewards[self.agent] + self._others()
        return aec.observe(self.agent), reward, aec.game.is_over, False, {}

    def render(self) -> str | None:
        return self.aec.render()


def single_agent(name: str, *, opponent: str = "random", **kwargs: Any) -> SingleAgentEnv:
    """``single_agent("cribbage", opponent="expert")``: seat 0 against the named bot."""
    return SingleAgentEnv(name, opponent=opponent, **kwargs)


def vector(name: str, count: int, **kwargs: Any) -> gymnasium.vector.SyncVectorEnv:
    """``count`` single-agent games stepped together (a Gymnasium vector environment). A finished
    game is replaced by a new one in the same step, so every returned observation can be acted on."""
    return gymnasium.vector.SyncVectorEnv(
        [lambda: SingleAgentEnv(name, **kwargs) for _ in range(count)],
        autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
    )

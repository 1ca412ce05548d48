"""The vector form: many single-agent games stepped together, the loop over them compiled
(``lane.step_lanes``) and every observation written into one array at once.

It returns what Gymnasium's ``SyncVectorEnv`` over the same single-agent environments returns, with
a finished game replaced in the same step (``AutoresetMode.SAME_STEP``): the finished game's last
observation in ``infos["final_obs"]``, and a refused action's reason in ``infos["illegal"]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from muggins.envs.lane import observe_lanes, step_lanes
from muggins.envs.single import SingleAgentEnv

Batch = dict[str, npt.NDArray[Any]]
"""Every game's observation, stacked: ``observation`` (float32) and ``action_mask`` (int8)."""


class VectorEnv(gymnasium.vector.VectorEnv[Batch, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``count`` games of ``name``, each one seat against bots as ``SingleAgentEnv`` takes it
    (``opponent``, ``seat``, ``players``, ``rewards``, game options...)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012  (Gymnasium's own form)

    def __init__(self, name: str, count: int, **kwargs: Any) -> None:
        if count < 1:
            raise ValueError(f"a vector environment needs at least one game, not {count}")
        self.envs = [SingleAgentEnv(name, **kwargs) for _ in range(count)]
        self.num_envs = count
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, count)
        self.action_space = batch_space(self.single_action_space, count)
        first = self.envs[0]
        self.size, self.actions = len(first.observe()["observation"]), first.table.space.size

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        """Start every game afresh: game ``i`` from ``seed + i`` (or the ``i``-th of a list of seeds;
        none: from where each game's generator stands), as ``SyncVectorEnv`` seeds them."""
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds given for {self.num_envs} games")
        infos: dict[str, Any] = {}
        for number, (env, start) in enumerate(zip(self.envs, seeds, strict=True)):
            _, info = env.reset(seed=start, options=options)
            infos = self._add_info(infos, info, number)
        return self._observe(), infos

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Batch, npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any], dict[str, Any]]:
        """Each game's seat takes its action and the bots answer; a finished game starts afresh."""
        chosen = np.asarray(actions).reshape(-1).tolist()
        if len(chosen) != self.num_envs:
            raise ValueError(f"{len(chosen)} actions given for {self.num_envs} games")
        rewards, over, refused = step_lanes([env.lane for env in self.envs], [int(a) for a in chosen])
        infos: dict[str, Any] = {}
        for number, env in enumerate(self.envs):
            info: dict[str, Any] = {} if refused[number] is None else {"illegal": refused[number]}
            if over[number]:
                infos = self._add_info(infos, {"final_obs": env.observe(), "final_info": info}, number)
                _, info = env.reset()
            infos = self._add_info(infos, info, number)
        terminated = np.array(over, dtype=np.bool_)
        truncated = np.zeros_like(terminated)
        return self._observe(), np.array(rewards, dtype=np.float64), terminated, truncated, infos

    def _observe(self) -> Batch:
        """Every game's observation, written into the two arrays at once."""
        where, what, legal = observe_lanes([env.lane for env in self.envs], self.size, self.actions)
        observations = np.zeros((self.num_envs, self.size), dtype=np.float32)
        observations.put(where, what)
        masks = np.zeros((self.num_envs, self.actions), dtype=np.int8)
        masks.put(legal, 1)
        return {"observation": observations, "action_mask": masks}


def vector(name: str, count: int, **kwargs: Any) -> VectorEnv:
    """``count`` single-agent games stepped together (a Gymnasium vector environment). A finished
    game is replaced by a new one in the same step, so every returned observation can be acted on."""
    return VectorEnv(name, count, **kwargs)

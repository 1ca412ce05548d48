"""Train Stable-Baselines3's maskable PPO (sb3-contrib) at two-player cribbage against the random
bot, then measure it by a duplicate match.

The learner plays seat 0 of ``muggins.envs.single_agent("cribbage", opponent="random")``, whole
games to 121: every discard (one card at a time) and every card in the play. Its reward is the
points it scores at each step (the environment's ``rewards="points"``). The observation is the
environment's vector; the action mask goes to the policy through sb3-contrib's ``ActionMasker``,
so it only ever chooses legal actions. Then the trained policy plays the random bot over
duplicate deals (``muggins.analysis.simulate``: each deal is played twice, seats swapped).

    pip install 'muggins[rl]'
    .venv/bin/python examples/maskable_ppo.py --steps 200000 --match 1000
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.env_util import make_vec_env

from muggins.analysis.simulate import Spec, run, summarise
from muggins.bots.base import legal
from muggins.bots.cribbage import BOTS
from muggins.envs import single_agent
from muggins.envs.actions import Choice
from muggins.envs.cribbage.layout import ACTIONS, LAYOUT
from muggins.envs.observation import observe
from muggins.games.moves import Move


class VectorOnly(gymnasium.Wrapper[np.ndarray, int, dict[str, np.ndarray], int]):
    """The single-agent environment with the observation vector alone as the observation, and the
    action mask kept for ``ActionMasker``."""

    def __init__(self, env: gymnasium.Env[dict[str, np.ndarray], int]) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]
        self.mask = np.zeros(ACTIONS.size, dtype=np.int8)

    def _keep(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        self.mask = observation["action_mask"]
        return observation["observation"]

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        return self._keep(observation), info

    def step(self, action: int) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        observation, reward, done, truncated, info = self.env.step(action)
        return self._keep(observation), reward, done, truncated, info


def make_env() -> ActionMasker:
    return ActionMasker(VectorOnly(single_agent("cribbage", opponent="random")), lambda env: env.mask)


def train(steps: int, seed: int, envs: int = 4) -> MaskablePPO:
    """Maskable PPO trained for ``steps`` learner steps over ``envs`` games at once, on the CPU."""
    torch.set_num_threads(1)
    model = MaskablePPO(
        "MlpPolicy",
        make_vec_env(make_env, n_envs=envs, seed=seed),
        n_steps=512,
        batch_size=256,
        learning_rate=1e-3,
        gamma=0.99,
        seed=seed,
        device="cpu",
        verbose=0,
    )
    return model.learn(total_timesteps=steps)


class PolicyBot:
    """Plays by the trained policy (its most likely legal action): a discard is picked card by card,
    as the environment presents it, from the observation the seat's view makes."""

    def __init__(self, model: MaskablePPO) -> None:
        self.model = model

    def choose(self, view: Mapping[str, Any]) -> Move:
        choice = Choice(ACTIONS, legal(view))
        while True:
            picked = [str(card) for card in choice.picked]
            vector = observe(LAYOUT, view, int(view["players"]), picked)
            action, _ = self.model.predict(vector, action_masks=choice.mask, deterministic=True)
            move = choice.take(int(action))
            if move is not None:
                return move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000, help="training steps of the learner")
    parser.add_argument("--match", type=int, default=1000, help="duplicate match games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.process_time()
    model = train(args.steps, args.seed)
    trained = time.process_time() - started
    BOTS["maskable-ppo"] = lambda seed: PolicyBot(model)
    spec = Spec(
        "cribbage", 2, ("maskable-ppo", "random"), games=args.match, seed=args.seed + 10**6, duplicate=True
    )
    summary = summarise(spec, run(spec))
    learned, random_bot = summary["by_bot"]["maskable-ppo"], summary["by_bot"]["random"]
    print(
        json.dumps(
            {
                "training_steps": args.steps,
                "training_cpu_s": round(trained, 1),
                "match_games": summary["games"],
                "learned_win_rate": learned["win_rate"],
                "learned_points_per_deal": round(learned["points_per_deal"], 3),
                "random_points_per_deal": round(random_bot["points_per_deal"], 3),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()

"""Environments for learning agents: PettingZoo (every game and form) and Gymnasium wrappers.

Needs the ``envs`` extra (``pip install 'muggins[envs]'``); ``import muggins`` never imports this.
"""

from muggins.envs.aec import MugginsEnv, env
from muggins.envs.single import SingleAgentEnv, single_agent, vector

__all__ = ["MugginsEnv", "SingleAgentEnv", "env", "single_agent", "vector"]

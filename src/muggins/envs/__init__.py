"""Environments for learning agents: PettingZoo (every game and form) and Gymnasium wrappers.

Needs the ``envs`` extra (``pip install 'muggins[envs]'``); ``import muggins`` never imports this.
The names below are imported on first use, so the compiled modules (``actions``, ``observation``,
``table``, ``lane``) import, and type-check when compiled, without PettingZoo or Gymnasium.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_HOMES = {
    "MugginsEnv": "muggins.envs.aec",
    "env": "muggins.envs.aec",
    "SingleAgentEnv": "muggins.envs.single",
    "single_agent": "muggins.envs.single",
    "VectorEnv": "muggins.envs.batch",
    "vector": "muggins.envs.batch",
}

__all__ = ["MugginsEnv", "SingleAgentEnv", "VectorEnv", "env", "single_agent", "vector"]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'muggins.envs' has no attribute {name!r}")
    return getattr(import_module(home), name)

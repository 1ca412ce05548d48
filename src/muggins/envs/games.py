"""Where a game's environment parts live: ``muggins.envs.<game>.layout`` (its ``ACTIONS``, the
observation ``LAYOUT`` and the view fields ``SHOWN`` as text), found by the game's name so that the
environments name no game."""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass

from muggins.envs.actions import ActionSpace
from muggins.envs.observation import Layout
from muggins.games.errors import UnknownGameError
from muggins.games.registry import game_class, game_names


@dataclass(frozen=True)
class GameParts:
    """What the environments need of one game."""

    actions: ActionSpace
    layout: Layout
    shown: tuple[str, ...]


@functools.cache
def _load(name: str) -> GameParts | None:
    module_name = f"muggins.envs.{name}.layout"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name not in (module_name, f"muggins.envs.{name}"):
            raise  # the layout exists but something it imports is missing
        return None
    return GameParts(module.ACTIONS, module.LAYOUT, tuple(module.SHOWN))


def env_games() -> list[str]:
    """The registered games that have environments, in the registry's order."""
    return [name for name in game_names() if _load(name) is not None]


def game_parts(name: str) -> GameParts:
    """The environment parts of the registered game ``name``; an unknown game, or one without
    environments, raises ``UnknownGameError`` naming the games that have them."""
    game_class(name)  # an unknown game is refused by the registry, naming the games
    parts = _load(name)
    if parts is None:
        raise UnknownGameError(
            f"game {name!r} has no learning environment: {', '.join(env_games())} have one"
        )
    return parts

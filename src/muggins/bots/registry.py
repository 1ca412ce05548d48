"""The bots of every game by name; ``--bots`` on the command line and table seats use these names.
A game's bots load on first use."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from muggins.bots.base import Bot, BotFactory

BOT_MODULES: dict[str, str] = {
    "cribbage": "muggins.bots.cribbage",
    "skalborg": "muggins.bots.skalborg",
    "cribist": "muggins.bots.cribist",
    "squares": "muggins.bots.squares",
}
"""Game name -> module whose ``BOTS`` dict maps bot names to factories (besides ``random``)."""


class UnknownBotError(ValueError):
    """A bot name that the game does not have."""


def bot_names(game: str) -> list[str]:
    """The bots available for ``game``, weakest first."""
    return ["random", *_game_bots(game)]


def make_bot(game: str, name: str, seed: int = 0) -> Bot:
    """A fresh bot called ``name`` for ``game``."""
    if name == "random":
        from muggins.bots.base import RandomBot

        return RandomBot(seed)
    factories = _game_bots(game)
    if name not in factories:
        raise UnknownBotError(f"no bot {name!r} for {game}: expected one of {', '.join(bot_names(game))}")
    return factories[name](seed)


def _game_bots(game: str) -> dict[str, BotFactory]:
    module = BOT_MODULES.get(game)
    if module is None:
        return {}
    try:
        bots: dict[str, BotFactory] = importlib.import_module(module).BOTS
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return {}
    return bots

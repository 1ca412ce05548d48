"""The bots of every game by name; ``--bots`` on the command line and table seats use these names.
A game's bots load on first use."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from muggins.bots.base import Bot, BotFactory

BOT_MODULES: dict[str, str] = {
    "cribbage": "muggins.bots.cribbage",
    "skalborg": "muggins.bots.skalborg",
    "cribist": "muggins.bots.cribist",
    "squares": "muggins.bots.squares",
    "cross": "muggins.bots.cross",
}
"""Game name -> the package of its bots: its ``NAMES`` lists them (besides ``random``) and its
``roster`` module's ``BOTS`` dict maps those names to factories, loaded only when a bot is made."""


class UnknownBotError(ValueError):
    """A bot name that the game does not have."""


def bot_names(game: str) -> list[str]:
    """The bots available for ``game``, weakest first."""
    package = _package(game, "")
    names: tuple[str, ...] = package.NAMES if package is not None else ()
    return ["random", *names]


def make_bot(game: str, name: str, seed: int = 0) -> Bot:
    """A fresh bot called ``name`` for ``game``."""
    if name == "random":
        from muggins.bots.base import RandomBot

        return RandomBot(seed)
    factories = _game_bots(game)
    if name not in factories:
        raise UnknownBotError(f"no bot {name!r} for {game}: expected one of {', '.join(bot_names(game))}")
    return factories[name](seed)


def lazy_roster(package: str) -> Callable[[str], dict[str, BotFactory]]:
    """A game's bots package's module ``__getattr__`` (PEP 562): its ``BOTS`` from its ``roster``,
    loaded when first asked for, so that importing the package (for ``NAMES``) loads no bot."""

    def __getattr__(name: str) -> dict[str, BotFactory]:  # noqa: N807 (a module's own hook)
        if name == "BOTS":
            bots: dict[str, BotFactory] = importlib.import_module(package + ".roster").BOTS
            return bots
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


def _game_bots(game: str) -> dict[str, BotFactory]:
    roster = _package(game, ".roster")
    bots: dict[str, BotFactory] = roster.BOTS if roster is not None else {}
    return bots


def _package(game: str, part: str) -> ModuleType | None:
    """The module ``part`` of ``game``'s bots package (``""``: the package), or None where the game
    has no bots of its own (or they are not built)."""
    package = BOT_MODULES.get(game)
    if package is None:
        return None
    try:
        return importlib.import_module(package + part)
    except ModuleNotFoundError as exc:
        if exc.name != package:
            raise
        return None

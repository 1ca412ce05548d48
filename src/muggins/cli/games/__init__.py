"""Each game's parts of the command line, one package per game, found by the game's name:
``muggins.cli.games.<game>`` holds

- ``table``: ``render(view, console)`` draws a seat's view in the terminal, and ``COUNTING`` (phase
  -> the claim syntax the prompt shows while counting by hand, and the verbs accepted then beyond
  the legal moves listed);
- ``score`` (optional): what ``muggins score`` scores: ``SUMMARY``, ``EXAMPLES``, ``FLAGS`` and
  ``score(cards, args) -> Scored``;
- ``analysis`` (optional): what ``muggins analyze`` analyses: ``SUMMARY``, ``EXAMPLES``,
  ``DESCRIPTION``, ``FLAGS`` (the flags only it reads), ``add_flags(group)`` and
  ``analyze(cards, args) -> int``.

A game without an optional part is not offered by that command. A part loads no engine or
analyser until it runs, so building the parser stays light."""

from __future__ import annotations

import importlib
from types import ModuleType

from muggins.games.registry import game_names


def game_part(game: str, part: str) -> ModuleType | None:
    """``muggins.cli.games.<game>.<part>``, or None if the game has no such part."""
    name = f"{__name__}.{game}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the part exists but something it imports is missing
        return None


def game_parts(part: str) -> dict[str, ModuleType]:
    """Game name -> its ``part``, for every registered game that has one, in the registry's order."""
    found = {game: game_part(game, part) for game in game_names()}
    return {game: module for game, module in found.items() if module is not None}

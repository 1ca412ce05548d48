"""The bots' registry: each game's bot names are listed without loading the bots, and name exactly
the bots its roster makes, in the roster's order."""

from __future__ import annotations

import importlib

import pytest

from muggins.bots.base import RandomBot
from muggins.bots.registry import BOT_MODULES, UnknownBotError, bot_names, make_bot


@pytest.mark.parametrize("game", sorted(BOT_MODULES))
def test_the_names_are_the_rosters(game: str) -> None:
    roster = importlib.import_module(BOT_MODULES[game] + ".roster")
    assert bot_names(game) == ["random", *roster.BOTS]
    assert importlib.import_module(BOT_MODULES[game]).BOTS is roster.BOTS  # as the examples import it
    for name in bot_names(game):
        assert make_bot(game, name, 1) is not None


def test_random_is_every_games_and_unknown_names_are_refused() -> None:
    assert isinstance(make_bot("no such game", "random", 3), RandomBot)
    assert bot_names("no such game") == ["random"]
    with pytest.raises(UnknownBotError, match="no bot 'wizard' for cribbage: expected one of random, "):
        make_bot("cribbage", "wizard")

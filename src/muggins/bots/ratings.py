"""The bots' measured ratings, on the leaderboard's scale (docs/bots.md, "Levels"): a round robin
between every bot of a game (``bench/levels.py``), fitted as the server reads ratings (400 points:
ten wins in eleven), with the game's plain bot at 1500, a newcomer's rating. They ship in
``muggins/data/bot_ratings.json``; a bot not measured has none."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources

RATINGS_FILE = "bot_ratings.json"


@dataclass(frozen=True, slots=True)
class BotRating:
    """A bot's rating and its 95% interval, from ``games`` games of the round robin."""

    rating: int
    low: int
    high: int
    games: int


@functools.cache
def _shipped() -> dict[str, tuple[int, dict[str, BotRating]]]:
    text = resources.files("muggins.data").joinpath(RATINGS_FILE).read_text(encoding="utf-8")
    return {
        game: (
            measured["players"],
            {name: BotRating(**figures) for name, figures in measured["bots"].items()},
        )
        for game, measured in json.loads(text)["games"].items()
    }


def bot_ratings(game: str) -> dict[str, BotRating]:
    """The measured ratings of ``game``'s bots, by name (empty for a game not measured)."""
    return dict(_shipped().get(game, (0, {}))[1])


def rating_seats(game: str) -> int | None:
    """The number of seats ``game``'s bots were measured at (None: not measured)."""
    measured = _shipped().get(game)
    return measured[0] if measured else None

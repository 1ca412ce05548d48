"""The games this server hosts (``GET /api/games``): each with its seats, its options' JSON Schema,
its presets and its bots, what the table form is made from. The registry names them: the server
names no game."""

from __future__ import annotations

from typing import Any

import pydantic
from fastapi import APIRouter

from muggins.analysis.review import reviewed_games
from muggins.bots.ratings import bot_ratings, rating_seats
from muggins.bots.registry import bot_names
from muggins.games.registry import game_class, game_names, options_model

router = APIRouter()


class PresetInfo(pydantic.BaseModel):
    """A game's preset: an id, what players call it, and the options it sets (the rest default)."""

    id: str
    label: str
    options: dict[str, Any]


class GameInfo(pydantic.BaseModel):
    """A game in the registry: seats, its options' JSON Schema (drives the table form) and its bots."""

    name: str
    min_players: int
    max_players: int
    options_schema: dict[str, Any]
    presets: list[PresetInfo] = pydantic.Field(
        description="named sets of options players know, the first the standard game (the lobby's presets)"
    )
    bots: list[str] = pydantic.Field(description="the bots' names, weakest first")
    bot_ratings: dict[str, int] = pydantic.Field(
        default={},
        description="each measured bot's rating on the leaderboard's scale (docs/bots.md, \"Levels\"), "
        "for the number of seats it was measured at",
    )
    bot_rating_seats: int | None = pydantic.Field(
        default=None, description="the seats the bots were rated at"
    )
    reviewed: bool = pydantic.Field(description="the server reviews this game's finished games on request")


@router.get("/games")
async def games() -> list[GameInfo]:
    """Every game the server can host, with the JSON Schema of its options."""
    found = []
    reviewed = reviewed_games()
    for name in game_names():
        try:
            cls, model = game_class(name), options_model(name)
        except ImportError:
            continue
        found.append(
            GameInfo(
                name=name,
                min_players=cls.min_players,
                max_players=cls.max_players,
                options_schema=model.json_schema(),
                presets=[
                    PresetInfo(id=key, label=preset.label, options=preset.options)
                    for key, preset in model.presets.items()
                ],
                bots=bot_names(name),
                bot_ratings={bot: rated.rating for bot, rated in bot_ratings(name).items()},
                bot_rating_seats=rating_seats(name),
                reviewed=name in reviewed,
            )
        )
    return found

"""What a player asks the pairing for (a seek or a challenge): the game, seats, options, clocks
and kind checked and put as the table will have them; who may ask; and the table made for it."""

from __future__ import annotations

from typing import Any

from muggins.games.registry import options_model
from muggins.server import messages
from muggins.server.store import MEMBERS, User
from muggins.server.tables import PlayerTable, TableError, Tables, checked_options

FOR_PEOPLE = "a bot account plays by challenge: the pools and tournaments are for people"
"""Why a bot account may not seek or enter a tournament (docs/server.md, "Bot accounts")."""


class PairingError(TableError):
    """A seek or a challenge refused: a rated game for a guest, a player with too many games going,
    a challenge to nobody online."""


def request_of(asked: messages.AskForGame) -> dict[str, Any]:
    """The game asked for as the table will have it: the options the game's own model reads (else
    ``TableSettingsError`` saying what is wrong) and the time controls of a table of people."""
    clocks = messages.TimeControls(
        turn_time=asked.time.turn_clock(people=2),
        count_time=asked.time.count_time,
        intermission=asked.time.intermission,
        days=asked.time.days,
    )
    return {
        "game": asked.game,
        "players": asked.players,
        "options": checked_options(asked.game, asked.players, asked.options),
        "time": clocks.model_dump(),
        "rated": asked.rated,
    }


def asked_game(request: dict[str, Any]) -> dict[str, Any]:
    """A stored request as the protocol's ``AskedGame`` fields (to make a seek's, a challenge's or
    a tournament's description with)."""
    return {**request, "time": messages.TimeControls(**request["time"])}


def every_option(request: dict[str, Any]) -> dict[str, Any]:
    """Every option of the game as its model reads the request's (those left out at their defaults)."""
    return options_model(request["game"]).parse(request["options"]).as_json()


async def may_play(tables: Tables, user: User, rated: bool) -> None:
    """``PairingError`` unless ``user`` may be given another game: rated games are for members
    (bot accounts too), and nobody is seated at more unfinished tables than they could make
    themselves."""
    if user.kind == "bot":
        raise PairingError("bots do not seek or take challenges")
    if rated and user.kind not in MEMBERS:
        raise PairingError("rated games are for members: sign up, or ask for a casual game")
    most = tables.settings.open_tables_per_user
    if len(await tables.store.seated(user.id, most)) >= most:
        raise PairingError(f"{user.name} has {most} games going: one must finish first")


async def open_table(
    tables: Tables,
    request: dict[str, Any],
    people: dict[int, User],
    bots: dict[int, str],
    maker: User | None = None,
) -> PlayerTable:
    """The table for a request: public, no hints, every seat taken (``people``, ``bots``), its game
    begun; made by the person in the first of the people's seats (``maker`` where bots alone play)."""
    creator = people[min(people)] if people else maker
    assert creator is not None, "a table of bots alone is made by somebody"
    return await tables.create(
        creator,
        game=request["game"],
        players=request["players"],
        options=request["options"],
        time_controls=messages.TimeControls(**request["time"]),
        hints=False,
        private=False,
        bots=bots,
        seat=None,
        rated=request["rated"],
        people=people,
    )

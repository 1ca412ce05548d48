"""The tables' routes: the lobby's pages, your open tables, a new table, a table's description and
a hint at it. Moves, chat and seats go over the WebSocket (docs/protocol.md)."""

from __future__ import annotations

from typing import Annotated, Any

import pydantic
from fastapi import APIRouter, Query, Request
from pydantic import Field

from muggins.server import messages
from muggins.server.accounts import UserDep, client_address
from muggins.server.tables.deps import TablesDep

router = APIRouter()


class CreateTable(pydantic.BaseModel):
    """A new table: the game, its seats and engine options, time controls, hints, bots in seats."""

    model_config = pydantic.ConfigDict(extra="forbid")

    game: str
    players: int = Field(ge=1, le=8)
    options: dict[str, Any] = {}
    time: messages.TimeControls = messages.TimeControls()
    hints: bool = True
    private: bool = False
    rated: bool = Field(default=True, description="false: casual, the games never change ratings")
    bots: dict[int, str] = Field(default={}, description="seat -> bot name")
    seat: int | None = Field(default=0, description="where you sit; null to only watch")


@router.get("/tables")
async def lobby(
    tables: TablesDep, page: Annotated[int, Query(ge=0, le=100_000)] = 0
) -> list[messages.TableInfo]:
    """A page of the public tables waiting for players or playing (``LOBBY_PAGE`` at most): those
    waiting first, then those playing, the newest first in each."""
    return tables.lobby_page(page)[0]


@router.get("/me/tables")
async def my_tables(user: UserDep, tables: TablesDep) -> list[messages.TableInfo]:
    """Your games: the tables where you hold a seat that are waiting or playing, newest first."""
    return await tables.seated(user)


@router.post("/tables", status_code=201)
async def create_table(
    body: CreateTable, user: UserDep, tables: TablesDep, request: Request
) -> messages.TableInfo:
    """Create a table with any of the game's options; bots take the seats named in ``bots``. A
    table of bots alone plays only while somebody watches it (it ends after a few minutes with
    nobody), and one address may have only a few."""
    table = await tables.create(
        user,
        game=body.game,
        players=body.players,
        options=body.options,
        time_controls=body.time,
        hints=body.hints,
        private=body.private,
        rated=body.rated,
        bots=body.bots,
        seat=body.seat,
        address=client_address(request),
    )
    return table.info()


@router.get("/tables/{table_id}")
async def table_info(table_id: str, tables: TablesDep) -> messages.TableInfo:
    """A table's seats, options and status (also for private tables: the id is the invitation)."""
    return (await tables.get(table_id)).info()


@router.get("/tables/{table_id}/hint")
async def table_hint(table_id: str, user: UserDep, tables: TablesDep) -> messages.Hint:
    """The expert bot's move for your seat now, with its reason (if the table allows hints)."""
    table = await tables.get(table_id)
    hint: messages.Hint = await table.hint(user)
    return hint

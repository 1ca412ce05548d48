"""The tournaments' routes: the list, a new one, one with its standings and a round's pairings,
entering and withdrawing. Live updates come over the WebSocket (``watch_tournament``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pydantic
from fastapi import APIRouter, Query
from pydantic import Field

from muggins.games.flow import MAX_SEATS
from muggins.server import messages
from muggins.server.accounts import UserDep
from muggins.server.tournaments.deps import TournamentsDep

router = APIRouter()


class NewTournament(pydantic.BaseModel):
    """A tournament: its name, kind (Swiss, or an arena), the game and its seats a table (each
    playing for themselves) with its options and clocks, rated or casual, how many rounds (Swiss)
    or minutes and whether streaks score double (an arena), and in how many seconds it starts."""

    model_config = pydantic.ConfigDict(extra="forbid")

    name: Annotated[messages.ChatText, Field(max_length=64)]
    game: str = Field(min_length=1, max_length=32)
    players: int = Field(default=2, ge=2, le=MAX_SEATS, description="seats at each table, as the game allows")
    options: dict[str, Any] = {}
    time: messages.TimeControls = messages.TimeControls()
    rated: bool = True
    kind: Literal["swiss", "arena"] = "swiss"
    rounds: int = Field(default=5, ge=1, le=15, description="Swiss: the rounds")
    minutes: int = Field(default=30, ge=1, le=180, description="an arena: how long it lasts")
    streaks: bool = Field(default=True, description="an arena: after two wins in a row, wins score double")
    starts_in: int = Field(default=300, ge=0, le=7 * 86400, description="seconds from now")


class Entry(pydantic.BaseModel):
    """Enter yourself, or (the tournament's maker) a bot of the game's levels."""

    model_config = pydantic.ConfigDict(extra="forbid")

    bot: str | None = Field(default=None, max_length=32)


@router.get("/tournaments")
async def tournaments(service: TournamentsDep) -> list[messages.TournamentInfo]:
    """Tournaments to come and running, the soonest first, then the latest finished (50 in all;
    without their pairings)."""
    return await service.listing()


@router.post("/tournaments", status_code=201)
async def new_tournament(
    body: NewTournament, user: UserDep, service: TournamentsDep
) -> messages.TournamentInfo:
    """Make a tournament (members; three to come or running at a time)."""
    asked = messages.Seek(
        game=body.game, players=body.players, options=body.options, time=body.time, rated=body.rated
    )
    if body.kind == "arena":
        return await service.create(
            user,
            name=body.name,
            asked=asked,
            starts_in=body.starts_in,
            minutes=body.minutes,
            streaks=body.streaks,
        )
    return await service.create(
        user, name=body.name, asked=asked, starts_in=body.starts_in, rounds=body.rounds
    )


@router.get("/tournaments/{tournament_id}")
async def tournament(
    tournament_id: str,
    service: TournamentsDep,
    round_: Annotated[int | None, Query(alias="round", ge=0, le=100_000)] = None,
) -> messages.TournamentInfo:
    """A tournament: its standings, and the pairings of the current round (or of ``round``)."""
    return await service.info(tournament_id, games_round=round_)


@router.post("/tournaments/{tournament_id}/entry")
async def enter(
    tournament_id: str, user: UserDep, service: TournamentsDep, body: Entry | None = None
) -> messages.TournamentInfo:
    """Enter before the start, or an arena until its end (or enter a bot, as its maker: one a
    tournament)."""
    return await service.enter(user, tournament_id, body.bot if body else None)


@router.post("/tournaments/{tournament_id}/start")
async def start_now(tournament_id: str, user: UserDep, service: TournamentsDep) -> messages.TournamentInfo:
    """Start now, not at the time set (the tournament's maker, before it has begun)."""
    return await service.start_now(user, tournament_id)


@router.delete("/tournaments/{tournament_id}/entry")
async def withdraw(tournament_id: str, user: UserDep, service: TournamentsDep) -> messages.TournamentInfo:
    """Withdraw: off the list before the start; paired no more after it."""
    return await service.withdraw(user, tournament_id)

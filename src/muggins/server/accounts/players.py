"""Players as others see them: a game's leaderboard and a player's page (ratings, recent results,
accuracy in reviewed games, and the statistics each game keeps)."""

from __future__ import annotations

from typing import Annotated, Any

import pydantic
from fastapi import APIRouter, HTTPException, Query

from muggins.games.registry import game_names
from muggins.server import messages
from muggins.server.accounts.auth import user_info
from muggins.server.accounts.deps import PlayerStatsDep, StoreDep, ViewerDep
from muggins.server.accounts.player_page import StatsBusyError
from muggins.server.accounts.ratings import SETTLED_AFTER, display, provisional

router = APIRouter()


class RatingOut(pydantic.BaseModel):
    """A rating as players see it (1500-centred; ``provisional`` for its first games) and the
    model's own figures (openskill's mu and sigma)."""

    game: str
    seats: int
    rating: int
    provisional: bool
    mu: float
    sigma: float
    games: int


class ResultOut(pydantic.BaseModel):
    game_id: int
    table_id: str
    game: str
    seats: int
    seat: int
    rank: int
    score: int
    finished_at: float | None


class AccuracyOut(pydantic.BaseModel):
    """A player's accuracy (docs/review.md) in one reviewed game."""

    game_id: int
    game: str
    seat: int
    accuracy: float
    finished_at: float | None


class Record(pydantic.BaseModel):
    """A player's record: the finished games shown to the viewer, and those they placed first in."""

    games: int
    won: int


class PlayerPage(pydantic.BaseModel):
    user: messages.UserInfo
    record: Record
    ratings: list[RatingOut]
    results: list[ResultOut]
    accuracy: list[AccuracyOut] = pydantic.Field(description="accuracy in reviewed games, newest first")
    stats: dict[str, dict[str, Any]] = pydantic.Field(
        default={},
        description="per game that keeps statistics (analysis/<game>/stats.py): the player's figures over "
        "their latest results",
    )


class LeaderOut(pydantic.BaseModel):
    """One place on a leaderboard: the player and their rating (1500-centred; ``provisional`` for
    its first games, listed after every settled rating)."""

    rank: int
    user: messages.UserInfo
    rating: int
    provisional: bool
    games: int


class Leaderboard(pydantic.BaseModel):
    game: str
    seats: int
    leaders: list[LeaderOut]


FIRST_GAME = game_names()[0]
"""The game a leaderboard shows when none is named."""

LEADERS = 50
"""How many places a leaderboard lists."""


@router.get("/leaderboard")
async def leaderboard(
    store: StoreDep,
    game: Annotated[str, Query(description="the game's name (default: the registry's first)")] = FIRST_GAME,
    seats: Annotated[int, Query(ge=1, le=8, description="the number of seats")] = 2,
) -> Leaderboard:
    """The best-rated players of a game at a number of seats (bots and guests too), best first."""
    if game not in game_names():
        raise HTTPException(404, f"unknown game {game!r}: expected one of {', '.join(game_names())}")
    rows = await store.leaderboard(game, seats, LEADERS, settled_after=SETTLED_AFTER)
    leaders = [
        LeaderOut(
            rank=place,
            user=user_info(user),
            rating=display(rating),
            provisional=provisional(rating),
            games=rating.games,
        )
        for place, (user, rating) in enumerate(rows, start=1)
    ]
    return Leaderboard(game=game, seats=seats, leaders=leaders)


@router.get("/players/{user_id}")
async def player(user_id: int, store: StoreDep, viewer: ViewerDep, page_stats: PlayerStatsDep) -> PlayerPage:
    """A player's ratings (per game and seat count) and recent results: a game at a private table
    only to those who played in it (its table's id is the invitation)."""
    viewer_id = viewer.id if viewer is not None else None
    user = await store.user(user_id)
    if user is None:
        raise HTTPException(404, f"there is no player {user_id}")
    ratings = [
        RatingOut(
            game=r.game,
            seats=r.seats,
            rating=display(r),
            provisional=provisional(r),
            mu=r.mu,
            sigma=r.sigma,
            games=r.games,
        )
        for r in await store.ratings([user_id])
    ]
    games, won = await store.record(user_id, viewer_id)
    results = [
        ResultOut(
            game_id=r.game_id,
            table_id=r.table_id,
            game=r.game,
            seats=r.seats,
            seat=r.seat,
            rank=r.rank,
            score=r.score,
            finished_at=r.finished_at,
        )
        for r in await store.results(user_id, viewer_id=viewer_id)
    ]
    accuracy = [
        AccuracyOut(
            game_id=a.game_id, game=a.game, seat=a.seat, accuracy=a.accuracy, finished_at=a.finished_at
        )
        for a in await store.accuracies(user_id, viewer_id=viewer_id)
    ]
    try:
        stats = await page_stats.of(user_id, [(r.game_id, r.game, r.seat) for r in results])
    except StatsBusyError as exc:
        raise HTTPException(503, str(exc), headers={"Retry-After": "2"}) from None
    return PlayerPage(
        user=user_info(user),
        record=Record(games=games, won=won),
        ratings=ratings,
        results=results,
        accuracy=accuracy,
        stats=stats,
    )

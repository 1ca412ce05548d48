"""The trainers' HTTP API: each drill a game offers (``muggins.analysis.trainers``: a discard puzzle
graded against the exact table of all 15 splits, counting practice graded item by item…) at
``/trainer/<drill>``, a daily puzzle of each (seeded by the date, the same for everyone), pegging
positions from reviewed games where the choice mattered most, and each player's streak of right
answers. The server names no game: the drills come from the registry."""

from __future__ import annotations

import asyncio
import datetime
import random
import secrets
from typing import Annotated, Any

import pydantic
from fastapi import APIRouter, HTTPException, Query

from muggins.analysis.review import label
from muggins.analysis.trainers import SEEDS, Drill, PuzzleError, daily_seed, drills, position_games
from muggins.games.registry import load_game
from muggins.server.accounts import StoreDep, UserDep
from muggins.server.learning.reviews import REVIEW_VERSION
from muggins.server.store import Store

router = APIRouter(prefix="/trainer")

PEGGING_POOL = 20
"""Pegging positions are drawn from this many, those with the most at stake among the newest reviews."""


class Streak(pydantic.BaseModel):
    """Right answers in a row in this trainer, now and at the longest."""

    current: int
    best: int


class DrillInfo(pydantic.BaseModel):
    name: str
    game: str
    summary: str


def _seed(seed: int | None, daily: bool) -> int:
    if daily:
        return daily_seed(datetime.datetime.now(datetime.UTC).date())
    return secrets.randbelow(SEEDS) if seed is None else seed


SeedQuery = Annotated[int | None, Query(ge=0, lt=SEEDS, description="a puzzle's seed (omitted: a new one)")]
DailyQuery = Annotated[bool, Query(description="today's puzzle (UTC), the same for everyone")]


@router.get("")
async def trainers() -> list[DrillInfo]:
    """Every drill the games offer, each at ``/trainer/<name>``."""
    return [
        DrillInfo(name=name, game=game, summary=drill.summary) for name, (game, drill) in drills().items()
    ]


def _add_drill(name: str, drill: Drill[Any]) -> None:
    """``GET /trainer/<name>``: a puzzle; ``POST``: its answer graded, counted in the streak."""

    async def show(seed: SeedQuery = None, daily: DailyQuery = False) -> Any:
        return drill.puzzle(_seed(seed, daily))

    async def grade(body: Any, user: UserDep, store: StoreDep) -> Any:
        try:
            right, graded = drill.grade(body)
        except PuzzleError as exc:
            raise HTTPException(400, str(exc)) from None
        current, best = await store.answer(user.id, name, right)
        return {**graded.model_dump(), "streak": Streak(current=current, best=best)}

    with_streak = pydantic.create_model(
        drill.graded.__name__ + "WithStreak", __base__=drill.graded, streak=(Streak, ...)
    )
    grade.__annotations__["body"] = drill.answer
    show.__doc__, grade.__doc__ = drill.summary, f"Grade an answer ({drill.summary}); counts the streak."
    router.add_api_route(f"/{name}", show, methods=["GET"], response_model=drill.shown, name=f"{name}_puzzle")
    router.add_api_route(
        f"/{name}", grade, methods=["POST"], response_model=with_streak, name=f"grade_{name}"
    )


class PeggingPosition(pydantic.BaseModel):
    """A moment of the play from a finished, reviewed game, as the seat to lay saw it."""

    game_id: int
    move: int = pydantic.Field(description="the move's index in the game's record")
    seat: int
    hand: list[str]
    pile: list[str] = pydantic.Field(description="the cards laid since the count was last reset")
    count: int
    starter: str | None
    choices: list[str] = pydantic.Field(description="the cards that may be laid")


class PeggingIn(pydantic.BaseModel):
    game_id: int = pydantic.Field(ge=0)
    move: int = pydantic.Field(ge=0)
    card: str = pydantic.Field(max_length=3)


class PeggingGrade(pydantic.BaseModel):
    """The card laid graded: every card's expected points (docs/review.md), the best and the cost."""

    card: str
    best: str
    loss: float
    label: str
    values: dict[str, float]
    played: str = pydantic.Field(description="what the player in the game laid")
    streak: Streak


def _spread(decision: dict[str, Any]) -> float:
    values = decision["choices"].values()
    return float(max(values) - min(values))


async def _plays(store: Store) -> list[tuple[int, int, dict[str, Any]]]:
    """(game id, seat, decision) of the plays with the most at stake among the newest reviews of the
    games the pegging drill draws on."""
    games = position_games("pegging")
    found = [
        (game_id, seat["seat"], d)
        for game_id, review in await store.reviews(REVIEW_VERSION)
        if review["game"] in games
        for seat in review["seats"]
        for d in seat["decisions"]
        if d["kind"] == "play"
    ]
    found.sort(key=lambda x: -_spread(x[2]))
    return found[:PEGGING_POOL]


@router.get("/pegging")
async def pegging(store: StoreDep) -> PeggingPosition:
    """A position from a reviewed game where the card laid mattered most (404 before any review)."""
    plays = await _plays(store)
    if not plays:
        raise HTTPException(404, "no reviewed plays yet: review a finished game first")
    game_id, seat, decision = random.choice(plays)
    row = await store.game(game_id)
    assert row is not None  # a review is only stored for a stored game
    record = row.record()
    game = await asyncio.to_thread(load_game, {**record, "moves": record["moves"][: decision["move"]]})
    view = game.view(seat)
    return PeggingPosition(
        game_id=game_id,
        move=decision["move"],
        seat=seat,
        hand=view["hand"],
        pile=[card for _, card in view["pile"]],
        count=view["count"],
        starter=view["starter"],
        choices=[move.removeprefix("play ") for move in decision["choices"]],
    )


@router.post("/pegging")
async def grade_pegging(body: PeggingIn, user: UserDep, store: StoreDep) -> PeggingGrade:
    """Grade the card laid in a pegging position: right if it is worth as much as the best. Only
    positions the trainer serves (from games at public tables) are graded."""
    row = await store.game(body.game_id)
    table = await store.table(row.table_id) if row is not None else None
    review = (
        await store.review(body.game_id, REVIEW_VERSION) if table is not None and not table.private else None
    )
    decision = next(
        (d for seat in (review or {}).get("seats", []) for d in seat["decisions"] if d["move"] == body.move),
        None,
    )
    drawn_on = review is not None and review["game"] in position_games("pegging")
    if decision is None or decision["kind"] != "play" or not drawn_on:
        raise HTTPException(404, f"move {body.move} of game {body.game_id} is no reviewed play")
    values: dict[str, float] = decision["choices"]
    chosen = values.get(f"play {body.card}")
    if chosen is None:
        raise HTTPException(400, f"{body.card} cannot be laid here: choose one of {', '.join(values)}")
    best = max(values, key=values.__getitem__)
    loss = values[best] - chosen
    current, longest = await store.answer(user.id, "pegging", label(loss) == "best")
    return PeggingGrade(
        card=body.card,
        best=best.removeprefix("play "),
        loss=loss,
        label=label(loss),
        values={move.removeprefix("play "): value for move, value in values.items()},
        played=decision["chose"].removeprefix("play "),
        streak=Streak(current=current, best=longest),
    )


for _name, (_game, _drill) in drills().items():
    if _name == "pegging":
        raise ValueError(f"{_game} names a drill 'pegging', the name of the trainer of reviewed plays")
    _add_drill(_name, _drill)

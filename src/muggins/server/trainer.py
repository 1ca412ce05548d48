"""The trainers' HTTP API: discard puzzles graded against the exact table of all 15 splits, counting
practice graded item by item, a daily puzzle of each (seeded by the date, the same for everyone),
pegging positions from reviewed games where the choice mattered most, and each player's streak of
right answers."""

from __future__ import annotations

import asyncio
import datetime
import random
import secrets
from typing import Annotated, Any

import pydantic
from fastapi import APIRouter, HTTPException, Query

from muggins.analysis.cribbage.trainer import SEEDS, PuzzleError, count_puzzle, daily_seed, discard_puzzle
from muggins.analysis.review import label
from muggins.cards import CardError, parse_cards
from muggins.games.registry import load_game
from muggins.server.deps import StoreDep, UserDep
from muggins.server.reviews import REVIEW_VERSION
from muggins.server.store import Store

router = APIRouter(prefix="/trainer")

PEGGING_POOL = 20
"""Pegging positions are drawn from this many, those with the most at stake among the newest reviews."""


class Streak(pydantic.BaseModel):
    """Right answers in a row in this trainer, now and at the longest."""

    current: int
    best: int


class DiscardPuzzleOut(pydantic.BaseModel):
    seed: int
    cards: list[str]
    dealer: bool = pydantic.Field(description="true: the crib is yours; false: your opponent's")


class DiscardIn(pydantic.BaseModel):
    seed: int = pydantic.Field(ge=0, lt=SEEDS)
    discard: list[str] = pydantic.Field(min_length=2, max_length=2, description="the two cards thrown")


class SplitOut(pydantic.BaseModel):
    kept: list[str]
    thrown: list[str]
    hand: float
    crib: float
    net: float


class DiscardGrade(DiscardPuzzleOut):
    """The answer graded: every split best first, where the throw ranks (1: best) and its cost."""

    thrown: list[str]
    rank: int
    loss: float
    splits: list[SplitOut]
    streak: Streak


class CountPuzzleOut(pydantic.BaseModel):
    seed: int
    hand: list[str]
    starter: str
    crib: bool


class CountIn(pydantic.BaseModel):
    seed: int = pydantic.Field(ge=0, lt=SEEDS)
    total: int = pydantic.Field(ge=0, le=29)


class CountGrade(CountPuzzleOut):
    """The count graded: the true total, every item that makes it, and the points missed."""

    total: int
    claimed: int
    missed: int
    items: list[dict[str, Any]]
    streak: Streak


def _seed(seed: int | None, daily: bool) -> int:
    if daily:
        return daily_seed(datetime.datetime.now(datetime.UTC).date())
    return secrets.randbelow(SEEDS) if seed is None else seed


SeedQuery = Annotated[int | None, Query(ge=0, lt=SEEDS, description="a puzzle's seed (omitted: a new one)")]
DailyQuery = Annotated[bool, Query(description="today's puzzle (UTC), the same for everyone")]


@router.get("/discard")
async def discard(seed: SeedQuery = None, daily: DailyQuery = False) -> DiscardPuzzleOut:
    """A hand of six to split: throw two to the crib."""
    puzzle = discard_puzzle(_seed(seed, daily))
    return DiscardPuzzleOut(seed=puzzle.seed, cards=[str(c) for c in puzzle.cards], dealer=puzzle.dealer)


@router.post("/discard")
async def grade_discard(body: DiscardIn, user: UserDep, store: StoreDep) -> DiscardGrade:
    """Grade a discard: the exact table of every split and where the throw ranks; counts the streak."""
    puzzle = discard_puzzle(body.seed)
    try:
        splits, rank, loss = puzzle.grade(parse_cards(body.discard))
    except (CardError, PuzzleError) as exc:
        raise HTTPException(400, str(exc)) from None
    current, best = await store.answer(user.id, "discard", rank == 1)
    return DiscardGrade(
        seed=puzzle.seed,
        cards=[str(c) for c in puzzle.cards],
        dealer=puzzle.dealer,
        thrown=body.discard,
        rank=rank,
        loss=loss,
        splits=[
            SplitOut(
                kept=[str(c) for c in s.kept],
                thrown=[str(c) for c in s.thrown],
                hand=s.hand.mean,
                crib=s.crib,
                net=s.net,
            )
            for s in splits
        ],
        streak=Streak(current=current, best=best),
    )


@router.get("/count")
async def count(seed: SeedQuery = None, daily: DailyQuery = False) -> CountPuzzleOut:
    """A hand (or crib) and a starter to count."""
    puzzle = count_puzzle(_seed(seed, daily))
    return CountPuzzleOut(
        seed=puzzle.seed, hand=[str(c) for c in puzzle.hand], starter=str(puzzle.starter), crib=puzzle.crib
    )


@router.post("/count")
async def grade_count(body: CountIn, user: UserDep, store: StoreDep) -> CountGrade:
    """Grade a count: the true total and every item that makes it; counts the streak."""
    puzzle = count_puzzle(body.seed)
    score = puzzle.score()
    current, best = await store.answer(user.id, "count", body.total == score.total)
    return CountGrade(
        seed=puzzle.seed,
        hand=[str(c) for c in puzzle.hand],
        starter=str(puzzle.starter),
        crib=puzzle.crib,
        total=score.total,
        claimed=body.total,
        missed=max(0, score.total - body.total),
        items=[item.to_dict() for item in score.items],
        streak=Streak(current=current, best=best),
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
    """(game id, seat, decision) of the plays with the most at stake among the newest reviews."""
    found = [
        (game_id, seat["seat"], d)
        for game_id, review in await store.reviews(REVIEW_VERSION)
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
        raise HTTPException(404, "no reviewed games yet: review a finished cribbage game first")
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
    if decision is None or decision["kind"] != "play":
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

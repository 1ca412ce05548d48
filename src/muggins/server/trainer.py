"""The trainers' HTTP API: discard puzzles graded against the exact table of all 15 splits, counting
practice graded item by item, a daily puzzle of each (seeded by the date, the same for everyone),
and each player's streak of right answers."""

from __future__ import annotations

import datetime
import secrets
from typing import Annotated, Any

import pydantic
from fastapi import APIRouter, HTTPException, Query

from muggins.analysis.trainer import SEEDS, PuzzleError, count_puzzle, daily_seed, discard_puzzle
from muggins.cards import CardError, parse_cards
from muggins.server.deps import StoreDep, UserDep

router = APIRouter(prefix="/trainer")


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

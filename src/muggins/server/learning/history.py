"""Finished games, as players look back at them: the list of a table's or a player's games,
step-through replay with any seat's view after any move, and reviews made in the background
(``reviews``). A game still being played is never shown: its record would reveal the cards."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

import pydantic
from fastapi import APIRouter, HTTPException, Query

from muggins.games.registry import load_game
from muggins.games.words import told
from muggins.server import messages
from muggins.server.accounts import StoreDep, UserDep, ViewerDep, user_info
from muggins.server.learning.deps import ReviewerDep
from muggins.server.learning.reviews import RefusedReviewError, Status
from muggins.server.store import GameRow, Store, User

router = APIRouter(prefix="/history")


class GameSummary(pydantic.BaseModel):
    """A finished game at a table."""

    id: int
    table_id: str
    number: int
    game: str
    players: list[messages.UserInfo | None]
    result: dict[str, Any] | None
    started_at: float
    finished_at: float | None


class ReplayStep(pydantic.BaseModel):
    """One move of a finished game and everything it caused (nothing is hidden once a game is over)."""

    ply: int
    seat: int
    move: str
    by: str
    events: list[dict[str, Any]]
    scores: list[int]


class Replay(pydantic.BaseModel):
    """A finished game for step-through replay: its record, the opening events and every step."""

    game: GameSummary
    record: dict[str, Any]
    opening: list[dict[str, Any]]
    steps: list[ReplayStep]


class ReviewOut(pydantic.BaseModel):
    """A finished game's review: none asked yet, running (``progress`` 0-1) or done (``review``, as
    ``muggins review --json`` prints it; docs/review.md)."""

    game_id: int
    state: Literal["none", "running", "done"]
    progress: float
    review: dict[str, Any] | None


async def _summary(store: Store, row: GameRow) -> GameSummary:
    users = [await store.user(uid) for uid in row.seats]
    return GameSummary(
        id=row.id,
        table_id=row.table_id,
        number=row.number,
        game=row.header["game"],
        players=[user_info(u) if u else None for u in users],
        result=row.result,
        started_at=row.started_at,
        finished_at=row.finished_at,
    )


@router.get("")
async def history(
    store: StoreDep,
    viewer: ViewerDep,
    table: Annotated[str | None, Query(max_length=32)] = None,
    user: Annotated[int | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[GameSummary]:
    """Finished games, newest first, at a table or of a player. Games at private tables are listed
    only to those who played in them, or by their table's id (the invitation)."""
    viewer_id = viewer.id if viewer is not None else None
    rows = await store.finished_games(table_id=table, user_id=user, limit=limit, viewer_id=viewer_id)
    return [await _summary(store, row) for row in rows]


def _replay_steps(row: GameRow) -> tuple[list[dict[str, Any]], list[ReplayStep]]:
    """Replay a stored game move by move (blocking): the opening events and each step's events."""
    game = load_game({**row.record(), "moves": []})
    opening = [told(game.name, e, reveal=True) for e in game.events]
    steps = []
    for move in row.moves:
        events = game.apply(move.seat, move.text)
        steps.append(
            ReplayStep(
                ply=move.ply,
                seat=move.seat,
                move=move.text,
                by=move.by,
                events=[told(game.name, e, reveal=True) for e in events],
                scores=list(game.scores),
            )
        )
    return opening, steps


@router.get("/{game_id}")
async def replay(game_id: int, store: StoreDep, viewer: ViewerDep) -> Replay:
    """A finished game step by step: each move with all its events. Games still being played are
    not shown (their record would reveal the cards)."""
    row = await _finished(store, game_id, viewer)
    record = row.record()
    opening, steps = await asyncio.to_thread(_replay_steps, row)
    return Replay(game=await _summary(store, row), record=record, opening=opening, steps=steps)


@router.get("/{game_id}/view")
async def replay_view(
    game_id: int,
    store: StoreDep,
    ply: Annotated[int, Query(ge=0)],
    viewer: ViewerDep,
    seat: Annotated[int | None, Query(ge=0)] = None,
) -> dict[str, Any]:
    """The view of ``seat`` (omitted: a spectator) after ``ply`` moves of a finished game."""
    row = await _finished(store, game_id, viewer)
    record = row.record()
    if ply > len(record["moves"]):
        raise HTTPException(400, f"game {game_id} has {len(record['moves'])} moves, not {ply}")
    if seat is not None and seat >= record["players"]:
        raise HTTPException(400, f"game {game_id} has seats 0-{record['players'] - 1}, not {seat}")
    game = await asyncio.to_thread(load_game, {**record, "moves": record["moves"][:ply]})
    return game.view(seat)


async def _finished(store: Store, game_id: int, viewer: User | None) -> GameRow:
    """A finished game that ``viewer`` may see: a private table's games only to their players
    (game ids are counted, so an id proves nothing; a table's id does, and lists them)."""
    row = await store.game(game_id)
    if row is None or row.status != "over":
        raise HTTPException(404, f"there is no finished game {game_id}")
    table = await store.table(row.table_id)
    if table is not None and table.private and (viewer is None or viewer.id not in row.seats):
        raise HTTPException(404, f"there is no finished game {game_id}")
    return row


@router.get("/{game_id}/review")
async def review_status(game_id: int, store: StoreDep, reviewer: ReviewerDep, viewer: ViewerDep) -> ReviewOut:
    """A finished game's review: done (stored), running with its progress, or none asked yet."""
    await _finished(store, game_id, viewer)
    return _review_out(game_id, await reviewer.status(game_id))


@router.post("/{game_id}/review")
async def start_review(game_id: int, user: UserDep, store: StoreDep, reviewer: ReviewerDep) -> ReviewOut:
    """Review a finished game in the background (or give the stored review): poll with GET."""
    row = await _finished(store, game_id, user)
    try:
        return _review_out(game_id, await reviewer.start(row, user.id))
    except RefusedReviewError as exc:
        raise HTTPException(409, str(exc)) from None


def _review_out(game_id: int, status: Status) -> ReviewOut:
    return ReviewOut(game_id=game_id, state=status.state, progress=status.progress, review=status.review)

"""The HTTP API (documented in OpenAPI at /openapi.json): games and their options, accounts, the
lobby and tables, hints, game history with step-through replay and reviews, player pages, the
trainers (``muggins.server.trainer``) and your settings (``muggins.server.accounts.preferences``)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

import pydantic
from fastapi import APIRouter, HTTPException, Query, Request

from muggins.analysis.review import reviewed_games
from muggins.bots.registry import bot_names
from muggins.games.registry import game_class, game_names, load_game
from muggins.games.words import told
from muggins.server import messages, trainer
from muggins.server.accounts import preferences
from muggins.server.accounts.auth import Auth, AuthError, BusyError, user_info
from muggins.server.accounts.deps import AuthDep, PlayerStatsDep, StoreDep, UserDep, ViewerDep, client_address
from muggins.server.accounts.player_page import StatsBusyError
from muggins.server.accounts.ratings import SETTLED_AFTER, display, provisional
from muggins.server.accounts.throttle import ThrottledError
from muggins.server.deps import ReviewerDep
from muggins.server.reviews import RefusedReviewError, Status
from muggins.server.store import GameRow, Store, User
from muggins.server.tables.deps import TablesDep
from muggins.server.tables.manager import NEW_PLAYERS_REFUSED, Tables

router = APIRouter(prefix="/api")


# --- request and response shapes ------------------------------------------------------------


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
    bots: list[str]
    reviewed: bool = pydantic.Field(description="the server reviews this game's finished games on request")


class GuestIn(pydantic.BaseModel):
    name: str = pydantic.Field(min_length=1, max_length=32)


class AccountIn(pydantic.BaseModel):
    name: str = pydantic.Field(min_length=1, max_length=32)
    password: str = pydantic.Field(min_length=1, max_length=200)


class TokenOut(pydantic.BaseModel):
    """Who you are and the token to send as ``Authorization: Bearer <token>`` and in ``hello``."""

    user: messages.UserInfo
    token: str


class CreateTable(pydantic.BaseModel):
    """A new table: the game, its seats and engine options, time controls, hints, bots in seats."""

    model_config = pydantic.ConfigDict(extra="forbid")

    game: str
    players: int = pydantic.Field(ge=1, le=8)
    options: dict[str, Any] = {}
    time: messages.TimeControls = messages.TimeControls()
    hints: bool = True
    private: bool = False
    bots: dict[int, str] = pydantic.Field(default={}, description="seat -> bot name")
    seat: int | None = pydantic.Field(default=0, description="where you sit; null to only watch")


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


class PlayerPage(pydantic.BaseModel):
    user: messages.UserInfo
    ratings: list[RatingOut]
    results: list[ResultOut]
    accuracy: list[AccuracyOut] = pydantic.Field(description="accuracy in reviewed games, newest first")
    stats: dict[str, dict[str, Any]] = pydantic.Field(
        default={},
        description="per game that keeps statistics (analysis/<game>/stats.py): the player's figures over "
        "their latest results",
    )


class ReviewOut(pydantic.BaseModel):
    """A finished game's review: none asked yet, running (``progress`` 0-1) or done (``review``, as
    ``muggins review --json`` prints it; docs/review.md)."""

    game_id: int
    state: Literal["none", "running", "done"]
    progress: float
    review: dict[str, Any] | None


# --- games and accounts ---------------------------------------------------------------------------


@router.get("/games")
async def games() -> list[GameInfo]:
    """Every game the server can host, with the JSON Schema of its options."""
    found = []
    reviewed = reviewed_games()
    for name in game_names():
        try:
            cls = game_class(name)
        except ImportError:
            continue
        found.append(
            GameInfo(
                name=name,
                min_players=cls.min_players,
                max_players=cls.max_players,
                options_schema=cls.options_model.model_json_schema(),
                presets=[
                    PresetInfo(id=key, label=preset.label, options=preset.options)
                    for key, preset in cls.options_model.presets.items()
                ],
                bots=bot_names(name),
                reviewed=name in reviewed,
            )
        )
    return found


async def _token(auth: Auth, make: Any) -> TokenOut:
    """A new session for the user ``make`` gives; its refusal as 400 (429 throttled, 503 busy)."""
    try:
        user: User = await make
    except ThrottledError as exc:
        raise HTTPException(429, str(exc), headers={"Retry-After": str(exc.retry_after)}) from None
    except BusyError as exc:
        raise HTTPException(503, str(exc), headers={"Retry-After": "5"}) from None
    except AuthError as exc:
        raise HTTPException(400, str(exc)) from None
    return TokenOut(user=user_info(user), token=await auth.token(user))


async def _new_player_allowed(tables: Tables, request: Request) -> None:
    """One address makes at most ``guests_per_minute`` new players (429 beyond)."""
    if not await tables.new_players.take(client_address(request)):
        raise HTTPException(429, NEW_PLAYERS_REFUSED, headers={"Retry-After": "60"})


@router.post("/guest")
async def guest(body: GuestIn, auth: AuthDep, tables: TablesDep, request: Request) -> TokenOut:
    """Play as a guest under a chosen name."""
    await _new_player_allowed(tables, request)
    return await _token(auth, auth.guest(body.name))


@router.post("/register")
async def register(
    body: AccountIn, auth: AuthDep, viewer: ViewerDep, tables: TablesDep, request: Request
) -> TokenOut:
    """Register an account (the password is kept as an argon2 hash). Sent with a guest's token,
    the guest becomes the member and keeps their games, ratings and seats."""
    if viewer is None or viewer.kind != "guest":
        await _new_player_allowed(tables, request)
    answer = await _token(auth, auth.register(body.name, body.password, viewer, client_address(request)))
    if viewer is not None and viewer.kind == "guest":  # seated as a guest: seated as the member now
        await tables.player_changed(viewer.id)
    return answer


@router.post("/login")
async def login(body: AccountIn, auth: AuthDep, request: Request) -> TokenOut:
    """Sign in to an account: a new session (token). Wrong passwords are throttled per name and
    address, per address, and per name from new addresses; sign-ins per name too (429 with
    Retry-After)."""
    try:
        return await _token(auth, auth.login(body.name, body.password, client_address(request)))
    except HTTPException as exc:
        if exc.status_code != 400:
            raise
        raise HTTPException(401, exc.detail) from None


@router.post("/logout", status_code=204)
async def logout(user: UserDep, auth: AuthDep, tables: TablesDep) -> None:
    """End your sessions: every token issued to you so far, on every device, is refused from now on,
    and your open connections close (code 4001)."""
    await auth.log_out(user)
    await tables.sessions_ended(user.id)


class PasswordIn(pydantic.BaseModel):
    old_password: str = pydantic.Field(min_length=1, max_length=200)
    new_password: str = pydantic.Field(min_length=1, max_length=200)


@router.post("/password")
async def change_password(
    body: PasswordIn, user: UserDep, auth: AuthDep, tables: TablesDep, request: Request
) -> TokenOut:
    """Change your password (the old one must be right): your other sessions end, your open
    connections close (code 4001), and this answer carries the new session's token."""
    answer = await _token(
        auth, auth.change_password(user, body.old_password, body.new_password, client_address(request))
    )
    await tables.sessions_ended(user.id)
    return answer


@router.get("/me")
async def me(user: UserDep) -> messages.UserInfo:
    """Who the token names."""
    return user_info(user)


# --- tables ----------------------------------------------------------------------------------------


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


# --- history and players ---------------------------------------------------------------------------


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


@router.get("/history")
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


@router.get("/history/{game_id}")
async def replay(game_id: int, store: StoreDep, viewer: ViewerDep) -> Replay:
    """A finished game step by step: each move with all its events. Games still being played are
    not shown (their record would reveal the cards)."""
    row = await _finished(store, game_id, viewer)
    record = row.record()
    opening, steps = await asyncio.to_thread(_replay_steps, row)
    return Replay(game=await _summary(store, row), record=record, opening=opening, steps=steps)


@router.get("/history/{game_id}/view")
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


@router.get("/history/{game_id}/review")
async def review_status(game_id: int, store: StoreDep, reviewer: ReviewerDep, viewer: ViewerDep) -> ReviewOut:
    """A finished game's review: done (stored), running with its progress, or none asked yet."""
    await _finished(store, game_id, viewer)
    return _review_out(game_id, await reviewer.status(game_id))


@router.post("/history/{game_id}/review")
async def start_review(game_id: int, user: UserDep, store: StoreDep, reviewer: ReviewerDep) -> ReviewOut:
    """Review a finished game in the background (or give the stored review): poll with GET."""
    row = await _finished(store, game_id, user)
    try:
        return _review_out(game_id, await reviewer.start(row, user.id))
    except RefusedReviewError as exc:
        raise HTTPException(409, str(exc)) from None


def _review_out(game_id: int, status: Status) -> ReviewOut:
    return ReviewOut(game_id=game_id, state=status.state, progress=status.progress, review=status.review)


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
    return PlayerPage(user=user_info(user), ratings=ratings, results=results, accuracy=accuracy, stats=stats)


router.include_router(trainer.router)
router.include_router(preferences.router)

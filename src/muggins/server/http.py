"""The HTTP API (documented in OpenAPI at /openapi.json): games and their options, accounts, the
lobby and tables, hints, player pages, and the routes of the domains that own them: game history
and reviews (``learning.history``), the trainers (``learning.trainer``) and your settings
(``accounts.preferences``)."""

from __future__ import annotations

from typing import Annotated, Any

import pydantic
from fastapi import APIRouter, HTTPException, Query, Request

from muggins.analysis.review import reviewed_games
from muggins.bots.registry import bot_names
from muggins.games.registry import game_class, game_names
from muggins.server import messages
from muggins.server.accounts import preferences
from muggins.server.accounts.auth import Auth, AuthError, BusyError, user_info
from muggins.server.accounts.deps import AuthDep, PlayerStatsDep, StoreDep, UserDep, ViewerDep, client_address
from muggins.server.accounts.player_page import StatsBusyError
from muggins.server.accounts.ratings import SETTLED_AFTER, display, provisional
from muggins.server.accounts.throttle import ThrottledError
from muggins.server.learning import history, trainer
from muggins.server.store import User
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


# --- players ---------------------------------------------------------------------------------------


router.include_router(history.router)


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

"""Sign-in routes: play as a guest, register, sign in and out, change a password, who am I.

New players are bounded per address by a quota the routes are given, and a change that other
connections must hear of (a guest became a member; sessions ended) is told through ``PlayerNews``,
the process's tables, in one process or a cluster, without this module naming them."""

from __future__ import annotations

from typing import Annotated, Any, Protocol

import pydantic
from fastapi import APIRouter, Depends, HTTPException, Request

from muggins.server import messages
from muggins.server.accounts.auth import Auth, AuthError, BusyError, user_info
from muggins.server.accounts.deps import AuthDep, UserDep, ViewerDep, client_address
from muggins.server.accounts.limits import NEW_PLAYERS_REFUSED, AccountLimits
from muggins.server.accounts.throttle import ThrottledError
from muggins.server.store import User

router = APIRouter()


class PlayerNews(Protocol):
    """What these routes need of the process's tables: the quota of new players per address, and
    the bus by which every process hears that a player changed or that their sessions ended."""

    new_players: AccountLimits

    async def player_changed(self, user_id: int) -> None:
        """Tell every process that ``user_id``'s name or kind changed."""

    async def sessions_ended(self, user_id: int) -> None:
        """Tell every connection of ``user_id`` that its sessions have ended."""


def _player_news(request: Request) -> PlayerNews:
    news: PlayerNews = request.app.state.player_news
    return news


PlayerNewsDep = Annotated[PlayerNews, Depends(_player_news)]


class GuestIn(pydantic.BaseModel):
    name: str = pydantic.Field(min_length=1, max_length=32)


class AccountIn(pydantic.BaseModel):
    name: str = pydantic.Field(min_length=1, max_length=32)
    password: str = pydantic.Field(min_length=1, max_length=200)


class TokenOut(pydantic.BaseModel):
    """Who you are and the token to send as ``Authorization: Bearer <token>`` and in ``hello``."""

    user: messages.UserInfo
    token: str


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


async def _new_player_allowed(tables: PlayerNews, request: Request) -> None:
    """One address makes at most ``guests_per_minute`` new players (429 beyond)."""
    if not await tables.new_players.take(client_address(request)):
        raise HTTPException(429, NEW_PLAYERS_REFUSED, headers={"Retry-After": "60"})


@router.post("/guest")
async def guest(body: GuestIn, auth: AuthDep, tables: PlayerNewsDep, request: Request) -> TokenOut:
    """Play as a guest under a chosen name."""
    await _new_player_allowed(tables, request)
    return await _token(auth, auth.guest(body.name))


@router.post("/register")
async def register(
    body: AccountIn, auth: AuthDep, viewer: ViewerDep, tables: PlayerNewsDep, request: Request
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
async def logout(user: UserDep, auth: AuthDep, tables: PlayerNewsDep) -> None:
    """End your sessions: every token issued to you so far, on every device, is refused from now on,
    and your open connections close (code 4001)."""
    await auth.log_out(user)
    await tables.sessions_ended(user.id)


class PasswordIn(pydantic.BaseModel):
    old_password: str = pydantic.Field(min_length=1, max_length=200)
    new_password: str = pydantic.Field(min_length=1, max_length=200)


@router.post("/password")
async def change_password(
    body: PasswordIn, user: UserDep, auth: AuthDep, tables: PlayerNewsDep, request: Request
) -> TokenOut:
    """Change your password (the old one must be right): your other sessions end, your open
    connections close (code 4001), and this answer carries the new session's token."""
    answer = await _token(
        auth, auth.change_password(user, body.old_password, body.new_password, client_address(request))
    )
    await tables.sessions_ended(user.id)
    return answer


class BotAccountIn(pydantic.BaseModel):
    password: str = pydantic.Field(min_length=1, max_length=200)


@router.post("/me/bot")
async def make_bot_account(
    body: BotAccountIn, user: UserDep, auth: AuthDep, tables: PlayerNewsDep, request: Request
) -> TokenOut:
    """Turn your account into a bot account, for a program to play (docs/server.md, "Bot
    accounts"): a member's account without a rating yet, confirmed by its password. It cannot be
    undone. Your sessions end, your open connections close (code 4001), and this answer carries
    the bot's token, which does not expire: give it to ``muggins bot connect``. Signing in again
    gives a new one; signing out revokes them all."""
    answer = await _token(auth, auth.make_bot_account(user, body.password, client_address(request)))
    await tables.sessions_ended(user.id)
    await tables.player_changed(user.id)
    return answer


@router.get("/me")
async def me(user: UserDep) -> messages.UserInfo:
    """Who the token names."""
    return user_info(user)

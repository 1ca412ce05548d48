"""What an HTTP request carries, as FastAPI dependencies: its client's address, the app's store,
its token checker, and the user its bearer token names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar

from fastapi import Depends, Header, HTTPException, Request
from starlette.requests import HTTPConnection

from muggins.server.accounts.auth import Auth, AuthError
from muggins.server.accounts.player_page import PlayerStats
from muggins.server.store import Store, User

T = TypeVar("T")


def client_address(connection: HTTPConnection) -> str:
    """The client's address as this server sees it (behind a proxy: uvicorn's --proxy-headers)."""
    return connection.client.host if connection.client else ""


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _player_stats(request: Request) -> PlayerStats:
    """The app's player-page statistics, made on first use (they need the store and the loop)."""
    return made_once(request, "player_stats", PlayerStats)


def made_once(request: Request, name: str, make: Callable[[Store], T]) -> T:
    """The app's ``name``, made from its store on first use and kept in its state."""
    state = request.app.state
    if getattr(state, name, None) is None:
        setattr(state, name, make(state.store))
    made: T = getattr(state, name)
    return made


def _auth(request: Request) -> Auth:
    auth: Auth = request.app.state.auth
    return auth


async def _user(request: Request, authorization: Annotated[str | None, Header()] = None) -> User:
    if not authorization or not authorization.startswith("Bearer "):
        raise HTTPException(401, "send 'Authorization: Bearer <token>' (from /api/guest or /api/login)")
    try:
        return await _auth(request).user_of(authorization.removeprefix("Bearer ").strip())
    except AuthError as exc:
        raise HTTPException(401, str(exc)) from None


async def _viewer(request: Request, authorization: Annotated[str | None, Header()] = None) -> User | None:
    """The user a request's bearer token names, or None for an anonymous request (or a bad token:
    what an anonymous request may see is all it gets)."""
    if not authorization or not authorization.startswith("Bearer "):
        return None
    try:
        return await _auth(request).user_of(authorization.removeprefix("Bearer ").strip())
    except AuthError:
        return None


StoreDep = Annotated[Store, Depends(_store)]
AuthDep = Annotated[Auth, Depends(_auth)]
UserDep = Annotated[User, Depends(_user)]
ViewerDep = Annotated[User | None, Depends(_viewer)]
PlayerStatsDep = Annotated[PlayerStats, Depends(_player_stats)]

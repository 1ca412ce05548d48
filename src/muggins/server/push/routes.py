"""Web Push routes: the server's key for subscribing, and a player's browsers added and removed."""

from __future__ import annotations

import pydantic
from fastapi import APIRouter, HTTPException
from pydantic import Field

from muggins.server.accounts import UserDep
from muggins.server.push.deps import PusherDep
from muggins.server.push.service import PushError

router = APIRouter()


class PushKey(pydantic.BaseModel):
    """The application server key browsers subscribe with (base64url, an uncompressed P-256 point)."""

    key: str


class Keys(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="ignore")

    p256dh: str = Field(max_length=128)
    auth: str = Field(max_length=64)


class Subscription(pydantic.BaseModel):
    """A browser's push subscription, as ``PushSubscription.toJSON()`` gives it."""

    model_config = pydantic.ConfigDict(extra="ignore")  # expirationTime, which the service keeps

    endpoint: str = Field(max_length=512)
    keys: Keys


class Unsubscription(pydantic.BaseModel):
    endpoint: str = Field(max_length=512)


@router.get("/push")
async def push_key(pusher: PusherDep) -> PushKey:
    """The key to subscribe a browser with."""
    return PushKey(key=await pusher.key())


@router.post("/me/push", status_code=204)
async def subscribe(body: Subscription, user: UserDep, pusher: PusherDep) -> None:
    """Tell this browser of my turns in correspondence games while no page of mine is open
    (five browsers a player)."""
    try:
        await pusher.subscribe(user, body.endpoint, body.keys.p256dh, body.keys.auth)
    except PushError as exc:
        raise HTTPException(400, str(exc)) from None


@router.delete("/me/push", status_code=204)
async def unsubscribe(body: Unsubscription, user: UserDep, pusher: PusherDep) -> None:
    """Stop telling this browser (its endpoint) of my turns."""
    if not await pusher.unsubscribe(user, body.endpoint):
        raise HTTPException(404, "this browser is not told of your turns")

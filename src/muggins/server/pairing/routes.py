"""Presence's routes: who is online, whether one player is (with the games they play now), and
your open challenges. Seeks and challenges are made over the WebSocket (docs/protocol.md)."""

from __future__ import annotations

import pydantic
from fastapi import APIRouter, HTTPException

from muggins.server import messages
from muggins.server.accounts import UserDep, user_info
from muggins.server.pairing.deps import PairingDep

router = APIRouter()


class Presence(pydantic.BaseModel):
    """Whether a player is connected now, and the public tables where they play (waiting or playing)."""

    user: messages.UserInfo
    online: bool
    games: list[messages.TableInfo]


@router.get("/online")
async def online(pairing: PairingDep) -> list[messages.UserInfo]:
    """Players connected now (guests and members, up to 100), by name: anyone may be challenged."""
    return [user_info(user) for user in await pairing.challenges.everyone_online()]


@router.get("/me/challenges")
async def my_challenges(user: UserDep, pairing: PairingDep) -> list[messages.ChallengeInfo]:
    """Your open challenges, made and received, oldest first (the WebSocket tells each one as it
    is made and answered)."""
    return await pairing.challenges.open_to(user)


@router.get("/players/{user_id}/presence")
async def presence(user_id: int, pairing: PairingDep) -> Presence:
    """Whether a player is online, and the public tables where they sit now (to watch)."""
    user = await pairing.store.user(user_id)
    if user is None:
        raise HTTPException(404, f"there is no player {user_id}")
    games = [table for table in await pairing.tables.seated(user) if not table.private]
    return Presence(
        user=user_info(user), online=bool(await pairing.challenges.online([user.id])), games=games
    )

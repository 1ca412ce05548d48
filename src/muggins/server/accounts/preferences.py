"""A player's table settings kept on their account (``/api/me/settings``), so a member finds the
same card size, show speed and sound in every browser. The server keeps them as short named
strings and bounds their size; what they mean is the web client's business (docs/web-client.md)."""

from __future__ import annotations

from typing import Annotated

import pydantic
from fastapi import APIRouter

from muggins.server.accounts.deps import StoreDep, UserDep

router = APIRouter(prefix="/me/settings")

MAX_SETTINGS = 32
"""Settings one account keeps at most (the web client has eight)."""

SettingName = Annotated[str, pydantic.StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9]{0,31}$")]
SettingValue = Annotated[str, pydantic.StringConstraints(max_length=32)]


class Settings(pydantic.BaseModel):
    """Setting name -> chosen value: at most 32, each name a word of 32 letters or digits at most
    and each value 32 characters at most."""

    settings: Annotated[dict[SettingName, SettingValue], pydantic.Field(max_length=MAX_SETTINGS)]


@router.get("")
async def read(user: UserDep, store: StoreDep) -> Settings:
    """Your settings as last saved (none saved: empty)."""
    return Settings(settings=await store.settings(user.id))


@router.put("")
async def save(body: Settings, user: UserDep, store: StoreDep) -> Settings:
    """Keep your settings, replacing the ones saved before."""
    await store.set_settings(user.id, body.settings)
    return body

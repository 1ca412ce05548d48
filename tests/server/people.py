"""The people of a server test, made in its store."""

from __future__ import annotations

from muggins.server.store import Store, User


async def members(store: Store, *names: str) -> list[User]:
    """New members called ``names``, each signing in with their name (no password works)."""
    return [await store.create_user(name, "member", login=name, password_hash="-") for name in names]

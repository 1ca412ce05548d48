"""Who a client is: signed tokens (guests and members alike) and argon2 password hashes for members."""

from __future__ import annotations

import asyncio
import re

import argon2
from itsdangerous import BadSignature, URLSafeSerializer

from muggins.server.store import DuplicateLoginError, Store, User

NAME = re.compile(r"^[\w .'-]{1,32}$")
_hasher = argon2.PasswordHasher()


class AuthError(ValueError):
    """A bad token, name or password; the message says which."""


def check_name(name: str) -> str:
    """A player name, trimmed: 1-32 letters, digits, spaces and . ' - _."""
    name = " ".join(name.split())
    if not NAME.match(name):
        raise AuthError(f"a name is 1-32 letters, digits, spaces or . ' - _, not {name!r}")
    return name


class Auth:
    """Makes and checks tokens; registers and logs in members. A token names a user for good, so a
    guest's browser that keeps it reclaims their seats after a reload or a server restart."""

    def __init__(self, store: Store, secret: str) -> None:
        self.store = store
        self.signer = URLSafeSerializer(secret, salt="muggins-user")

    def token(self, user: User) -> str:
        return self.signer.dumps({"u": user.id})

    async def user_of(self, token: str) -> User:
        """The user a token names."""
        try:
            data = self.signer.loads(token)
        except BadSignature:
            raise AuthError("the token is not valid (sign in again)") from None
        user = await self.store.user(int(data["u"])) if isinstance(data, dict) and "u" in data else None
        if user is None or user.kind == "bot":
            raise AuthError("the token names no player")
        return user

    async def guest(self, name: str) -> User:
        return await self.store.create_user(check_name(name), "guest")

    async def register(self, name: str, password: str) -> User:
        name = check_name(name)
        if len(password) < 8:
            raise AuthError("a password has at least 8 characters")
        try:
            return await self.store.create_user(
                name,
                "member",
                login=name.lower(),
                password_hash=await asyncio.to_thread(_hasher.hash, password),
            )
        except DuplicateLoginError:
            raise AuthError(f"the name {name!r} is already registered") from None

    async def login(self, name: str, password: str) -> User:
        found = await self.store.login(check_name(name).lower())
        if found is None:
            raise AuthError("wrong name or password")
        user, stored = found
        try:
            await asyncio.to_thread(_hasher.verify, stored, password)
        except argon2.exceptions.VerificationError:
            raise AuthError("wrong name or password") from None
        if _hasher.check_needs_rehash(stored):
            await self.store.set_password_hash(user.id, _hasher.hash(password))
        return user

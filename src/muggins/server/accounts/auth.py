"""Who a client is: signed session tokens (guests and members alike) that expire and can be
revoked, argon2 password hashes for members on a thread of their own, and a throttle on wrong
passwords."""

from __future__ import annotations

import asyncio
import collections
import functools
import re
import secrets
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import argon2
from itsdangerous import BadSignature, TimestampSigner, URLSafeTimedSerializer

from muggins.bots.registry import bot_names
from muggins.games.registry import game_names
from muggins.server import messages
from muggins.server.accounts.throttle import LoginThrottle
from muggins.server.clock import Clock, LoopClock
from muggins.server.store import DuplicateLoginError, Store, User, login_key, name_key

NAME = re.compile(r"^[\w .'-]{1,32}$")
_hasher = argon2.PasswordHasher()

SESSION_SECONDS = 30 * 24 * 3600
"""A token is good this long after it was issued; every welcome issues a fresh one, so only a
player away this long signs in again."""

HASHES_WAITING = 8
"""Password hashes that may wait for the hashing thread; more are refused (the server is busy)."""


class AuthError(ValueError):
    """A bad token, name or password; the message says which."""


class BusyError(AuthError):
    """Too many passwords are being hashed now: try again shortly."""


SITE_NAMES = ("admin", "administrator", "moderator", "mod", "muggins", "root", "staff", "support", "system")
RESERVED = frozenset(name_key(name) for name in SITE_NAMES)
"""Names that would pass for the site's own voice (as compared: look-alikes of them too)."""

BOT = name_key("bot")
"""The word that ends the computer players' names, as compared."""

LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})
"""Scripts whose letters pass for each other ("Аlice" with a Cyrillic А): a name uses one of them."""


def user_info(user: User) -> messages.UserInfo:
    """A player as every message shows them: id, name and kind."""
    return messages.UserInfo(id=user.id, name=user.name, kind=user.kind)  # type: ignore[arg-type]


def check_name(name: str) -> str:
    """A player name in its compatibility form (NFKC: a fullwidth "Ａlice" is "Alice"), trimmed:
    1-32 letters, digits, spaces and . ' - _; not ending in "bot" as the computer players' names
    do ("Expert bot"), not a reserved name, and not mixing Latin, Cyrillic and Greek letters."""
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not NAME.match(name):
        raise AuthError(f"a name is 1-32 letters, digits, spaces or . ' - _, not {name!r}")
    key = name_key(name)
    if _passes_for_a_bot(key):
        raise AuthError(f"names ending in 'bot' are the computer players', not {name!r}")
    if key in RESERVED:
        raise AuthError(f"the name {name!r} is reserved")
    scripts = {unicodedata.name(c, "").split(" ")[0] for c in name if c.isalpha()} & LOOK_ALIKE_SCRIPTS
    if len(scripts) > 1:
        raise AuthError(f"a name's letters are of one script, not {' and '.join(sorted(scripts)).lower()}")
    return name


HASH_SHARE = 2
"""Places of that queue one address, or one name, may hold at once: no client takes all of it."""


def _passes_for_a_bot(key: str) -> bool:
    """Whether a name (as compared) reads as a computer player's, separators, punctuation and a
    seat number aside: "Expert bot", "Expert-Bot", "Expert bot.", "expert bot 2", "ExpertBot"."""
    words = re.findall(r"[^\W_]+", key)
    while words and words[-1].isdigit():
        words.pop()
    return bool(words) and (words[-1] == BOT or "".join(words) in _bot_names())


@functools.cache
def _bot_names() -> frozenset[str]:
    """Every computer player's name as compared, run together ("expertbot")."""
    levels = {level for game in game_names() for level in bot_names(game)}
    return frozenset(name_key(f"{level}{BOT}").replace(" ", "") for level in levels)


class Hashing:
    """argon2 on one thread of its own, not the pool that bots, replays and the store use, so a
    flood of logins slows logins only; at most ``waiting`` wait, the rest are refused, and each
    address and each name hold at most ``share`` of those places."""

    def __init__(self, waiting: int = HASHES_WAITING, share: int = HASH_SHARE) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="argon2")
        self.waiting, self.share, self.pending = waiting, share, 0
        self.holding: collections.Counter[str] = collections.Counter()
        """How many of the places each address (``a:``) and name (``n:``) holds now."""

    async def run(self, fn: Any, *args: Any, by: tuple[str, ...] = ()) -> Any:
        """``fn(*args)`` on the hashing thread, for the holders ``by`` (an address, a name)."""
        if self.pending >= self.waiting:
            raise BusyError("the server is busy checking passwords: try again in a few seconds")
        if any(self.holding[holder] >= self.share for holder in by):
            raise BusyError("your passwords are being checked already: wait for them before trying again")
        self.pending += 1
        self.holding.update(by)
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        finally:
            self.pending -= 1
            self.holding.subtract(by)
            for holder in by:
                if self.holding[holder] <= 0:
                    del self.holding[holder]

    async def hash(self, password: str, by: tuple[str, ...] = ()) -> str:
        hashed: str = await self.run(_hasher.hash, password, by=by)
        return hashed

    async def verify(self, stored: str, password: str, by: tuple[str, ...] = ()) -> bool:
        try:
            await self.run(_hasher.verify, stored, password, by=by)
        except argon2.exceptions.VerificationError:
            return False
        return True


def holders(name: str, address: str) -> tuple[str, ...]:
    """Who a password hash is made for: the address asking and the name it is for."""
    return (f"a:{address}", f"n:{name}")


class Auth:
    """Issues and checks session tokens; registers, logs in and out, and changes passwords.

    A token names a user, the user's token epoch and when it was issued; it is good for
    ``session_seconds`` and until the epoch is raised (log out, a new password), which revokes
    every token issued before on every device. A guest's browser that keeps its token reclaims
    their seats after a reload or a server restart."""

    def __init__(
        self,
        store: Store,
        secret: str,
        *,
        session_seconds: float = SESSION_SECONDS,
        throttle: LoginThrottle | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.store = store
        now = (clock or LoopClock()).time

        class Signer(TimestampSigner):
            """Tokens stamped, and their age read, by the server's clock."""

            def get_timestamp(self) -> int:
                return int(now())

        self.signer = URLSafeTimedSerializer(secret, salt="muggins-session", signer=Signer)
        self.now = now
        self.session_seconds = session_seconds
        self.throttle = throttle or LoginThrottle()
        self.hashing = Hashing()

    async def token(self, user: User) -> str:
        """A new token for ``user`` (each one differs: issue time and a nonce)."""
        return (await self.session(user))[0]

    async def session(self, user: User) -> tuple[str, int]:
        """A new token for ``user`` and the token epoch it carries (its session ends when the
        epoch is raised)."""
        epoch = await self.store.token_epoch(user.id) or 0
        return self.signed(user, epoch), epoch

    def signed(self, user: User, epoch: int) -> str:
        """A new token for ``user`` at a token epoch already read; a bot account's is marked
        ``b`` and does not expire (its program runs unattended; signing in again revokes it)."""
        claims: dict[str, Any] = {"u": user.id, "e": epoch, "n": secrets.token_urlsafe(6)}
        if user.kind == "bot_account":
            claims["b"] = 1
        return self.signer.dumps(claims)

    def claims(self, token: str) -> tuple[int, int]:
        """The user id and token epoch a token signed here carries, if it has not expired (whether
        that epoch is still the user's is ``user_at``'s to check)."""
        try:
            data, issued = self.signer.loads(token, return_timestamp=True)
        except BadSignature:
            raise AuthError("the token is not valid (sign in again)") from None
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("u"), int)
            or not isinstance(data.get("e"), int)
        ):
            raise AuthError("the token is not valid (sign in again)")
        age = self.now() - issued.timestamp()
        if data.get("b") != 1 and age > int(self.session_seconds):
            raise AuthError("the session has expired (sign in again)")
        return data["u"], data["e"]

    async def user_at(self, user_id: int, epoch: int) -> User:
        """The player ``user_id``, if their sessions are still at token epoch ``epoch``."""
        found = await self.store.user_and_epoch(user_id)
        if found is None or found[0].kind == "bot":
            raise AuthError("the token names no player")
        user, current = found
        if current != epoch:
            raise AuthError("the session has ended: you signed out or changed your password (sign in again)")
        return user

    async def user_of(self, token: str) -> User:
        """The user a token names, if it is still good."""
        return await self.user_at(*self.claims(token))

    async def guest(self, name: str) -> User:
        """A new guest: under ``name``, or "name 2" (the first free number) if that is taken."""
        try:
            return await self.store.create_guest(check_name(name))
        except DuplicateLoginError as exc:
            raise AuthError(str(exc)) from None

    async def register(self, name: str, password: str, guest: User | None = None, address: str = "") -> User:
        """A new member; a ``guest`` who registers becomes that member, keeping games and ratings."""
        name = check_name(name)
        _check_password(password)
        password_hash = await self.hashing.hash(password, holders(login_key(name), address))
        try:
            if guest is not None and guest.kind == "guest":
                return await self.store.make_member(guest.id, name, login_key(name), password_hash)
            return await self.store.create_user(
                name, "member", login=login_key(name), password_hash=password_hash
            )
        except DuplicateLoginError:
            raise AuthError(f"the name {name!r} is taken (registered, or a guest's)") from None

    async def login(self, name: str, password: str, address: str = "") -> User:
        """The member ``name`` if the password is theirs; wrong passwords are throttled per name and
        per address (``ThrottledError`` says how long to wait)."""
        login = login_key(check_name(name))
        await self.throttle.check(login, address)
        by = holders(login, address)
        found = await self.store.login(login)
        if found is None:
            await self.hashing.hash(password, by)  # as slow as a wrong password: no name probing
            await self.throttle.failed(login, address)
            raise AuthError("wrong name or password")
        user, stored = found
        if not await self.hashing.verify(stored, password, by):
            await self.throttle.failed(login, address)
            raise AuthError("wrong name or password")
        await self.throttle.succeeded(login, address)
        if _hasher.check_needs_rehash(stored):
            await self.store.set_password_hash(user.id, await self.hashing.hash(password, by))
        return user

    async def make_bot_account(self, user: User, password: str, address: str = "") -> User:
        """Turn a member without ratings into a bot account (the password must be theirs): their
        sessions end, and the tokens issued from now on are a bot's (docs/server.md, "Bot
        accounts")."""
        if user.kind != "member":
            raise AuthError("only a registered player's account can become a bot account")
        try:
            await self.login(user.name, password, address)
        except AuthError as exc:
            if type(exc) is not AuthError:  # throttled or busy: say so
                raise
            raise AuthError("the password is wrong") from None
        made = await self.store.make_bot_account(user.id)
        if made is None:
            raise AuthError(
                f"{user.name} has rated games as a person: a bot account starts without a rating "
                "(register a new account for the bot)"
            )
        return made

    async def log_out(self, user: User) -> None:
        """End every session of ``user``: each token issued so far is refused from now on."""
        await self.store.revoke_tokens(user.id)

    async def change_password(self, user: User, old: str, new: str, address: str = "") -> User:
        """Set a member's new password (the old one must be right); every other session ends."""
        if user.kind == "bot_account":
            raise AuthError("a bot account's token is for playing, not for changing its password")
        if user.kind != "member":
            raise AuthError("only a registered player has a password to change")
        try:
            member = await self.login(user.name, old, address)
        except AuthError as exc:
            if type(exc) is not AuthError:  # throttled or busy: say so
                raise
            raise AuthError("the old password is wrong") from None
        _check_password(new)
        await self.store.set_password_hash(
            member.id, await self.hashing.hash(new, holders(login_key(user.name), address))
        )
        await self.store.revoke_tokens(member.id)
        return member


def _check_password(password: str) -> None:
    if len(password) < 8:
        raise AuthError("a password has at least 8 characters")

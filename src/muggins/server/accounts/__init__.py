"""Accounts: who a client is and what each player may spend.

Owns sign-in and sessions (``auth``: tokens, argon2 hashes, ``user_info`` as messages show a
player), the throttle on guessed passwords (``throttle``), each account's and address's token
buckets (``limits``), ratings (``ratings``), player-page statistics (``player_page``), a member's
saved settings and their routes (``preferences``), and what an HTTP request carries (``deps``: the
store, the client's address, the user its token names). It builds on the store and the bus; the
tables and everything above use it, never the other way round."""

from muggins.server.accounts.auth import Auth, AuthError, user_info
from muggins.server.accounts.deps import StoreDep, UserDep, ViewerDep, client_address, made_once
from muggins.server.accounts.limits import (
    NEW_PLAYERS_REFUSED,
    AccountLimits,
    MemoryAccountLimits,
    RedisAccountLimits,
    TokenBucket,
)
from muggins.server.accounts.ratings import CENTRE, display, new_ratings, provisional
from muggins.server.accounts.sessions import PlayerNews
from muggins.server.accounts.throttle import LoginThrottle, RedisLoginThrottle

__all__ = [
    "CENTRE",
    "NEW_PLAYERS_REFUSED",
    "AccountLimits",
    "Auth",
    "AuthError",
    "LoginThrottle",
    "MemoryAccountLimits",
    "PlayerNews",
    "RedisAccountLimits",
    "RedisLoginThrottle",
    "StoreDep",
    "TokenBucket",
    "UserDep",
    "ViewerDep",
    "client_address",
    "display",
    "made_once",
    "new_ratings",
    "provisional",
    "user_info",
]

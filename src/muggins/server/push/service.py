"""Web Push: a player's browsers are told it is their turn in a correspondence game when no page
of theirs is open, through the push service each browser chose (RFC 8030), the message encrypted
for that browser (RFC 8291) and signed with the server's VAPID key (RFC 8292) by ``pywebpush``."""

from __future__ import annotations

import asyncio
import base64
import binascii
import functools
import logging
import time
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from muggins.server import messages
from muggins.server.bus import Bus, player_channel
from muggins.server.clock import Clock
from muggins.server.settings import Settings
from muggins.server.store import PushRow, Store, TooManyPushesError, User

log = logging.getLogger(__name__)

MOST_BROWSERS = 5
"""Push subscriptions one player may keep."""

SEND_SECONDS = 10.0
"""How long a push service has to take a message."""

SOONEST = 60
"""The fewest seconds a push service is asked to keep a message for a browser that is offline (its
turn's time left, otherwise: a turn told after its time is no news)."""

GONE = frozenset({404, 410})
"""A push service's answers for a subscription that no longer exists: it is forgotten."""


class PushError(ValueError):
    """A subscription refused: its endpoint is not a push service's, its keys are not keys, or the
    player has too many."""


def allowed(endpoint: str, services: tuple[str, ...]) -> bool:
    """Whether ``endpoint`` is at one of the push ``services`` (origins; ``https://*.host`` takes
    every subdomain of host): the server posts to no other address a client names."""
    url = urlsplit(endpoint)
    for service in services:
        known = urlsplit(service)
        host = known.hostname or ""
        if url.scheme != known.scheme or url.port != known.port or not url.hostname:
            continue
        if url.hostname == host or (host.startswith("*.") and url.hostname.endswith(host[1:])):
            return True
    return False


def _decoded(text: str, size: int, what: str) -> bytes:
    """``text`` as base64url of exactly ``size`` bytes, or ``PushError`` naming ``what``."""
    try:
        raw = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise PushError(f"the subscription's {what} is not base64url") from None
    if len(raw) != size:
        raise PushError(f"the subscription's {what} is {len(raw)} bytes, not {size}")
    return raw


class Pusher:
    """Keeps each player's push subscriptions and tells them of their turns when they are away."""

    def __init__(self, store: Store, bus: Bus, settings: Settings, clock: Clock) -> None:
        self.store, self.bus, self.settings, self.clock = store, bus, settings, clock
        self.sending: set[asyncio.Task[None]] = set()
        self._vapid: Vapid | None = None

    async def vapid(self) -> Vapid:
        """The server's VAPID key, made once and kept in the store for every process."""
        if self._vapid is None:
            pem = await self.store.kept("vapid_private_key", _new_key)
            self._vapid = Vapid.from_pem(pem.encode())
        return self._vapid

    async def key(self) -> str:
        """The application server key a browser subscribes with (base64url of the public point)."""
        return _public_key(await self.vapid())

    async def subscribe(self, user: User, endpoint: str, p256dh: str, auth: str) -> None:
        """Keep a browser's subscription for ``user``; ``PushError`` saying why it is refused."""
        if user.kind in ("bot", "bot_account"):
            raise PushError("bots are not told of their turns")
        if len(endpoint) > 512 or not allowed(endpoint, self.settings.push_services):
            origin = "{0.scheme}://{0.netloc}".format(urlsplit(endpoint[:512]))
            raise PushError(f"{origin} is not a push service this server sends to")
        if _decoded(p256dh, 65, "p256dh key")[0] != 4:
            raise PushError("the subscription's p256dh key is not an uncompressed P-256 point")
        _decoded(auth, 16, "auth secret")
        try:
            row = PushRow(user.id, endpoint, p256dh, auth, time.time())
            await self.store.add_push(row, at_most=MOST_BROWSERS)
        except TooManyPushesError as exc:
            raise PushError(str(exc)) from None

    async def unsubscribe(self, user: User, endpoint: str) -> bool:
        return await self.store.drop_push(endpoint, user.id)

    def your_turn(self, user_id: int, told: messages.YourTurn) -> None:
        """Tell ``user_id``'s browsers of their turn if no page of theirs is open (in the background:
        the table's move does not wait for push services)."""
        task = asyncio.create_task(self._your_turn(user_id, told))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def _your_turn(self, user_id: int, told: messages.YourTurn) -> None:
        try:
            if (await self.bus.followed([player_channel(user_id)]))[0]:
                return  # a page is open: it tells the player itself
            subscriptions = await self.store.pushes(user_id)
            if not subscriptions:
                return
            vapid, payload = await self.vapid(), told.model_dump_json()
            ttl = max(SOONEST, int(told.deadline - self.clock.time()))
            for row in subscriptions:
                await self._send(row, payload, vapid, ttl)
        except Exception:
            log.exception("could not tell player %s of their turn by push", user_id)

    async def _send(self, row: PushRow, payload: str, vapid: Vapid, ttl: int) -> None:
        info = {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}}
        send = functools.partial(
            webpush,
            info,
            payload,
            vapid_private_key=vapid,
            vapid_claims={"sub": self.settings.push_contact},  # a new dict each time: webpush adds to it
            timeout=SEND_SECONDS,
            ttl=ttl,
        )
        try:
            await asyncio.to_thread(send)
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            if status in GONE:
                await self.store.drop_push(row.endpoint, row.user_id)
                return
            log.warning("push service refused a message for player %s: %s", row.user_id, status or exc)

    async def close(self) -> None:
        for task in list(self.sending):
            task.cancel()
        await asyncio.gather(*self.sending, return_exceptions=True)


def _new_key() -> str:
    """A new VAPID key (P-256), as PEM."""
    vapid = Vapid()
    vapid.generate_keys()
    pem: bytes = vapid.private_pem()
    return pem.decode()


def _public_key(vapid: Vapid) -> str:
    raw = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

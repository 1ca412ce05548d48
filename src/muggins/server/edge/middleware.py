"""HTTP guards in the product itself, not only in a reverse proxy: a bound on request bodies, a
rate of API requests per address, and the security headers every response carries."""

from __future__ import annotations

import json

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 64 * 1024
"""The largest request body accepted: every JSON body of the API is a few hundred bytes."""

SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
"""The browser client is plain same-origin ES modules and SVG, so it needs nothing from elsewhere;
no site may frame the tables (clickjacking)."""


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413 before they are read into memory: by
    their Content-Length when they give one, and by counting as they arrive when they do not (the
    application's exception handling turns the HTTPException raised then into the 413)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(413, self._reason())
            return message

        await self.app(scope, counted, send)

    async def _refuse(self, send: Send) -> None:
        await refuse(send, 413, self._reason())

    def _reason(self) -> str:
        return f"the request body is over {self.limit} bytes"


class RequestRate:
    """Refuse API requests past one address's allowance with 429 (``Retry-After``): the bucket is
    the app's ``tables.api_requests`` (in Redis in a cluster). The browser client's own files are
    not counted; before startup there is no bucket yet and nothing is refused."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            tables = getattr(scope["app"].state, "tables", None)
            client = scope.get("client")
            if tables is not None and not await tables.api_requests.take(client[0] if client else ""):
                rate = tables.settings.api_rate
                reason = f"too many requests from your address: at most {rate:g} a second"
                await refuse(send, 429, reason, [(b"retry-after", b"1")])
                return
        await self.app(scope, receive, send)


async def refuse(
    send: Send, status: int, reason: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    """Answer ``status`` with ``{"detail": reason}`` as the API's own refusals are."""
    body = json.dumps({"detail": reason}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """Add ``SECURITY_HEADERS`` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)

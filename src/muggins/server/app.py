"""The web app: HTTP API, the WebSocket at /ws, and the browser client's files at /. Here the rooms
meet: ``create_app`` makes each room's parts and mounts each domain's routes (docs/architecture.md,
"The server in rooms")."""

from __future__ import annotations

import asyncio
import collections
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles

from muggins.extras import require
from muggins.server.accounts import (
    Auth,
    LoginThrottle,
    PlayerNews,
    RedisLoginThrottle,
    client_address,
    players,
    preferences,
    sessions,
)
from muggins.server.bus import Bus, MemoryBus
from muggins.server.clock import Clock
from muggins.server.edge import (
    BodyLimit,
    Connection,
    RequestRate,
    SecurityHeaders,
    keep_full_collections_short,
)
from muggins.server.learning import history, trainer
from muggins.server.pairing import Pairing
from muggins.server.pairing import routes as pairing_routes
from muggins.server.push import routes as push_routes
from muggins.server.settings import Settings
from muggins.server.store import SqlStore, Store, check_db_url
from muggins.server.tables import TableError, Tables, catalog, routes
from muggins.server.tournaments import Tournaments
from muggins.server.tournaments import routes as tournament_routes

log = logging.getLogger(__name__)

API = (
    catalog,
    sessions,
    routes,
    history,
    players,
    trainer,
    preferences,
    pairing_routes,
    tournament_routes,
    push_routes,
)
"""The modules whose routes make the HTTP API under /api, each a domain's, in the order the API
lists them (/openapi.json): the games, signing in, the tables, history and reviews, players, the
trainers, your settings, who is online, tournaments, and your browsers told of your turns."""


async def refuse_invalid_request(_request: Request, exc: Exception) -> Response:
    """422 naming each wrong field and what was wrong with it (``loc``, ``msg``), and nothing of
    the validator's own (no echo of the input, no links to pydantic's pages), as ASCII JSON: a
    request with a lone surrogate (which UTF-8 cannot encode) is refused like any other."""
    assert isinstance(exc, RequestValidationError)
    detail = [{"loc": [str(at) for at in error["loc"]], "msg": str(error["msg"])} for error in exc.errors()]
    return Response(json.dumps({"detail": detail}), status_code=422, media_type="application/json")


async def refuse_for_the_table(_request: Request, exc: Exception) -> Response:
    """A table's refusal over HTTP: its kind's status (400 a new table's settings, 404 no such
    table, 409 refused now, 429 an allowance used up, 503 busy), its reason as ``detail`` and its
    ``code`` as on the WebSocket, with ``Retry-After`` where waiting helps."""
    assert isinstance(exc, TableError)
    headers = {} if exc.retry_after is None else {"Retry-After": str(exc.retry_after)}
    body = json.dumps({"detail": str(exc), "code": exc.code})
    return Response(body, status_code=exc.status, headers=headers, media_type="application/json")


def create_app(
    settings: Settings | None = None,
    *,
    store: Store | None = None,
    bus: Bus | None = None,
    clock: Clock | None = None,
) -> FastAPI:
    """The muggins server. ``store`` and ``bus`` default to SQL at ``settings.db_url`` and the
    in-process bus (Redis and cluster ownership of tables with ``settings.redis_url``); at startup
    the schema is migrated and every unfinished table resumes (in a cluster: every orphaned one).
    ``clock`` (the real one by default) is the time the tables and the sessions keep."""
    settings = settings or Settings()
    if store is None:
        check_db_url(settings.db_url)
    if settings.redis_url is not None:
        require("redis", "scale", "serving with Redis (--redis)")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        the_store = store or SqlStore(settings.db_url, commit_window=settings.commit_window)
        await the_store.start()
        tables: Tables
        failures = (settings.login_failures_per_name, settings.login_failures_per_address)
        counts = {
            "per_name_all": settings.login_failures_per_name_all,
            "tries_per_minute": settings.sign_ins_per_minute,
        }
        throttle = LoginThrottle(*failures, **counts)
        if settings.redis_url is not None:
            # The cluster needs the scale extra: imported only when asked for.
            from muggins.server.bus.redis import RedisBus
            from muggins.server.cluster import ClusterTables

            the_bus = bus or RedisBus(settings.redis_url, settings.redis_prefix)
            if not isinstance(the_bus, RedisBus):
                raise TypeError(f"a cluster (redis_url) needs the Redis bus, not {type(the_bus).__name__}")
            tables = ClusterTables(the_store, the_bus, settings, clock)
            throttle = RedisLoginThrottle(the_bus, *failures, **counts)
        else:
            the_bus = bus or MemoryBus()
            tables = Tables(the_store, the_bus, settings, clock)
        news: PlayerNews = tables  # what the sign-in routes are given of the tables
        app.state.store, app.state.bus, app.state.tables = the_store, the_bus, tables
        app.state.player_news = news
        app.state.pusher = tables.pusher
        app.state.auth = Auth(
            the_store,
            await the_store.secret(),
            session_seconds=settings.session_days * 86400,
            throttle=throttle,
            clock=tables.clock,
        )
        resumed = await tables.resume()
        app.state.pairing = pairing = Pairing(tables)
        pairing.start()
        app.state.tournaments = tournaments = Tournaments(tables)
        tournaments.start()
        log.info("muggins server ready: %d tables resumed", resumed)
        heap = asyncio.create_task(keep_full_collections_short(clock=tables.clock), name="heap")
        try:
            yield
        finally:
            heap.cancel()
            await pairing.close()
            await tournaments.close()
            reviewer = getattr(app.state, "reviewer", None)
            if reviewer is not None:
                reviewer.close()
            await tables.close()
            await the_bus.close()
            await the_store.close()

    app = FastAPI(
        title="muggins",
        summary="The cribbage family of card games online: lobby, tables, history, ratings, reviews.",
        description="Play happens over the WebSocket at /ws; its messages are in docs/protocol.md.",
        lifespan=lifespan,
    )
    for part in API:
        app.include_router(part.router, prefix="/api")
    app.add_exception_handler(RequestValidationError, refuse_invalid_request)
    app.add_exception_handler(TableError, refuse_for_the_table)
    app.add_middleware(BodyLimit)
    app.add_middleware(RequestRate)
    app.add_middleware(SecurityHeaders)

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        state = ws.app.state
        address = client_address(ws)
        # refused before the handshake completes: the client sees HTTP 403
        if sockets[address] >= settings.sockets_per_address:
            await ws.close(code=1008, reason="too many connections from your address")
            return
        if not await state.tables.new_sockets.take(address):
            await ws.close(code=1008, reason="too many new connections from your address")
            return
        sockets[address] += 1
        try:
            connection = Connection(
                ws,
                state.tables,
                state.bus,
                state.auth,
                settings,
                pairing=state.pairing,
                tournaments=state.tournaments,
                address=address,
            )
            await connection.serve()
        finally:
            sockets[address] -= 1
            if not sockets[address]:
                del sockets[address]

    sockets: collections.Counter[str] = collections.Counter()
    """Open WebSockets by client address (in this process)."""

    if settings.web_dir is not None and (settings.web_dir / "index.html").is_file():
        app.mount("/", StaticFiles(directory=settings.web_dir, html=True), name="web")
    return app

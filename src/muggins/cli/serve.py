"""``muggins serve``: the web platform (lobby, tables, browser client) on one process."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from muggins.cli.common import number_in, port


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "serve", help="run the web platform", description="Serve the lobby, tables and browser client."
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=port, default=8000, help="port, 1-65535 (default 8000)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database URL (default: SQLite in your data directory; postgresql://... needs the scale extra)",
    )
    parser.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="Redis URL (redis://host:6379/0): run as one of several processes serving one platform "
        "(needs the scale extra)",
    )
    parser.add_argument("--redis-prefix", default="muggins", help="prefix of Redis keys and channels")
    parser.add_argument(
        "--lease",
        type=number_in(0.5, 3600),
        default=10.0,
        help="seconds before a dead process's tables are taken over",
    )
    parser.add_argument(
        "--commit-window",
        type=number_in(0, 1),
        default=None,
        metavar="SECONDS",
        help="PostgreSQL: seconds a move waits for others to share its commit (default 0.008; 0: none)",
    )
    parser.add_argument(
        "--grace", type=number_in(1, 3600), default=60.0, help="seconds a dropped player has to come back"
    )
    parser.add_argument(
        "--bot-delay", type=number_in(0, 10), default=0.4, help="seconds a bot waits before moving"
    )
    parser.add_argument(
        "--rate", type=number_in(1, 1000), default=20.0, help="messages a second one connection may send"
    )
    parser.add_argument(
        "--guests-per-minute",
        type=number_in(1, 1_000_000),
        default=20,
        help="new players (guests, registrations) one address may make a minute (default 20)",
    )
    parser.add_argument(
        "--hints-per-minute",
        type=number_in(1, 1_000_000),
        default=20,
        help="hints one player may ask for a minute (default 20)",
    )
    parser.add_argument(
        "--address-rate",
        type=number_in(1, 1_000_000),
        default=100,
        help="messages a second one address may send over all its connections (default 100)",
    )
    parser.add_argument(
        "--api-rate",
        type=number_in(1, 1_000_000),
        default=50,
        help="HTTP API requests a second one address may make (default 50)",
    )
    parser.add_argument(
        "--sockets-per-minute",
        type=number_in(1, 1_000_000),
        default=60,
        help="WebSockets one address may open a minute (default 60)",
    )
    parser.add_argument(
        "--sockets-per-address",
        type=number_in(1, 1_000_000),
        default=32,
        help="WebSockets one address may hold open at once in this process (default 32)",
    )
    parser.add_argument(
        "--header-timeout",
        type=number_in(0.1, 3600),
        default=10.0,
        metavar="SECONDS",
        help="seconds a request's headers may take to arrive (default 10)",
    )
    parser.add_argument(
        "--connections-per-address",
        type=number_in(1, 1_000_000),
        default=128,
        help="HTTP connections one address may hold open, WebSockets aside (default 128)",
    )
    parser.add_argument(
        "--bot-tables-per-address",
        type=number_in(1, 1_000_000),
        default=4,
        help="tables of bots alone one address may have playing at once (default 4)",
    )
    parser.add_argument(
        "--bots-play-unwatched",
        action="store_true",
        help="tables of bots alone play on with nobody watching (load tests; by default they wait)",
    )
    parser.add_argument(
        "--session-days",
        type=number_in(0.001, 3650),
        default=30.0,
        help="days a sign-in lasts without a visit (every visit renews it; default 30)",
    )
    parser.add_argument(
        "--push-contact",
        type=push_contact,
        default=None,
        metavar="MAILTO_OR_URL",
        help="who runs this server (mailto: or https://), told to push services with each turn sent",
    )
    parser.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    parser.set_defaults(run=run)


def push_contact(text: str) -> str:
    """An argparse type: a ``mailto:`` address or an ``https://`` page, as push services ask for."""
    if not text.startswith(("mailto:", "https://")) or len(text) < 10:
        raise argparse.ArgumentTypeError(
            f"a contact is mailto:you@example.org or an https:// page, not {text!r}"
        )
    return text


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from muggins.build import build_note
    from muggins.server.app import create_app
    from muggins.server.edge.accepting import LOOP
    from muggins.server.edge.head_guard import head_guard
    from muggins.server.edge.preflight import listen, reach_database, reach_redis
    from muggins.server.messages import MAX_FRAME_BYTES
    from muggins.server.settings import Settings

    fields: dict[str, Any] = {
        "grace": args.grace,
        "bot_delay": args.bot_delay,
        "bot_tables_per_address": int(args.bot_tables_per_address),
        "bots_alone_wait": not args.bots_play_unwatched,
        "rate_per_second": args.rate,
        "rate_burst": max(40, int(args.rate * 2)),
        "session_days": args.session_days,
        "guests_per_minute": int(args.guests_per_minute),
        "hints_per_minute": int(args.hints_per_minute),
        "address_rate": args.address_rate,
        "api_rate": args.api_rate,
        "sockets_per_minute": int(args.sockets_per_minute),
        "sockets_per_address": int(args.sockets_per_address),
    }
    if args.db:
        fields["db_url"] = args.db
    if args.commit_window is not None:
        fields["commit_window"] = args.commit_window
    if args.push_contact is not None:
        fields["push_contact"] = args.push_contact
    if args.redis:
        fields.update(redis_url=args.redis, redis_prefix=args.redis_prefix, lease_seconds=args.lease)
    settings = Settings(**fields)
    reach_database(settings.db_url)
    if settings.redis_url is not None:
        reach_redis(settings.redis_url)
    sock = listen(args.host, args.port)
    app = create_app(settings)
    print(f"muggins: games are stored in {settings.db_url}", file=sys.stderr)
    note = build_note()
    if note:
        print(f"muggins: {note}", file=sys.stderr)
    url = f"http://{_url_host(args.host)}:{args.port}"
    print(f"muggins: open {url} in a browser (Ctrl-C stops)", file=sys.stderr)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=False,
        access_log=args.log_level == "debug",
        limit_concurrency=MAX_CONNECTIONS,  # beyond it, new requests get 503: descriptors stay free
        timeout_keep_alive=5,
        http=head_guard(head_seconds=args.header_timeout, per_address=int(args.connections_per_address)),
        loop=LOOP,  # every waiting connection accepted at each turn, not one a turn
    )
    uvicorn.Server(config).run(sockets=[sock])
    return 0


MAX_CONNECTIONS = 10_000
"""Connections and requests the process serves at once (uvicorn's ``limit_concurrency``)."""


def _url_host(host: str) -> str:
    """The host as written in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host

"""The server's settings: where the store is, and the limits that keep a table fair and the server safe."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pydantic
from pydantic import Field

from muggins.errors import UserError
from muggins.server.store import COMMIT_WINDOW_POSTGRESQL


def default_db_url() -> str:
    """SQLite in the user's data directory: no database to set up for a first game. A folder that
    cannot be made (``XDG_DATA_HOME`` naming a file, or a folder not ours to write) is a
    ``UserError`` saying so in one line."""
    folder = Path(platformdirs.user_data_dir("muggins"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise UserError(
            f"cannot keep the games in {folder}: {reason}; give --db, or set XDG_DATA_HOME "
            "to a folder you can write"
        ) from None
    return f"sqlite:///{folder / 'muggins.db'}"


PUSH_SERVICES = (
    "https://fcm.googleapis.com",
    "https://updates.push.services.mozilla.com",
    "https://web.push.apple.com",
    "https://*.notify.windows.com",
)
"""The push services of Chrome and Edge's Chromium, Firefox, Safari and Windows: the only places a
browser's Web Push subscription points to, and so the only ones the server posts to."""


class Settings(pydantic.BaseModel):
    """Everything ``create_app`` needs; every field has a working default."""

    model_config = pydantic.ConfigDict(frozen=True)

    db_url: str = Field(default_factory=default_db_url)
    grace: float = Field(default=60.0, gt=0, description="seconds a dropped player has to come back")
    bot_delay: float = Field(default=0.4, ge=0, description="seconds a bot waits before moving")
    max_message_bytes: int = Field(default=16 * 1024, ge=256)
    rate_per_second: float = Field(default=20.0, gt=0, description="messages a connection may send")
    rate_burst: int = Field(default=40, ge=1)
    chat_per_minute: int = Field(default=20, ge=1)
    chat_burst: int = Field(default=5, ge=1)
    guests_per_minute: int = Field(
        default=20, ge=1, description="new players (guests, registrations) one address may make a minute"
    )
    hints_per_minute: int = Field(default=20, ge=1, description="hints one player may ask for a minute")
    sockets_per_address: int = Field(
        default=32, ge=1, description="WebSockets one address may hold open at once (in one process)"
    )
    address_rate: float = Field(
        default=100.0, gt=0, description="messages a second one address may send over all its connections"
    )
    sockets_per_minute: int = Field(default=60, ge=1, description="WebSockets one address may open a minute")
    api_rate: float = Field(default=50.0, gt=0, description="API requests a second one address may make")
    hello_seconds: float = Field(default=10.0, gt=0, description="a WebSocket must say hello within this")
    open_tables_per_user: int = Field(
        default=10, ge=1, description="tables one player may have made that are waiting or playing"
    )
    bot_tables_per_address: int = Field(
        default=4, ge=1, description="tables of bots alone one address may have playing in a process"
    )
    bots_alone_wait: bool = Field(
        default=True, description="tables of bots alone wait while nobody watches (off: load tests)"
    )
    bot_table_idle_minutes: float = Field(
        default=5.0, gt=0, description="a table of bots alone that nobody watches waits, and ends after this"
    )
    waiting_idle_minutes: float = Field(
        default=15.0, gt=0, description="a table that has not started closes after this with nobody at it"
    )
    session_days: float = Field(default=30.0, gt=0, description="days a session token is good after issue")
    login_failures_per_name: int = Field(
        default=5,
        ge=1,
        description="wrong passwords for one name from one address in 15 minutes before they wait",
    )
    login_failures_per_address: int = Field(
        default=20, ge=1, description="wrong passwords from one address in 15 minutes before it must wait"
    )
    login_failures_per_name_all: int = Field(
        default=20,
        ge=1,
        description="wrong passwords for one name from addresses it never signed in from, in 15 minutes, "
        "before those addresses wait (one it signed in from never does)",
    )
    sign_ins_per_minute: int = Field(
        default=10, ge=1, description="sign-ins to one name a minute, right or wrong (each costs a hash)"
    )
    redis_url: str | None = Field(
        default=None, description="Redis for the bus and table leases: set it to run several processes"
    )
    redis_prefix: str = Field(default="muggins", min_length=1, description="prefix of Redis keys, channels")
    commit_window: float = Field(
        default=COMMIT_WINDOW_POSTGRESQL,
        ge=0,
        le=1,
        description="seconds a move waits on PostgreSQL for other moves to share its commit",
    )
    lease_seconds: float = Field(default=10.0, gt=0, description="a dead process's tables move after this")
    push_services: tuple[str, ...] = Field(
        default=PUSH_SERVICES,
        description="origins of the push services a browser's subscription may name (*.host: subdomains)",
    )
    push_contact: str = Field(
        default="mailto:webpush@muggins.invalid",
        pattern=r"^(mailto:|https://)",
        description="who runs this server, told to push services with each message (VAPID's sub)",
    )
    web_dir: Path | None = Field(
        default_factory=lambda: Path(__file__).resolve().parent.parent / "web",
        description="static files of the browser client, served at / when the folder exists",
    )

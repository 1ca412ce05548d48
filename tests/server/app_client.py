"""A server app on a SQLite file of the test's, driven in process by Starlette's test client."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from muggins.server.app import create_app
from muggins.server.settings import Settings


def app_client(tmp_path: Path, **settings: object) -> TestClient:
    """A test client of an app with these settings, storing in ``tmp_path``."""
    return TestClient(create_app(Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}", **settings)))  # type: ignore[arg-type]


def guest(client: TestClient, name: str) -> dict[str, str]:
    """The authorization header of a new guest called ``name``."""
    return {"Authorization": f"Bearer {client.post('/api/guest', json={'name': name}).json()['token']}"}

"""Brings a database to the newest schema with the migrations shipped inside the package."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def upgrade(engine: sa.Engine) -> None:
    """Run every migration the database has not had yet (a fresh database gets them all)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

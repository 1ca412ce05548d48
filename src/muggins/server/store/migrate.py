"""Brings a database to the newest schema with the migrations shipped inside the package."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

MIGRATION_LOCK = 0x6D75_6767
"""The PostgreSQL advisory lock held while migrating ("mugg"), so that processes of a cluster
started together migrate one after another: the others find the schema made and do nothing."""


def upgrade(engine: sa.Engine) -> None:
    """Run every migration the database has not had yet (a fresh database gets them all)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

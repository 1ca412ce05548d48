"""Tournaments (docs/server.md, "Tournaments"): the tournaments, their players, and each round's
pairings with their points.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("request", sa.JSON, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("starts_at", sa.Float, nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("runner", sa.String(64), nullable=False, server_default=""),
        sa.Column("runner_seen", sa.Float, nullable=False, server_default="0"),
    )
    op.create_table(
        "entrants",
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("withdrawn", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("bot", sa.String(32), nullable=True),
    )
    op.create_table(
        "tournament_pairings",
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("first", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("second", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=True, index=True),
        sa.Column("first_points", sa.Float, nullable=True),
        sa.Column("second_points", sa.Float, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("tournament_pairings")
    op.drop_table("entrants")
    op.drop_table("tournaments")

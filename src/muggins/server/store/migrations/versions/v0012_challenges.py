"""Challenges from one player to another (docs/server.md, "Challenges and presence"): what each
asks for, when, where it stands, and the table made for an accepted one.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("by_user", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("to_user", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("request", sa.JSON, nullable=False),
        sa.Column("made_at", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("challenges")

"""Game reviews (the stored review of each finished game someone asked to review) and each
player's streaks in the trainers.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("review", sa.JSON, nullable=False),
        sa.Column("made_at", sa.Float, nullable=False),
    )
    op.create_table(
        "streaks",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("trainer", sa.String(16), primary_key=True),
        sa.Column("current", sa.Integer, nullable=False),
        sa.Column("best", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("streaks")
    op.drop_table("reviews")

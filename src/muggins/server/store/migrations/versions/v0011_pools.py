"""Quick pairing: a table may be casual (``tables.rated`` false: its games never change ratings),
and the players waiting in the pairing pools are kept in ``seeks`` (docs/server.md, "Quick
pairing"). Tables made before are rated where the rules allow, as they were.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table(
        "seeks",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("pool", sa.Text, nullable=False),
        sa.Column("request", sa.JSON, nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("seeks")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")

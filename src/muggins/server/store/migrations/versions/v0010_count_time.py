"""``tables.turn_time`` may be null (a table with no turn clock: a game against the computer by
default) and ``tables.count_time`` is the clock of a count by hand (docs/server.md, "Clocks").
Tables made before keep their turn time and count by hand on it, as they did.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("turn_time", existing_type=sa.Integer, nullable=True)
        batch.add_column(sa.Column("count_time", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("count_time")
        batch.alter_column("turn_time", existing_type=sa.Integer, nullable=False, server_default="20")

"""Arena tournaments (docs/server.md, "Tournaments"): how many minutes one lasts, and whether a
winning streak scores double.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("minutes", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("streaks", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("streaks")
        batch.drop_column("minutes")

"""Bot accounts (docs/server.md, "Bot accounts"): a user's kind has room for ``bot_account``.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.alter_column("kind", type_=sa.String(16), existing_type=sa.String(8), existing_nullable=False)


def downgrade() -> None:
    users = sa.table("users", sa.column("kind", sa.String))
    op.execute(users.update().where(users.c.kind == "bot_account").values(kind="member"))
    with op.batch_alter_table("users") as batch:
        batch.alter_column("kind", type_=sa.String(8), existing_type=sa.String(16), existing_nullable=False)

"""One name per player, and settings kept per account.

``users.name_key`` (the lower-cased name, unique; none for bots, whose names repeat per game)
stops two guests, or a guest and a member, from sharing a name. An existing name held twice keeps
its key on the oldest holder only. ``users.settings`` holds a player's table settings (the web
client's choices), so they follow an account from browser to browser.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("name_key", sa.String(64), nullable=True))
        batch.add_column(sa.Column("settings", sa.JSON, nullable=True))
    users = sa.table(
        "users",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("kind", sa.String),
        sa.column("name_key", sa.String),
    )
    bind = op.get_bind()
    seen: set[str] = set()
    for uid, name in bind.execute(
        sa.select(users.c.id, users.c.name).where(users.c.kind != "bot").order_by(users.c.id)
    ):
        key = name.lower()
        if key not in seen:
            seen.add(key)
            bind.execute(users.update().where(users.c.id == uid).values(name_key=key))
    op.create_index("ix_users_name_key", "users", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_users_name_key", table_name="users")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("settings")
        batch.drop_column("name_key")

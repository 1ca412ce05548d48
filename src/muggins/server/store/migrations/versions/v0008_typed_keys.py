"""Names are compared as typed too: ``users.typed_key`` is the skeleton of the name as typed,
folded (``store.names.typed_key``), so "AIice" with a capital I is "Alice". A key already held twice
stays with its oldest holder; the others keep their names, as before.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from muggins.server.store.names import typed_key

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

users = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
    sa.column("typed_key", sa.String),
)


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("typed_key", sa.String(255), nullable=True))
    bind = op.get_bind()
    held = bind.execute(
        sa.select(users.c.id, users.c.name).where(users.c.name_key.is_not(None)).order_by(users.c.id)
    ).all()
    seen: set[str] = set()
    for uid, name in held:
        key = typed_key(name)
        if key not in seen:
            seen.add(key)
            bind.execute(users.update().where(users.c.id == uid).values(typed_key=key))
    op.create_index("ix_users_typed_key", "users", ["typed_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_users_typed_key", table_name="users")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("typed_key")

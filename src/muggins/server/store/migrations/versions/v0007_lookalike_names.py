"""Look-alike names are one name: ``users.name_key`` becomes the name's confusable skeleton (UTS
#39, case folded), so "рор" in Cyrillic letters is "pop" and "0live" is "Olive". A key now held
twice stays with its oldest holder; the column widens, as a skeleton may be longer than its name.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from muggins.server.store.names import lookalike_key

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

users = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("kind", sa.String),
    sa.column("name_key", sa.String),
)


def _rekey(key: Callable[[str], str]) -> None:
    """Give each player who holds a name the key ``key`` makes of it, oldest first."""
    bind = op.get_bind()
    held = bind.execute(
        sa.select(users.c.id, users.c.name).where(users.c.name_key.is_not(None)).order_by(users.c.id)
    ).all()
    bind.execute(users.update().values(name_key=None))
    seen: set[str] = set()
    for uid, name in held:
        new = key(name)
        if new not in seen:
            seen.add(new)
            bind.execute(users.update().where(users.c.id == uid).values(name_key=new))


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.alter_column("name_key", type_=sa.String(255), existing_type=sa.String(64))
    _rekey(lookalike_key)


def downgrade() -> None:
    _rekey(str.lower)
    with op.batch_alter_table("users") as batch:
        batch.alter_column("name_key", type_=sa.String(64), existing_type=sa.String(255))

"""Tournaments of three- and four-seat games (docs/server.md, "Tournaments"): a pairing keeps its
players by seat (``seats``, one for a bye) and their points (``points``) as lists, in place of
the two-seat columns ``second``, ``first_points`` and ``second_points``; ``first`` stays, the
first seat's player, which names a pairing within its round.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

pairings = sa.table(
    "tournament_pairings",
    sa.column("tournament_id", sa.String),
    sa.column("round", sa.Integer),
    sa.column("first", sa.Integer),
    sa.column("second", sa.Integer),
    sa.column("first_points", sa.Float),
    sa.column("second_points", sa.Float),
    sa.column("seats", sa.JSON),
    sa.column("points", sa.JSON),
)


def upgrade() -> None:
    with op.batch_alter_table("tournament_pairings") as batch:
        batch.add_column(sa.Column("seats", sa.JSON, nullable=True))
        batch.add_column(sa.Column("points", sa.JSON, nullable=True))
    bind = op.get_bind()
    for row in bind.execute(sa.select(pairings)).all():
        seats = [row.first] if row.second is None else [row.first, row.second]
        scored = row.first_points is not None
        points = (
            None if not scored else [row.first_points] + ([] if row.second is None else [row.second_points])
        )
        key = (
            (pairings.c.tournament_id == row.tournament_id)
            & (pairings.c.round == row.round)
            & (pairings.c.first == row.first)
        )
        bind.execute(pairings.update().where(key).values(seats=seats, points=points))
    with op.batch_alter_table("tournament_pairings") as batch:
        batch.alter_column("seats", existing_type=sa.JSON, nullable=False)
        batch.drop_column("second")
        batch.drop_column("first_points")
        batch.drop_column("second_points")


def downgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(
            pairings.c.tournament_id, pairings.c.round, pairings.c.first, pairings.c.seats, pairings.c.points
        )
    ).all()
    if any(len(row.seats) > 2 for row in rows):
        raise RuntimeError("tournaments of more than two seats are stored: they have no two-seat form")
    with op.batch_alter_table("tournament_pairings") as batch:
        batch.add_column(sa.Column("second", sa.Integer, nullable=True))
        batch.add_column(sa.Column("first_points", sa.Float, nullable=True))
        batch.add_column(sa.Column("second_points", sa.Float, nullable=True))
    for row in rows:
        points = row.points or [None, None]
        key = (
            (pairings.c.tournament_id == row.tournament_id)
            & (pairings.c.round == row.round)
            & (pairings.c.first == row.first)
        )
        bind.execute(
            pairings.update()
            .where(key)
            .values(
                second=row.seats[1] if len(row.seats) > 1 else None,
                first_points=points[0],
                second_points=points[1] if len(points) > 1 else None,
            )
        )
    with op.batch_alter_table("tournament_pairings") as batch:
        batch.drop_column("points")
        batch.drop_column("seats")

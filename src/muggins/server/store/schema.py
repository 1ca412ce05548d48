"""The store's tables (SQLAlchemy Core), the same on SQLite and PostgreSQL; migrations create them."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

meta = sa.Table(
    "meta",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)
"""Server-wide values such as the token signing secret (shared by every process)."""

users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(32), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("login", sa.String(32), unique=True, nullable=True),
    sa.Column("password_hash", sa.String(255), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("name_key", sa.String(255), nullable=True),
    sa.Column("settings", sa.JSON, nullable=True),
    sa.Column("token_epoch", sa.Integer, nullable=False, server_default="0"),
    sa.Column("typed_key", sa.String(255), nullable=True),
    sa.Index("ix_users_name_key", "name_key", unique=True),
    sa.Index("ix_users_typed_key", "typed_key", unique=True),
)
"""Guests, members (``login``: the lower-cased name, unique), bot accounts (members whose account a
program plays: kind ``bot_account``, their login kept) and bots (``login``: ``bot:<game>:<name>``).
``name_key`` (the name's look-alike key: case folded and its confusable skeleton, unique) and
``typed_key`` (the skeleton of the name as typed, folded) keep each guest's and member's name their
own: a new name may match neither key of a name held; bots have none (their names repeat per game).
``settings``: the player's table settings (web client).
``token_epoch``: tokens carry it; raising it (log out, a new password) revokes all issued before."""

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("turn_time", sa.Integer, nullable=True),
    sa.Column("count_time", sa.Integer, nullable=True),
    sa.Column("intermission", sa.Integer, nullable=False),
    sa.Column("hints", sa.Boolean, nullable=False),
    sa.Column("private", sa.Boolean, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("owner_epoch", sa.Integer, nullable=False, server_default="0"),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("days", sa.Integer, nullable=True),
)
"""``turn_time`` null: no turn clock. ``count_time`` null (tables made before it): counts by hand
are timed as turns. ``rated`` false: a casual table, whose games never change ratings. ``days``: a
correspondence table's days per move (null elsewhere).
``owner_epoch`` counts takeovers of the table by server processes: the fencing token of its owner."""

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
    sa.Column("bot", sa.String(32), nullable=True),
)
"""Who sits where now; an empty seat has no row. By user too: a returning player's games."""

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("header", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("started_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
)
"""One row per game: the record without its moves (``header``) and the user id in each seat;
``rated``: whether its end changed ratings (docs/server.md, "Rated games")."""

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.String(200), nullable=False),
    sa.Column("by", sa.String(16), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
"""The record's moves, appended one by one; ``ply`` counts from 0 and equals the state_id before it."""

results = sa.Table(
    "results",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("score", sa.Integer, nullable=False),
)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("seats", sa.Integer, primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
)
"""One rating per player, game and number of seats."""

chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    sa.Column("text", sa.String(500), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

reviews = sa.Table(
    "reviews",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("review", sa.JSON, nullable=False),
    sa.Column("made_at", sa.Float, nullable=False),
)
"""The review of a finished game (every seat), made once on request; ``version`` is the review's
format and valuation, so a newer one can be made again."""

streaks = sa.Table(
    "streaks",
    metadata,
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
    sa.Column("trainer", sa.String(16), primary_key=True),
    sa.Column("current", sa.Integer, nullable=False),
    sa.Column("best", sa.Integer, nullable=False),
)
"""Each player's run of right answers in each trainer: now, and the longest."""

seeks = sa.Table(
    "seeks",
    metadata,
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
    sa.Column("pool", sa.Text, nullable=False),
    sa.Column("request", sa.JSON, nullable=False),
    sa.Column("rating", sa.Integer, nullable=False),
    sa.Column("since", sa.Float, nullable=False),
    sa.Column("holder", sa.String(64), nullable=False),
    sa.Column("seen_at", sa.Float, nullable=False),
)
"""The players waiting in the pairing pools, one seek each: the pool (its key), what they asked
for, their rating there, since when they wait, and the connection that holds the seek (``holder``,
empty once it closed) with when its process last vouched for it (``seen_at``)."""

challenges = sa.Table(
    "challenges",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("by_user", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
    sa.Column("to_user", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
    sa.Column("request", sa.JSON, nullable=False),
    sa.Column("made_at", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
)
"""One player's challenge to another: what it asks for, when, and where it stands (``open``,
``accepted`` with the table made for it, ``declined`` or ``cancelled``); an open one expires."""

tournaments = sa.Table(
    "tournaments",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("request", sa.JSON, nullable=False),
    sa.Column("rounds", sa.Integer, nullable=False),
    sa.Column("starts_at", sa.Float, nullable=False),
    sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("runner", sa.String(64), nullable=False, server_default=""),
    sa.Column("runner_seen", sa.Float, nullable=False, server_default="0"),
    sa.Column("minutes", sa.Integer, nullable=False, server_default="0"),
    sa.Column("streaks", sa.Boolean, nullable=False, server_default=sa.false()),
)
"""A tournament (docs/server.md, "Tournaments"); ``runner`` names the process that runs it and
``runner_seen`` when it last said so (another takes over once it falls silent). An arena lasts
``minutes`` (``round`` counts its waves of pairings) and with ``streaks`` a run of wins scores double."""

entrants = sa.Table(
    "entrants",
    metadata,
    sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
    sa.Column("rating", sa.Integer, nullable=False),
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.Column("withdrawn", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("bot", sa.String(32), nullable=True),
)

tournament_pairings = sa.Table(
    "tournament_pairings",
    metadata,
    sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("first", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=True, index=True),
    sa.Column("points", sa.JSON, nullable=True),
)
"""Each round's tables, their players by seat (``first`` the first seat's), and byes (one seat, no
table); each seat's points once the game is over."""

push_subscriptions = sa.Table(
    "push_subscriptions",
    metadata,
    sa.Column("endpoint", sa.String(512), primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
    sa.Column("p256dh", sa.String(128), nullable=False),
    sa.Column("auth", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)
"""Where each player's browsers take their notifications (Web Push subscriptions): the push
service's endpoint and the browser's keys."""

"""What a part of ``SqlStore`` kept in a module of its own is given by ``SqlStore``: the engines
(``reader`` for reads, which SQLite may share) and the runners of a function in the store's thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import sqlalchemy as sa

T = TypeVar("T")


class SqlPart:
    """Declares ``SqlStore``'s engines and runners for a part written apart (mypy sees them)."""

    engine: sa.Engine
    reader: sa.Engine
    is_sqlite: bool

    async def _run(self, fn: Callable[..., T], *args: Any, claims: bool = False) -> T:
        raise NotImplementedError  # SqlStore's

    async def _read(self, fn: Callable[..., T], *args: Any, claims: bool = False) -> T:
        raise NotImplementedError  # SqlStore's

"""The HTTP API's dependency on the app's tables."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from muggins.server.tables.manager import Tables


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


TablesDep = Annotated[Tables, Depends(_tables)]

"""The HTTP API's dependencies on the app's tables and reviewer (those on the store and the user
are ``accounts.deps``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from muggins.server.accounts.deps import made_once
from muggins.server.manager import Tables
from muggins.server.reviews import Reviewer


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _reviewer(request: Request) -> Reviewer:
    """The app's reviewer, made on first use (it needs the store, made at startup)."""
    return made_once(request, "reviewer", Reviewer)


TablesDep = Annotated[Tables, Depends(_tables)]
ReviewerDep = Annotated[Reviewer, Depends(_reviewer)]

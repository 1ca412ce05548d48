"""The HTTP API's dependency on the app's reviewer."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from muggins.server.accounts import made_once
from muggins.server.learning.reviews import Reviewer


def _reviewer(request: Request) -> Reviewer:
    """The app's reviewer, made on first use (it needs the store, made at startup)."""
    return made_once(request, "reviewer", Reviewer)


ReviewerDep = Annotated[Reviewer, Depends(_reviewer)]

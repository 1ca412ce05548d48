"""The HTTP API's dependency on the app's tournaments."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from muggins.server.tournaments.service import Tournaments


def _tournaments(request: Request) -> Tournaments:
    tournaments: Tournaments = request.app.state.tournaments
    return tournaments


TournamentsDep = Annotated[Tournaments, Depends(_tournaments)]

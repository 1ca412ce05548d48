"""The HTTP API's dependency on the app's pairing."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from muggins.server.pairing.service import Pairing


def _pairing(request: Request) -> Pairing:
    pairing: Pairing = request.app.state.pairing
    return pairing


PairingDep = Annotated[Pairing, Depends(_pairing)]

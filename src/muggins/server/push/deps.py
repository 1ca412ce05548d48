"""The HTTP API's dependency on the app's pusher."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from muggins.server.push.service import Pusher


def _pusher(request: Request) -> Pusher:
    pusher: Pusher = request.app.state.pusher
    return pusher


PusherDep = Annotated[Pusher, Depends(_pusher)]

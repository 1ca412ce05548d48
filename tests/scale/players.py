"""Test players for a cluster: like ``test_play.play_seat``, but a move refused as stale (the state
moved on while a takeover resent it) is not a failure: the player waits for the newer state."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from tests.server.live_server import Client, Message


def _state_of(message: Message) -> int:
    if message["type"] == "table_state" and message.get("view"):
        return int(message["view"]["state_id"])
    return int(message.get("state_id", -1)) if message["type"] == "events" else -1


def _newer_than(state: int) -> Callable[[Message], bool]:
    return lambda m: _state_of(m) > state


def _answer_to_move(state: int, me: int) -> Callable[[Message], bool]:
    """A refusal, or the events of this seat's own move made in ``state``."""
    return lambda m: (
        m["type"] == "error" or (m["type"] == "events" and m["state_id"] > state and m["seat"] == me)
    )


async def play_seat(client: Client, table_id: str, rng: random.Random, until: int) -> Message:
    """Make a random legal move whenever this seat's newest view waits for it; returns the view in
    which the game ended (or reached state ``until``). Any refusal but a stale move fails."""
    while True:
        view = client.latest_view(table_id)
        assert view is not None
        if view["result"] is not None or view["state_id"] >= until:
            return view
        state, mark = view["state_id"], len(client.received)
        if view["legal_moves"]:
            text = rng.choice(view["legal_moves"])
            await client.send(type="move", table_id=table_id, text=text, state_id=state)
            reply = await client.expect(_answer_to_move(state, view["you"]), timeout=30, after=mark)
            if reply["type"] == "error":
                assert reply["reason"].startswith("stale move"), reply
                await client.expect(_newer_than(state), timeout=30, after=mark)
        else:
            await client.expect(_newer_than(state), timeout=30, after=mark)


async def play_out(
    clients: dict[int, Client], table_id: str, rng: random.Random, *, until: int = 10_000
) -> Message:
    """Every client plays its seat until the game ends (or reaches ``until``); the first seat's view."""
    views = await asyncio.gather(*(play_seat(c, table_id, rng, until) for c in clients.values()))
    return views[0]

"""Counting by hand tests the player: at a manual-counting table with hints on, a hint asked for a
claim or in a muggins window is refused, over the WebSocket and over HTTP alike, in words that are
the same whatever the cards; the hint for every other decision is still given."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from muggins.server.tables.hints import COUNTING_IS_YOURS
from tests.server.live_server import Client, Message, Server

TABLES: dict[str, dict[str, Any]] = {
    "cribbage": {"players": 2, "options": {"counting": "manual", "muggins": True}},
    "skalborg": {"players": 2, "options": {"counting": "manual"}},
    "cribist": {"players": 4, "options": {"counting": "manual", "end": "deals", "deals": 8}},
}
"""A manual-counting table of each game, a person in seat 0 and the strongest bots elsewhere (eight
Cribist deals: a claim is the trick winner's, and a random player once won no trick in three)."""
PASSIVE = ("check", "call", "ready")
"""Moves preferred over random ones, so that Skalborg's hands reach the showdown and its count."""
COUNTING = {"show": "claim", "claim": "claim", "count": "claim", "muggins": "window"}
"""Each game's counting phases, as the decision they ask of the seat."""


async def ask_hint(
    client: Client, server: Server, token: str, table_id: str
) -> tuple[Message, httpx.Response]:
    """The hint asked over the WebSocket (the reply message) and over HTTP (the response)."""
    start = len(client.received)
    await client.send(type="hint", table_id=table_id)
    reply = await client.expect(lambda m: m["type"] in ("hint", "error"), after=start, timeout=30)
    over_http = httpx.get(
        f"{server.url}/api/tables/{table_id}/hint", headers={"Authorization": f"Bearer {token}"}, timeout=30
    )
    return reply, over_http


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_hint_never_counts_for_a_player_counting_by_hand(
    server_factory: Callable[..., Server], game: str
) -> None:
    server = server_factory("--hints-per-minute", "100000")  # a hint at every decision of a game
    table_spec = TABLES[game]
    wanted = {"claim", "window"} if game != "skalborg" else {"claim"}

    async def run() -> None:
        token, _ = server.guest("cal")
        info = next(g for g in httpx.get(server.url + "/api/games").json() if g["name"] == game)
        bots = {str(seat): info["bots"][-1] for seat in range(1, table_spec["players"])}
        # the longest turn, so that no clock moves for a seat while a loaded machine works out a hint
        table = server.create_table(token, game=game, bots=bots, time={"turn_time": 60}, **table_spec)
        table_id = table["id"]
        cal = await Client.open(server.ws_url, token=token)
        await cal.send(type="join", table_id=table_id)
        await cal.expect(lambda m: m["type"] == "table_state" and m["view"])
        rng = random.Random(3)
        refused: set[str] = set()
        hinted_elsewhere = 0
        for _ in range(5000):  # both decisions met, or the game's end, stops it (3 Cribist deals: ~240)
            view = cal.latest_view(table_id)
            assert view is not None
            if view["result"] is not None or (refused == wanted and hinted_elsewhere):
                break
            if not view["legal_moves"]:
                state, start = view["state_id"], len(cal.received)
                await cal.expect(lambda m: m.get("state_id", -1) > state, timeout=30, after=start)
                continue
            decision = COUNTING.get(view["phase"])
            ws_reply, http_reply = await ask_hint(cal, server, token, table_id)
            if decision is not None:
                assert ws_reply["type"] == "error" and ws_reply["reason"] == COUNTING_IS_YOURS, ws_reply
                assert http_reply.status_code == 409 and http_reply.json()["detail"] == COUNTING_IS_YOURS
                refused.add(decision)
            elif view["phase"] not in ("hand_over", "post-show", "pre-show"):
                assert ws_reply["type"] == "hint", (ws_reply, view)
                verbs = {move.split()[0] for move in view["legal_moves"]}  # a bet's amount is free
                assert ws_reply["move"].split()[0] in verbs
                assert http_reply.status_code == 200 and http_reply.json()["move"].split()[0] in verbs
                hinted_elsewhere += 1
            passive = [m for m in view["legal_moves"] if m in PASSIVE]
            text = passive[0] if passive else rng.choice(view["legal_moves"])
            state, start = view["state_id"], len(cal.received)
            await cal.send(type="move", table_id=table_id, text=text, state_id=state)
            reply = await cal.expect(
                lambda m: (
                    m["type"] == "error"
                    or (m["type"] == "events" and m["state_id"] > state and m["seat"] == 0)
                ),
                timeout=30,
                after=start,
            )
            assert reply["type"] != "error", reply
        assert refused == wanted, f"counting decisions met: {refused}"
        assert hinted_elsewhere, "no other decision was hinted"
        await cal.close()

    asyncio.run(run())

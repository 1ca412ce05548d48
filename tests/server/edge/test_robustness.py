"""Bad input over the WebSocket: each refusal is an error naming the reason, the connection stays
open, and the game does not change; a client acts only for its own seat; floods are refused."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import httpx

from tests.server.live_server import Client, Message, Server


async def refused(client: Client, raw: str | bytes, *words: str, code: str | None = None) -> Message:
    """Send a raw frame; the next error must name every word (and be of kind ``code``), and a ping
    must still be answered."""
    start = len(client.received)
    await client.ws.send(raw)
    error = await client.expect(lambda m: m["type"] == "error", after=start)
    for word in words:
        assert word in error["reason"], (word, error)
    if code is not None:
        assert error["code"] == code, error
    await client.send(type="ping")
    await client.expect(lambda m: m["type"] == "pong", after=start)
    return error


async def settled(client: Client, start: int, kind: str, quiet: float = 0.5, limit: float = 10.0) -> int:
    """How many messages of ``kind`` arrived after ``start``, once none has come for ``quiet`` seconds
    (a loaded machine may deliver the last replies of a burst late)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    count = -1
    while loop.time() < deadline:
        now = sum(1 for m in client.received[start:] if m["type"] == kind)
        if now == count:
            return count
        count = now
        await asyncio.sleep(quiet)
    return count


def test_malformed_and_illegal_messages_change_nothing(server_factory: Callable[..., Server]) -> None:
    server = server_factory("--rate", "20")

    async def run() -> None:
        ann_token, _ = server.guest("ann")
        bob_token, _ = server.guest("bob")
        table = server.create_table(ann_token, game="cribbage", players=2)
        table_id = table["id"]

        eve = await Client.open(server.ws_url)
        await refused(eve, "{not json", "not JSON", code="invalid")
        await refused(eve, json.dumps({"type": "join", "table_id": table_id}), "hello", code="say_hello")
        await refused(
            eve, json.dumps({"type": "hello", "token": "forged.token"}), "token", code="unauthorized"
        )
        await refused(eve, b"\x00\x01", "text", code="invalid")
        await eve.send(type="hello", name="eve")
        await eve.expect(lambda m: m["type"] == "welcome")
        await refused(eve, json.dumps({"type": "teleport"}), "type", code="invalid")
        await refused(
            eve, json.dumps({"type": "join", "table_id": "nosuchtable"}), "no table", code="no_table"
        )
        await refused(
            eve,
            json.dumps({"type": "chat", "table_id": table_id, "text": "x" * 20_000}),
            "too large",
            code="too_large",
        )
        await refused(
            eve, json.dumps({"type": "move", "table_id": table_id, "text": "go", "state_id": 0}), "join"
        )

        ann = await Client.open(server.ws_url, token=ann_token)
        bob = await Client.open(server.ws_url, token=bob_token)
        await ann.send(type="join", table_id=table_id)
        await bob.send(type="sit", table_id=table_id)
        await eve.send(type="join", table_id=table_id)
        state = await ann.expect(lambda m: m["type"] == "table_state" and m["seat"] == 0 and m["view"])
        view = state["view"]
        hand = view["hand"]
        bob_view = (await bob.expect(lambda m: m["type"] == "table_state" and m["seat"] == 1 and m["view"]))[
            "view"
        ]

        def move(text: str, state_id: int = 0) -> str:
            return json.dumps({"type": "move", "table_id": table_id, "text": text, "state_id": state_id})

        # A spectator cannot act for anyone; nobody can act for another seat.
        await refused(eve, move(f"discard {hand[0]} {hand[1]}"), "no seat", code="refused")
        await refused(eve, json.dumps({"type": "sit", "table_id": table_id}), "playing", code="refused")
        await refused(bob, move(f"discard {hand[0]} {hand[1]}"), "not in your hand", code="illegal")
        await refused(ann, move("discard"), "discard")
        await refused(ann, move("play 5H"), "discard")
        await refused(ann, move(f"discard {hand[0]} {hand[0]}"), hand[0])
        await refused(ann, move(f"discard {hand[0]} {hand[1]}", state_id=7), "stale", code="stale")
        await refused(ann, json.dumps({"type": "ready", "table_id": table_id}), "intermission")
        await refused(ann, json.dumps({"type": "rematch", "table_id": table_id}), "over")
        info = httpx.get(f"{server.url}/api/tables/{table_id}").json()
        assert info["state_id"] == 0

        # A hint is the expert's move for your own seat, over the WebSocket and over HTTP.
        await ann.send(type="hint", table_id=table_id)
        hint = await ann.expect(lambda m: m["type"] == "hint", timeout=30)
        assert hint["move"] in view["legal_moves"] and hint["reason"] and hint["state_id"] == 0
        reply = httpx.get(
            f"{server.url}/api/tables/{table_id}/hint", headers={"Authorization": f"Bearer {bob_token}"}
        )
        assert reply.json()["move"] in bob_view["legal_moves"]
        await refused(eve, json.dumps({"type": "hint", "table_id": table_id}), "no seat")
        quiet = server.create_table(ann_token, game="cribbage", players=2, hints=False)
        await ann.send(type="join", table_id=quiet["id"])
        await refused(ann, json.dumps({"type": "hint", "table_id": quiet["id"]}), "turned off")

        # After all that, the same players can still play.
        await ann.send(type="move", table_id=table_id, text=view["legal_moves"][0], state_id=0)
        await bob.send(type="move", table_id=table_id, text=bob_view["legal_moves"][0], state_id=0)
        await ann.expect(lambda m: m["type"] == "events" and m["state_id"] == 2)
        assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["state_id"] == 2

        # A flood is refused (one error a second), and the connection survives it.
        await asyncio.sleep(2.5)  # let eve's bucket refill (burst 40 at 20 a second) after her refusals
        start = len(eve.received)
        for _ in range(200):
            await eve.send(type="ping")
        await eve.expect(lambda m: m["type"] == "error", after=start)
        pongs = await settled(eve, start, "pong")
        errors = [m for m in eve.received[start:] if m["type"] == "error"]
        assert 20 <= pongs < 100
        assert len(errors) == 1 and "too many" in errors[0]["reason"] and errors[0]["code"] == "too_many"
        await asyncio.sleep(1.5)
        await refused(eve, "[]", "malformed")
        for client in (ann, bob, eve):
            await client.close()

    asyncio.run(run())


def test_only_the_table_clock_may_say_time_is_up(server_factory: Callable[..., Server]) -> None:
    """Cribist's 'timeup' ends a timed game; a player sending it must be refused and nothing change."""
    server = server_factory()

    async def run() -> None:
        token, _ = server.guest("ann")
        table = server.create_table(
            token,
            game="cribist",
            players=4,
            bots={"1": "random", "2": "random", "3": "random"},
            seat=0,
            options={"end": "time", "minutes": 30},
        )
        ann = await Client.open(server.ws_url, token=token)
        await ann.send(type="join", table_id=table["id"])
        await ann.expect(lambda m: m["type"] == "table_state" and m["seat"] == 0 and m["view"])
        before = httpx.get(f"{server.url}/api/tables/{table['id']}").json()["state_id"]
        move = {"type": "move", "table_id": table["id"], "text": "timeup", "state_id": before}
        await refused(ann, json.dumps(move), "clock")
        after = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
        assert after["status"] != "finished"
        await ann.close()

    asyncio.run(run())


def test_chat_with_control_characters_is_refused_and_not_kept(server: Server) -> None:
    """A NUL in chat reached the store (PostgreSQL cannot keep it); an escape would move the cursor
    of a terminal that prints the log. Both are refused by name; the table's chat keeps the rest."""

    async def run() -> None:
        token, _ = server.guest("cy")
        table = server.create_table(token, game="cribbage", players=2, seat=0)
        cy = await Client.open(server.ws_url, token=token)
        await cy.send(type="join", table_id=table["id"])
        await cy.expect(lambda m: m["type"] == "table_state")
        for text in ("nul \x00 here", "\x1b[2Jcleared", "bell\x07"):
            raw = json.dumps({"type": "chat", "table_id": table["id"], "text": text})
            await refused(cy, raw, "printable text")
        words = "plain words, ünïcode and emoji 🂡"
        await cy.send(type="chat", table_id=table["id"], text=words)
        await cy.expect(lambda m: m["type"] == "chat")
        await cy.close()
        again = await Client.open(server.ws_url, token=token)  # the chat log a newcomer is sent
        await again.send(type="join", table_id=table["id"])
        await again.expect(lambda m: m["type"] == "chat")
        assert [m["text"] for m in again.received if m["type"] == "chat"] == [words]
        await again.close()

    asyncio.run(run())

"""Crash safety: the server is killed with SIGKILL mid-game and started again on the same database;
every table resumes from its record, each player finds everything they saw, and play goes on."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import httpx

from tests.server.live_server import Client, Server
from tests.server.test_play import play_out


def test_kill_9_mid_game_loses_nothing_a_player_saw(server_factory: Callable[..., Server]) -> None:
    server = server_factory()

    async def run() -> None:
        ann_token, _ = server.guest("ann")
        bob_token, _ = server.guest("bob")
        table_id = server.create_table(ann_token, game="cribbage", players=2)["id"]
        bot_table = server.create_table(ann_token, game="cribbage", players=2, bots={"1": "random"}, seat=0)
        tokens = {0: ann_token, 1: bob_token}
        clients = {seat: await Client.open(server.ws_url, token=token) for seat, token in tokens.items()}
        await clients[0].send(type="join", table_id=table_id)
        await clients[1].send(type="sit", table_id=table_id)
        for seat, client in clients.items():
            await client.expect(lambda m: m["type"] == "table_state" and m["seat"] == seat and m["view"])
            await client.send(type="chat", table_id=table_id, text=f"hello from seat {seat}")
        await clients[1].expect(lambda m: m["type"] == "chat" and m["text"] == "hello from seat 1")
        await play_out(clients, table_id, random.Random(11), until=25)
        seen = {seat: client.latest_view(table_id) for seat, client in clients.items()}
        bot_state = httpx.get(f"{server.url}/api/tables/{bot_table['id']}").json()["state_id"]

        server.kill()
        server.start()

        for seat, client in clients.items():
            await client.close()
            again = await Client.open(server.ws_url, token=tokens[seat])
            await again.send(type="join", table_id=table_id)
            state = await again.expect(lambda m: m["type"] == "table_state")
            before = seen[seat]
            assert before is not None
            assert state["seat"] == seat
            assert state["view"]["state_id"] >= before["state_id"]
            if state["view"]["state_id"] == before["state_id"]:
                assert state["view"] == before
            turns = {c["seat"] for c in state["clocks"] if c["kind"] != "grace"}
            assert turns == set(state["view"]["to_move"])
            if seat == 0:  # the other player has not come back yet: their grace period runs
                assert [c["seat"] for c in state["clocks"] if c["kind"] == "grace"] == [1]
            assert all(c["kind"] != "turn" or c["remaining"] > 15 for c in state["clocks"])
            await again.expect(lambda m: m["type"] == "chat" and m["text"] == "hello from seat 1")
            chat = [m["text"] for m in again.received if m["type"] == "chat"]
            assert chat == ["hello from seat 0", "hello from seat 1"]
            clients[seat] = again
        last = await play_out(clients, table_id, random.Random(12), until=40)
        assert last["state_id"] >= 40

        # The table against a bot was resumed too, and is listed in the lobby again.
        lobby = {t["id"]: t for t in httpx.get(f"{server.url}/api/tables").json()}
        assert lobby[bot_table["id"]]["status"] == "playing"
        assert lobby[bot_table["id"]]["state_id"] == bot_state
        for client in clients.values():
            await client.close()

    asyncio.run(run())

"""Time at the table: the turn clock makes a move when it runs out, an intermission ends early when
every player is ready, a dropped player reclaims their seat with their token, and one who stays away
past the grace period leaves the game (worst rank, the game ends for two players)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from tests.server.live_server import Client, Message, Server


async def seated_pair(server: Server, **table: object) -> tuple[str, dict[int, str], dict[int, Client]]:
    """A two-player cribbage table with ann (seat 0) and bob (seat 1) connected; returns its id,
    their tokens and clients once both have their seat's first view."""
    ann_token, _ = server.guest("ann")
    bob_token, _ = server.guest("bob")
    table_id = server.create_table(ann_token, game="cribbage", players=2, **table)["id"]
    ann = await Client.open(server.ws_url, token=ann_token)
    bob = await Client.open(server.ws_url, token=bob_token)
    await ann.send(type="join", table_id=table_id)
    await bob.send(type="sit", table_id=table_id)
    for seat, client in ((0, ann), (1, bob)):
        await client.expect(lambda m: m["type"] == "table_state" and m["seat"] == seat and m["view"])
    return table_id, {0: ann_token, 1: bob_token}, {0: ann, 1: bob}


async def until_pause(client: Client, table_id: str) -> Message:
    """Play this seat (its first legal move each time) until the post-show pause."""
    while True:
        view = client.latest_view(table_id)
        assert view is not None
        if view["phase"] == "post-show":
            return view
        state_id, start, me = view["state_id"], len(client.received), view["you"]
        if view["legal_moves"]:
            await client.send(type="move", table_id=table_id, text=view["legal_moves"][0], state_id=state_id)
            # Wait for this move's own events before acting on a newer view.
            reply = await client.expect(
                lambda m: (
                    m["type"] == "error"
                    or (m["type"] == "events" and m["state_id"] > state_id and m["seat"] == me)
                ),
                after=start,
            )
            if reply["type"] == "error" and reply["reason"].startswith("stale move"):
                # This view was overtaken (the other seat's events were on their way): wait for them.
                reply = await client.expect(lambda m: m.get("state_id", -1) > state_id, after=start)
        else:
            reply = await client.expect(
                lambda m: m.get("state_id", -1) > state_id or m["type"] == "error", after=start
            )
        assert reply["type"] != "error", reply


def test_turn_clock_moves_for_idle_players_and_ready_ends_an_intermission(server: Server) -> None:
    async def run() -> None:
        table_id, _, clients = await seated_pair(
            server, time={"turn_time": 5, "intermission": 30}, options={"post_show": True}
        )
        ann = clients[0]
        first = ann.latest_view(table_id)
        assert first is not None
        state = await ann.expect(lambda m: m["type"] == "table_state" and m["seat"] == 0 and m["view"])
        assert {c["seat"] for c in state["clocks"]} == {0, 1}
        assert all(c["kind"] == "turn" and 4 < c["remaining"] <= 5 for c in state["clocks"])
        started = time.monotonic()
        timed_out = await ann.expect(lambda m: m["type"] == "events" and m["by"] == "timeout", timeout=10)
        assert 4.5 <= time.monotonic() - started <= 12  # generous: CI machines are busy
        assert timed_out["move"].startswith("discard")
        await ann.expect(lambda m: m["type"] == "events" and m["state_id"] == 2)

        pauses = await asyncio.gather(*(until_pause(c, table_id) for c in clients.values()))
        hand = pauses[0]["hand_number"]
        paused = [m for m in ann.received if m["type"] == "events" and m["view"]["phase"] == "post-show"][-1]
        assert {c["kind"] for c in paused["clocks"]} == {"intermission"}
        assert all(25 < c["remaining"] <= 30 for c in paused["clocks"])
        await clients[0].send(type="ready", table_id=table_id)
        await clients[1].send(type="ready", table_id=table_id)
        dealt = await ann.expect(lambda m: m["type"] == "events" and m["view"]["hand_number"] == hand + 1)
        assert dealt["view"]["phase"] == "discard"
        assert dealt["by"] == "player" and dealt["move"] == "ready"  # not the intermission running out
        for client in clients.values():
            await client.close()

    asyncio.run(run())


def test_dropped_player_reclaims_the_seat_or_leaves_after_the_grace_period(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory("--grace", "2")

    async def run() -> None:
        table_id, tokens, clients = await seated_pair(server)
        ann, bob = clients[0], clients[1]
        before = ann.latest_view(table_id)
        assert before is not None
        await ann.close()
        drop = await bob.expect(
            lambda m: m["type"] == "table_update" and not m["table"]["seats"][0]["connected"]
        )
        assert drop["table"]["status"] == "playing"
        clock = await bob.expect(
            lambda m: m["type"] == "clock" and any(c["kind"] == "grace" for c in m["clocks"])
        )
        assert [c["seat"] for c in clock["clocks"] if c["kind"] == "grace"] == [0]

        ann = await Client.open(server.ws_url, token=tokens[0])
        await ann.send(type="join", table_id=table_id)
        back = await ann.expect(lambda m: m["type"] == "table_state")
        assert back["seat"] == 0
        assert back["view"]["hand"] == before["hand"]
        assert not [c for c in back["clocks"] if c["kind"] == "grace"]
        # (that the cancelled grace period never fires is checked on a manual clock in test_table_clock)

        # Bob drops for longer than the grace period: he leaves, ranked last, and the game is over.
        await bob.close()
        left = await ann.expect(lambda m: m["type"] == "events" and m["by"] == "leave", timeout=6)
        assert left["seat"] == 1
        assert left["view"]["result"]["ranks"] == [1, 2]
        await ann.close()

    asyncio.run(run())


def test_an_intermission_ends_by_itself(server: Server) -> None:
    async def run() -> None:
        table_id, _, clients = await seated_pair(
            server, time={"turn_time": 20, "intermission": 1}, options={"post_show": True}
        )
        pauses = await asyncio.gather(*(until_pause(c, table_id) for c in clients.values()))
        hand = pauses[0]["hand_number"]
        ann = clients[0]
        dealt = await ann.expect(
            lambda m: m["type"] == "events" and m["view"]["hand_number"] == hand + 1, timeout=10
        )
        assert (dealt["by"], dealt["move"]) == ("timeout", "ready")
        for client in clients.values():
            await client.close()

    asyncio.run(run())

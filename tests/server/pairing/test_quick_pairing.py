"""Quick pairing through the protocol (docs/server.md, "Quick pairing"): two people who seek the
same pool are seated together at a table made for them, its game started, and both are told;
rated pools are for members; other pools never mix; a seek leaves with ``unseek``, and one whose
connection closed is paired no more; every bad seek is refused with a reason and changes nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.server.live_server import Client, Message, Server


def seek(**asked: Any) -> dict[str, Any]:
    return {"type": "seek", "game": "cribbage", "players": 2, **asked}


async def seeker(server: Server, name: str, *, member: bool = True, **asked: Any) -> tuple[Client, Message]:
    token, user = server.member(name) if member else server.guest(name)
    client = await Client.open(server.ws_url, token=token)
    await client.send(**seek(**asked))
    told = await client.expect(lambda m: m["type"] in ("seeking", "error"))
    assert told["type"] == "seeking", told
    return client, user


def test_two_members_seeking_a_rated_game_are_seated_together(server: Server) -> None:
    async def run() -> None:
        ann, ann_user = await seeker(server, "Ann")
        waiting = ann.received[-1]["seek"]
        assert (waiting["game"], waiting["players"], waiting["rated"], waiting["rating"]) == (
            "cribbage",
            2,
            True,
            1500,
        )
        assert waiting["time"]["turn_time"] == 20  # people play people: the turn clock
        assert waiting["reach"] >= 100 and waiting["waiting"] == 1
        bea, bea_user = await seeker(server, "Bea")
        paired = [await c.expect(lambda m: m["type"] == "paired") for c in (ann, bea)]
        assert paired[0] == paired[1]
        table = paired[0]["table"]
        assert table["status"] == "playing" and table["rated"] and not table["hints"]
        assert {s["user"]["id"] for s in table["seats"]} == {ann_user["id"], bea_user["id"]}
        seats = []
        for client in (ann, bea):
            await client.send(type="join", table_id=table["id"])
            state = await client.expect(lambda m: m["type"] == "table_state")
            assert state["view"] is not None and state["view"]["legal_moves"]  # the game is on: discard
            seats.append(state["seat"])
            await client.close()
        assert sorted(seats) == [0, 1]

    asyncio.run(run())


def test_rated_pools_are_for_members_and_casual_ones_for_all(server: Server) -> None:
    async def run() -> None:
        token, _ = server.guest("Gus")
        gus = await Client.open(server.ws_url, token=token)
        await gus.send(**seek())
        refused = await gus.expect(lambda m: m["type"] in ("seeking", "error"))
        assert refused["type"] == "error" and "members" in refused["reason"] and refused["request"] == "seek"
        await gus.send(**seek(rated=False))
        assert (await gus.expect(lambda m: m["type"] == "seeking", after=1))["seek"]["rated"] is False
        member, _ = await seeker(server, "Mel", rated=False)
        paired = await gus.expect(lambda m: m["type"] == "paired")
        assert paired["table"]["rated"] is False
        await member.expect(lambda m: m["type"] == "paired")

    asyncio.run(run())


def test_other_pools_never_mix_and_unseek_leaves(server: Server) -> None:
    async def run() -> None:
        ann, _ = await seeker(server, "Ann")
        bea, _ = await seeker(server, "Bea", rated=False)  # casual
        cal, _ = await seeker(server, "Cal", options={"target": 61})
        dee, _ = await seeker(server, "Dee", players=3)
        await ann.send(type="unseek")
        assert (await ann.expect(lambda m: m["type"] == "seeking" and m["seek"] is None)) is not None
        eve, _ = await seeker(server, "Eve")  # Ann's pool, but Ann left it
        await asyncio.sleep(2.5)  # more than two looks at the pools
        for client in (ann, bea, cal, dee, eve):
            assert not [m for m in client.received if m["type"] == "paired"]

    asyncio.run(run())


def test_a_seek_whose_connection_closed_is_paired_no_more(server: Server) -> None:
    async def run() -> None:
        ann, _ = await seeker(server, "Ann")
        await ann.close()
        bea, _ = await seeker(server, "Bea")
        await asyncio.sleep(2.5)
        assert not [m for m in bea.received if m["type"] == "paired"]

    asyncio.run(run())


def test_a_new_connection_seeking_again_keeps_its_wait(server: Server) -> None:
    async def run() -> None:
        token, _ = server.member("Ann")
        first = await Client.open(server.ws_url, token=token)
        await first.send(**seek())
        since = (await first.expect(lambda m: m["type"] == "seeking"))["seek"]["since"]
        await first.close()
        second = await Client.open(server.ws_url, token=token)
        await second.send(**seek())
        assert (await second.expect(lambda m: m["type"] == "seeking"))["seek"]["since"] == since

    asyncio.run(run())


def test_bad_seeks_are_refused_with_a_reason(server: Server) -> None:
    async def run() -> None:
        token, _ = server.member("Ann")
        ann = await Client.open(server.ws_url, token=token)
        bad = [
            (seek(game="chess"), "chess"),
            (seek(options={"target": "lots"}), "target"),
            (seek(players=1), "players"),
            (seek(options={"no_such": 1}), "no_such"),
            (seek(time={"turn_time": 1}), "turn_time"),
            ({**seek(), "extra": 1}, "extra"),
        ]
        for message, named in bad:
            seen = len(ann.received)
            await ann.send(**message)
            error = await ann.expect(lambda m: m["type"] in ("error", "seeking"), after=seen)
            assert error["type"] == "error" and named in error["reason"], (message, error)
        await ann.send(type="unseek")
        assert (await ann.expect(lambda m: m["type"] == "seeking"))["seek"] is None

    asyncio.run(run())


def test_a_player_with_many_games_going_may_not_seek_more(server: Server) -> None:
    """As many as one may make (10): the pools never seat a player at more."""

    async def run() -> None:
        token, _ = server.member("Ann")
        for _ in range(10):
            server.create_table(token, game="cribbage", players=2, seat=0, bots={1: "random"})
        ann = await Client.open(server.ws_url, token=token)
        await ann.send(**seek())
        error = await ann.expect(lambda m: m["type"] in ("error", "seeking"))
        assert error["type"] == "error" and "games going" in error["reason"]

    asyncio.run(run())

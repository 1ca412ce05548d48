"""Challenges and presence through the protocol (docs/server.md, "Challenges"): a player online
is listed and may be challenged; both are told of the challenge; an accepted one seats them at a
table made for it (bots in the other seats), told to both as ``paired``; a declined or cancelled
one is told as such; only the first answer counts; every bad challenge is refused with a reason."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from tests.server.live_server import Client, Message, Server


async def online(server: Server, name: str, *, member: bool = True) -> tuple[Client, Message]:
    token, user = server.member(name) if member else server.guest(name)
    return await Client.open(server.ws_url, token=token), user


def challenge(to: Message, **asked: Any) -> dict[str, Any]:
    return {"type": "challenge", "user_id": to["id"], "game": "cribbage", **asked}


def update(status: str = "open") -> Any:
    return lambda m: m["type"] == "challenge_update" and m["challenge"]["status"] == status


def test_who_is_online_and_what_they_play(server: Server) -> None:
    async def run() -> None:
        ann, ann_user = await online(server, "Ann")
        gus, _ = await online(server, "Gus", member=False)
        listed = httpx.get(server.url + "/api/online").json()
        assert {u["name"] for u in listed} >= {"Ann", "Gus"}
        await gus.close()
        await asyncio.sleep(0.3)
        assert "Gus" not in {u["name"] for u in httpx.get(server.url + "/api/online").json()}
        presence = httpx.get(f"{server.url}/api/players/{ann_user['id']}/presence").json()
        assert presence["online"] and presence["games"] == []
        token, bea = server.member("Bea")
        public = server.create_table(token, game="cribbage", players=2, seat=0, bots={1: "random"})["id"]
        server.create_table(token, game="cribbage", players=2, seat=0, bots={1: "random"}, private=True)
        assert "Bea" not in {u["name"] for u in httpx.get(server.url + "/api/online").json()}  # no connection
        presence = httpx.get(f"{server.url}/api/players/{bea['id']}/presence").json()
        assert not presence["online"] and [t["id"] for t in presence["games"]] == [
            public
        ]  # not the private one
        assert httpx.get(f"{server.url}/api/players/999999/presence").status_code == 404
        await ann.close()

    asyncio.run(run())


def test_an_accepted_challenge_seats_both_at_a_new_table(server: Server) -> None:
    async def run() -> None:
        ann, ann_user = await online(server, "Ann")
        bea, bea_user = await online(server, "Bea")
        await ann.send(**challenge(bea_user, options={"target": 61}))
        made = [(await c.expect(update()))["challenge"] for c in (ann, bea)]
        assert made[0] == made[1]
        asked = made[0]
        assert (asked["by"]["id"], asked["to"]["id"], asked["rated"]) == (
            ann_user["id"],
            bea_user["id"],
            True,
        )
        assert asked["options"] == {"target": 61} and asked["expires_at"] == asked["made_at"] + 120
        await bea.send(type="answer_challenge", challenge_id=asked["id"], answer="accept")
        paired = [await c.expect(lambda m: m["type"] == "paired") for c in (ann, bea)]
        assert paired[0] == paired[1]
        table = paired[0]["table"]
        assert table["status"] == "playing" and table["options"] == {"target": 61} and table["rated"]
        assert {s["user"]["id"] for s in table["seats"]} == {ann_user["id"], bea_user["id"]}
        for client in (ann, bea):
            await client.expect(update("accepted"))
        # the first answer counts: nothing more can be done with it
        await bea.send(type="answer_challenge", challenge_id=asked["id"], answer="decline")
        refused = await bea.expect(lambda m: m["type"] == "error")
        assert "not open" in refused["reason"]

    asyncio.run(run())


def test_a_challenge_for_four_fills_the_other_seats_with_bots_and_sides_them_apart(server: Server) -> None:
    async def run() -> None:
        ann, _ = await online(server, "Ann")
        bea, bea_user = await online(server, "Bea")
        await ann.send(**challenge(bea_user, players=4, options={"partnerships": True}, rated=False))
        asked = (await bea.expect(update()))["challenge"]
        await bea.send(type="answer_challenge", challenge_id=asked["id"], answer="accept")
        table = (await ann.expect(lambda m: m["type"] == "paired"))["table"]
        people = [s["seat"] for s in table["seats"] if s["user"]["kind"] != "bot"]
        assert len(people) == 2 and (people[0] - people[1]) % 2 == 1  # partners sit across: 0 & 2, 1 & 3
        assert sum(1 for s in table["seats"] if s["bot"]) == 2
        assert not table["rated"]

    asyncio.run(run())


def test_declined_and_cancelled_challenges_are_told_to_both(server: Server) -> None:
    async def run() -> None:
        ann, _ = await online(server, "Ann")
        bea, bea_user = await online(server, "Bea")
        for answer, who, status in (("decline", bea, "declined"), ("cancel", ann, "cancelled")):
            seen = len(ann.received), len(bea.received)
            await ann.send(**challenge(bea_user))
            asked = (await bea.expect(update(), after=seen[1]))["challenge"]
            other = ann if who is bea else bea
            await other.send(type="answer_challenge", challenge_id=asked["id"], answer=answer)  # not theirs
            await other.expect(lambda m: m["type"] == "error", after=seen[0] if other is ann else seen[1])
            await who.send(type="answer_challenge", challenge_id=asked["id"], answer=answer)
            for client, after in ((ann, seen[0]), (bea, seen[1])):
                assert (await client.expect(update(status), after=after))["challenge"]["id"] == asked["id"]
        assert not [m for m in ann.received + bea.received if m["type"] == "paired"]

    asyncio.run(run())


def test_open_challenges_are_listed_for_both(server: Server) -> None:
    async def run() -> None:
        ann_token, _ = server.member("Ann")
        ann = await Client.open(server.ws_url, token=ann_token)
        token, bea_user = server.member("Bea")
        bea = await Client.open(server.ws_url, token=token)
        await ann.send(**challenge(bea_user))
        asked = (await bea.expect(update()))["challenge"]
        for who in (token, ann_token):
            listed = httpx.get(server.url + "/api/me/challenges", headers={"Authorization": f"Bearer {who}"})
            assert [c["id"] for c in listed.json()] == [asked["id"]]
        await bea.send(type="answer_challenge", challenge_id=asked["id"], answer="decline")
        await ann.expect(update("declined"))
        assert (
            httpx.get(server.url + "/api/me/challenges", headers={"Authorization": f"Bearer {token}"}).json()
            == []
        )
        assert httpx.get(server.url + "/api/me/challenges").status_code == 401

    asyncio.run(run())


def test_bad_challenges_are_refused_with_a_reason(server: Server) -> None:
    async def run() -> None:
        ann, ann_user = await online(server, "Ann")
        bea, bea_user = await online(server, "Bea")
        gus, gus_user = await online(server, "Gus", member=False)
        _, away_user = server.member("Away")
        bad = [
            (challenge(ann_user), "yourself"),
            (challenge(away_user), "not online"),
            (challenge(gus_user), "guest"),  # rated, and Gus is a guest
            (challenge({"id": 999999}), "no player"),
            (challenge(bea_user, game="chess"), "chess"),
            (challenge(bea_user, options={"target": "lots"}), "target"),
            ({**challenge(bea_user), "extra": 1}, "extra"),
            ({"type": "answer_challenge", "challenge_id": "nope", "answer": "accept"}, "not open"),
            ({"type": "answer_challenge", "challenge_id": "x", "answer": "maybe"}, "answer"),
        ]
        for message, named in bad:
            seen = len(ann.received)
            await ann.send(**message)
            error = await ann.expect(lambda m: m["type"] in ("error", "challenge_update"), after=seen)
            assert error["type"] == "error" and named in error["reason"], (message, error)
        await gus.send(**challenge(ann_user))
        assert "members" in (await gus.expect(lambda m: m["type"] == "error"))["reason"]
        for _ in range(3):
            await ann.send(**challenge(bea_user, rated=False))
        seen = len(ann.received)
        await ann.send(**challenge(bea_user, rated=False))
        assert "3 challenges open" in (await ann.expect(lambda m: m["type"] == "error", after=seen))["reason"]
        assert len([m for m in bea.received if m["type"] == "challenge_update"]) == 3

    asyncio.run(run())

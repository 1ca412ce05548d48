"""A bot account plays by challenge (issue 61, item 2; docs/server.md, "Bot accounts"): members
challenge it to rated games and it challenges them, each side marked for what it is; it never
enters a tournament, and the server's own bots are still not challenged."""

from __future__ import annotations

import asyncio

import httpx

from tests.server.live_server import Client, Server
from tests.server.pairing.test_challenges import challenge, update


def test_members_and_bot_accounts_challenge_each_other_to_rated_games(server: Server) -> None:
    async def run() -> None:
        bot_token, robo = server.bot_account("Robo")
        ann_token, ann_user = server.member("Ann")
        bot = await Client.open(server.ws_url, token=bot_token)
        ann = await Client.open(server.ws_url, token=ann_token)
        await ann.send(**challenge(robo, rated=True))
        asked = (await bot.expect(update()))["challenge"]
        assert asked["by"]["kind"] == "member" and asked["to"]["kind"] == "bot_account" and asked["rated"]
        await bot.send(type="answer_challenge", challenge_id=asked["id"], answer="accept")
        table = (await ann.expect(lambda m: m["type"] == "paired"))["table"]
        kinds = sorted(seat["user"]["kind"] for seat in table["seats"])
        assert kinds == ["bot_account", "member"] and table["rated"]
        seen = len(ann.received)
        await bot.send(**challenge(ann_user, rated=True))  # and the other way
        asked = (await ann.expect(update(), after=seen))["challenge"]
        assert asked["by"]["id"] == robo["id"]
        await ann.send(type="answer_challenge", challenge_id=asked["id"], answer="decline")
        await bot.expect(update("declined"))
        online = {u["id"]: u["kind"] for u in httpx.get(server.url + "/api/online").json()}
        assert online[robo["id"]] == "bot_account"

    asyncio.run(run())


def test_a_bot_account_enters_no_tournament(server: Server) -> None:
    ann_token, _ = server.member("Ann")
    body = {"name": "People only", "game": "cribbage", "rounds": 1, "starts_in": 60, "rated": False}
    made = httpx.post(
        server.url + "/api/tournaments", json=body, headers={"Authorization": f"Bearer {ann_token}"}
    )
    assert made.status_code == 201, made.text
    bot_token, _ = server.bot_account("Robo")
    entered = httpx.post(
        f"{server.url}/api/tournaments/{made.json()['id']}/entry",
        headers={"Authorization": f"Bearer {bot_token}"},
    )
    assert entered.status_code == 409 and "plays by challenge" in entered.json()["detail"]
    assert httpx.get(f"{server.url}/api/tournaments/{made.json()['id']}").json()["entrants"] == 0

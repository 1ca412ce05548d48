"""Web Push (docs/server.md, "Correspondence"): a player away is told of their turn in a
correspondence game through their browser's push service, the message encrypted for that browser
and signed with the server's VAPID key; a player with a page open is not; a subscription the
service says is gone is forgotten; subscriptions name only known push services, carry real keys
and are bounded. The push service is the test's own, on 127.0.0.1."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from muggins.server import messages
from muggins.server.bus import player_channel
from muggins.server.push import MOST_BROWSERS, PushError, allowed
from muggins.server.settings import PUSH_SERVICES
from tests.server.app_client import app_client, guest
from tests.server.manual_clock import ManualClock
from tests.server.people import members
from tests.server.push.push_service import Browser, push_service, unb64, vapid_claims
from tests.server.tables.test_correspondence import correspondence
from tests.server.tables.test_table_clock import tables_on

DAY = 86400


def test_only_the_push_services_named_are_posted_to() -> None:
    for endpoint in (
        "https://fcm.googleapis.com/fcm/send/abc",
        "https://updates.push.services.mozilla.com/wpush/v2/abc",
        "https://web.push.apple.com/QO",
        "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ):
        assert allowed(endpoint, PUSH_SERVICES), endpoint
    for endpoint in (
        "http://fcm.googleapis.com/fcm/send/abc",  # not https
        "https://fcm.googleapis.com:8443/x",  # another port
        "https://fcm.googleapis.com.evil.example/x",
        "https://fcm.googleapis.com@evil.example/x",  # the host is evil.example
        "https://notify.windows.com.evil.example/x",
        "https://127.0.0.1/x",
        "not a url",
    ):
        assert not allowed(endpoint, PUSH_SERVICES), endpoint
    assert allowed("http://127.0.0.1:8123/p", ("http://127.0.0.1:8123",))
    assert not allowed("http://127.0.0.1:8124/p", ("http://127.0.0.1:8123",))


def test_a_player_away_is_told_of_their_turn_through_their_push_service(tmp_path: Path) -> None:
    async def run() -> None:
        with push_service(gone=frozenset({"/gone"})) as (origin, posted):
            clock = ManualClock()
            async with tables_on(
                tmp_path / "m.db", clock, push_services=(origin,), push_contact="mailto:ops@example.org"
            ) as tables:
                pusher = tables.pusher
                ann, bea = await members(tables.store, "ann", "bea")
                browsers = {ann.id: Browser(origin + "/ann"), bea.id: Browser(origin + "/bea")}
                for user in (ann, bea):
                    keys = browsers[user.id].subscription()["keys"]
                    await pusher.subscribe(user, browsers[user.id].endpoint, keys["p256dh"], keys["auth"])
                table = await correspondence(tables, ann, bea, days=1)  # Ann deals: Bea leads the play
                game = table.game  # type: ignore[attr-defined]
                users = {0: ann, 1: bea}
                page = await tables.bus.subscribe(
                    player_channel(bea.id), lambda text: None
                )  # Bea's page is open
                for seat in (0, 1):  # both discard: Bea's turn, and her page tells her
                    await table.move(users[seat], str(game.legal_moves(seat)[0]), game.state_id)
                await clock.settle()
                await asyncio.gather(*pusher.sending)
                assert game.to_move == frozenset({1}) and posted == [], (
                    "a page was open, or no turn was Ann's"
                )
                await page.close()
                await table.move(bea, str(game.legal_moves(1)[0]), game.state_id)  # Ann's turn; she is away
                await clock.settle()
                await asyncio.gather(*pusher.sending)
                assert game.to_move == frozenset({0}) and [p.path for p in posted] == ["/ann"]
                message = posted[-1]
                told = messages.YourTurn.model_validate(browsers[ann.id].read(message.body))
                assert told.table_id == table.id and told.game == "cribbage"
                assert told.deadline == pytest.approx(clock.time() + DAY)
                assert message.headers["content-encoding"] == "aes128gcm"
                assert int(message.headers["ttl"]) == DAY  # kept until the turn's time is up
                claims = vapid_claims(message.headers["authorization"], await pusher.key())
                assert claims["aud"] == origin and claims["sub"] == "mailto:ops@example.org"
                assert b"cribbage" not in message.body  # only the browser reads it

                # a subscription the push service says is gone is forgotten
                gone = Browser(origin + "/gone")
                keys = gone.subscription()["keys"]
                await pusher.subscribe(ann, gone.endpoint, keys["p256dh"], keys["auth"])
                pusher.your_turn(ann.id, told)
                await asyncio.gather(*pusher.sending)
                assert [row.endpoint for row in await tables.store.pushes(ann.id)] == [origin + "/ann"]

    asyncio.run(run())


def test_subscriptions_are_checked_bounded_and_removed(tmp_path: Path) -> None:
    with push_service() as (origin, _), app_client(tmp_path, push_services=(origin,)) as client:
        key = client.get("/api/push").json()["key"]
        assert len(unb64(key)) == 65 and unb64(key)[0] == 4
        assert client.get("/api/push").json()["key"] == key  # kept
        me = guest(client, "Pia")
        for n in range(MOST_BROWSERS):
            ok = client.post("/api/me/push", json=Browser(f"{origin}/{n}").subscription(), headers=me)
            assert ok.status_code == 204, ok.text
        again = client.post("/api/me/push", json=Browser(f"{origin}/0").subscription(), headers=me)
        assert again.status_code == 204  # the same browser again: its keys replaced, no new one
        sixth = client.post("/api/me/push", json=Browser(f"{origin}/5").subscription(), headers=me)
        assert sixth.status_code == 400 and f"{MOST_BROWSERS} browsers" in sixth.json()["detail"]
        elsewhere = Browser("https://evil.example/collect").subscription()
        refused = client.post("/api/me/push", json=elsewhere, headers=me)
        assert (
            refused.status_code == 400
            and "https://evil.example is not a push service" in refused.json()["detail"]
        )
        bad = Browser(f"{origin}/x").subscription()
        for keys, named in (
            ({**bad["keys"], "p256dh": "A" * 20}, "p256dh key is 15 bytes"),
            ({**bad["keys"], "auth": "!!"}, "auth secret is not base64url"),
        ):
            reply = client.post("/api/me/push", json={**bad, "keys": keys}, headers=me)
            assert reply.status_code == 400 and named in reply.json()["detail"], reply.text
        assert client.post("/api/me/push", json=bad).status_code == 401  # signed in only
        gone = client.request("DELETE", "/api/me/push", json={"endpoint": f"{origin}/1"}, headers=me)
        assert gone.status_code == 204
        again_gone = client.request("DELETE", "/api/me/push", json={"endpoint": f"{origin}/1"}, headers=me)
        assert again_gone.status_code == 404
        other = guest(client, "Quin")
        theirs = client.request("DELETE", "/api/me/push", json={"endpoint": f"{origin}/2"}, headers=other)
        assert theirs.status_code == 404  # another player's browser is not theirs to remove


def test_a_bot_is_never_subscribed(tmp_path: Path) -> None:
    async def run() -> None:
        async with tables_on(tmp_path / "m.db", ManualClock()) as tables:
            bot = await tables.store.bot_user("cribbage", "random")
            browser = Browser("https://fcm.googleapis.com/fcm/send/x")
            keys = browser.subscription()["keys"]
            with pytest.raises(PushError, match="bots"):
                await tables.pusher.subscribe(bot, browser.endpoint, keys["p256dh"], keys["auth"])

    asyncio.run(run())

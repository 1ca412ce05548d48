"""Bot accounts (issue 61, item 2; docs/server.md, "Bot accounts"): a member without a rating turns
their account into one with its password; its sessions end and its tokens from then on are a
bot's, which do not expire and are for playing only; it is marked as a bot account everywhere a
player is shown; it never seeks or enters a tournament; its page shows its record."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fastapi.testclient import TestClient

from muggins.server.app import create_app
from muggins.server.settings import Settings
from muggins.server.store import SqlStore
from muggins.server.store import schema as s
from tests.server.accounts.test_sessions import AheadClock
from tests.server.app_client import app_client
from tests.server.people import finished_games

PASSWORD = "a long secret"


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _register(client: TestClient, name: str) -> str:
    token: str = client.post("/api/register", json={"name": name, "password": PASSWORD}).json()["token"]
    return token


def _make_bot(client: TestClient, token: str, password: str = PASSWORD) -> tuple[int, dict[str, object]]:
    reply = client.post("/api/me/bot", json={"password": password}, headers=_bearer(token))
    answer: dict[str, object] = reply.json()
    return reply.status_code, answer


def test_a_member_makes_a_bot_account_and_their_sessions_end(tmp_path: Path) -> None:
    clock = AheadClock()
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}", session_days=1)
    with TestClient(create_app(settings, clock=clock)) as client:
        member = _register(client, "Robo")
        status, answer = _make_bot(client, member, "not the password")
        assert status == 400 and "password is wrong" in str(answer["detail"])
        assert client.get("/api/me", headers=_bearer(member)).json()["kind"] == "member"  # nothing changed
        status, answer = _make_bot(client, member)
        assert status == 200 and answer["user"] == {**answer["user"], "kind": "bot_account"}  # type: ignore[dict-item]
        bot = str(answer["token"])
        assert client.get("/api/me", headers=_bearer(member)).status_code == 401  # the member's session ended
        assert client.get("/api/me", headers=_bearer(bot)).json()["kind"] == "bot_account"
        clock.ahead = 10 * 86_400  # a bot's token outlives any session
        assert client.get("/api/me", headers=_bearer(bot)).status_code == 200
        again = client.post("/api/login", json={"name": "robo", "password": PASSWORD}).json()
        assert again["user"]["kind"] == "bot_account" and again["token"] != bot
        assert client.post("/api/logout", headers=_bearer(bot)).status_code == 204  # revokes them all
        for token in (bot, again["token"]):
            assert client.get("/api/me", headers=_bearer(token)).status_code == 401


def test_only_a_member_without_a_rating_becomes_a_bot_account(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        guest = client.post("/api/guest", json={"name": "Gus"}).json()["token"]
        status, answer = _make_bot(client, guest)
        assert status == 400 and "registered player" in str(answer["detail"])
        rated = _register(client, "Rae")
        rae = client.get("/api/me", headers=_bearer(rated)).json()
        store: SqlStore = client.app.state.store  # type: ignore[attr-defined]
        with store.engine.begin() as c:
            c.execute(
                s.ratings.insert().values(
                    user_id=rae["id"], game="cribbage", seats=2, mu=25, sigma=8, games=1
                )
            )
        status, answer = _make_bot(client, rated)
        assert status == 400 and "rated games as a person" in str(answer["detail"])
        assert client.get("/api/me", headers=_bearer(rated)).json()["kind"] == "member"
        status, answer = _make_bot(client, str(_make_bot(client, _register(client, "Twice"))[1]["token"]))
        assert status == 400  # a bot account is not made twice
        assert client.post("/api/me/bot", json={"password": PASSWORD}).status_code == 401  # nobody


def test_a_bot_accounts_token_is_for_playing(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        bot = str(_make_bot(client, _register(client, "Robo"))[1]["token"])
        changed = client.post(
            "/api/password",
            json={"old_password": PASSWORD, "new_password": "another secret"},
            headers=_bearer(bot),
        )
        assert changed.status_code == 400 and "for playing" in changed.json()["detail"]
        pushed = client.post(
            "/api/me/push",
            json={"endpoint": "https://fcm.googleapis.com/x", "keys": {"p256dh": "x", "auth": "y"}},
            headers=_bearer(bot),
        )
        assert pushed.status_code == 400 and "not told of their turns" in pushed.json()["detail"]
        with client.websocket_connect("/ws") as ws:  # it plays: the protocol greets it as the bot account
            ws.send_json({"type": "hello", "token": bot})
            welcome = ws.receive_json()
            assert welcome["type"] == "welcome" and welcome["user"]["kind"] == "bot_account"
            ws.send_json({"type": "seek", "game": "cribbage", "rated": False})
            refused = ws.receive_json()
            assert refused["type"] == "error" and "plays by challenge" in refused["reason"]
        table = client.post(
            "/api/tables",
            json={"game": "cribbage", "players": 2, "seat": 0, "bots": {"1": "random"}},
            headers=_bearer(bot),
        )
        assert table.status_code == 201  # it may play the server's bots at a table of its own


def test_a_bot_account_is_marked_and_its_page_shows_its_record(tmp_path: Path) -> None:
    (robo,) = asyncio.run(finished_games(tmp_path / "m.db", players=1, each=3))  # in both seats of each

    async def make_bot() -> None:
        store = SqlStore(f"sqlite:///{tmp_path / 'm.db'}")
        await store.start()
        assert (await store.make_bot_account(robo)) is not None
        with store.engine.begin() as c:
            c.execute(
                s.ratings.insert().values(user_id=robo, game="cribbage", seats=2, mu=25, sigma=8, games=3)
            )
        assert (await store.make_bot_account(robo)) is None  # once
        await store.close()

    asyncio.run(make_bot())
    with app_client(tmp_path) as client:
        page = client.get(f"/api/players/{robo}").json()
        assert page["user"]["kind"] == "bot_account"
        assert page["record"] == {"games": 6, "won": 3}  # one seat of each game won
        board = client.get("/api/leaderboard", params={"game": "cribbage"}).json()["leaders"]
        assert [(row["user"]["id"], row["user"]["kind"]) for row in board] == [(robo, "bot_account")]
        fresh = _register(client, "Newbie")
        page = client.get(f"/api/players/{client.get('/api/me', headers=_bearer(fresh)).json()['id']}").json()
        assert page["record"] == {"games": 0, "won": 0}

"""Issue 17: a name is one player's (two guests never share one), a guest who registers keeps their
games, and a player's table settings are kept on their account, bounded in size."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from muggins.server.app import create_app
from muggins.server.settings import Settings
from tests.server.live_server import Server


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}")))


def _bearer(reply: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {reply['token']}"}


def test_a_second_guest_under_a_name_gets_the_next_number(client: TestClient) -> None:
    with client:
        first = client.post("/api/guest", json={"name": "Eve"}).json()
        second = client.post("/api/guest", json={"name": " eve "}).json()
        assert (first["user"]["name"], second["user"]["name"]) == ("Eve", "eve 2")
        with client.websocket_connect("/ws") as ws:  # a guest named in hello is numbered alike
            ws.send_json({"type": "hello", "name": "EVE"})
            assert ws.receive_json()["user"]["name"] == "EVE 3"


def test_names_ending_in_bot_are_the_bots(client: TestClient) -> None:
    with client:
        reply = client.post("/api/guest", json={"name": "Expert bot"})
        assert reply.status_code == 400 and "computer players'" in reply.json()["detail"]
        assert client.post("/api/guest", json={"name": "Abbot"}).status_code == 200


def test_a_guest_who_registers_becomes_the_member_and_keeps_their_games(client: TestClient) -> None:
    with client:
        guest = client.post("/api/guest", json={"name": "Ann"}).json()
        table = client.post(
            "/api/tables", json={"game": "cribbage", "players": 2, "seat": 0}, headers=_bearer(guest)
        )
        assert table.status_code == 201
        other = client.post("/api/register", json={"name": "ANN", "password": "long enough"})
        assert other.status_code == 400 and "taken" in other.json()["detail"]
        member = client.post(
            "/api/register", json={"name": "Ann", "password": "long enough"}, headers=_bearer(guest)
        )
        assert member.status_code == 200, member.text
        assert member.json()["user"] == {"id": guest["user"]["id"], "name": "Ann", "kind": "member"}
        mine = client.get("/api/me/tables", headers=_bearer(member.json())).json()
        assert [t["id"] for t in mine] == [table.json()["id"]]
        login = client.post("/api/login", json={"name": "ann", "password": "long enough"})
        assert login.json()["user"]["id"] == guest["user"]["id"]


def test_a_guest_who_registers_under_another_name_is_seen_so_at_their_table(client: TestClient) -> None:
    """The table went on showing "Eve (guest)" to everyone after Eve registered as Evelyn."""
    with client:
        guest = client.post("/api/guest", json={"name": "Eve"}).json()
        body = {"game": "cribbage", "players": 2, "seat": 0}
        table = client.post("/api/tables", json=body, headers=_bearer(guest)).json()["id"]
        with client.websocket_connect("/ws") as watcher:
            watcher.send_json({"type": "hello", "name": "watcher"})
            watcher.receive_json()
            watcher.send_json({"type": "join", "table_id": table})
            assert watcher.receive_json()["type"] == "table_state"
            member = client.post(
                "/api/register", json={"name": "Evelyn", "password": "long enough"}, headers=_bearer(guest)
            )
            assert member.status_code == 200
            update = watcher.receive_json()
            assert update["type"] == "table_update"
            assert update["table"]["seats"][0]["user"] == {
                "id": guest["user"]["id"],
                "name": "Evelyn",
                "kind": "member",
            }
        seat = client.get(f"/api/tables/{table}").json()["seats"][0]
        assert seat["user"]["name"] == "Evelyn" and seat["user"]["kind"] == "member"


def test_settings_follow_the_account(client: TestClient) -> None:
    with client:
        member = client.post("/api/register", json={"name": "Cy", "password": "long enough"}).json()
        assert client.get("/api/me/settings", headers=_bearer(member)).json() == {"settings": {}}
        saved = {"cardSize": "large", "showSpeed": "skip"}
        reply = client.put("/api/me/settings", json={"settings": saved}, headers=_bearer(member))
        assert reply.status_code == 200 and reply.json() == {"settings": saved}
        again = client.post("/api/login", json={"name": "Cy", "password": "long enough"}).json()
        assert client.get("/api/me/settings", headers=_bearer(again)).json() == {"settings": saved}
        assert client.get("/api/me/settings").status_code == 401


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({f"s{n}": "x" for n in range(33)}, "at most 32"),
        ({"card size": "large"}, "pattern"),
        ({"cardSize": "x" * 33}, "at most 32 characters"),
        ({"cardSize": 3}, "valid string"),
    ],
)
def test_bad_settings_are_refused_and_change_nothing(
    client: TestClient, settings: dict[str, object], named: str
) -> None:
    with client:
        member = client.post("/api/register", json={"name": "Di", "password": "long enough"}).json()
        client.put("/api/me/settings", json={"settings": {"sound": "on"}}, headers=_bearer(member))
        reply = client.put("/api/me/settings", json={"settings": settings}, headers=_bearer(member))
        assert reply.status_code == 422 and named in reply.text
        assert client.get("/api/me/settings", headers=_bearer(member)).json() == {"settings": {"sound": "on"}}


@pytest.mark.parametrize(
    ("asked", "refusal"),
    [
        ("admin", "reserved"),
        ("MUGGINS", "reserved"),
        ("\u0410lice", "one script, not cyrillic and latin"),  # a Cyrillic capital A
        ("\u03a1aul", "one script, not greek and latin"),  # a Greek capital Rho
        ("bot", "computer players'"),
        ("Expert b0t", "computer players'"),
        ("Expert-Bot", "computer players'"),  # issue 57, item 5: separators and punctuation aside
        ("Expert bot.", "computer players'"),
        ("expert bot 2", "computer players'"),  # as the table shows a bot in seat 2
        ("ExpertBot", "computer players'"),
        ("\u0430dmin", "reserved"),  # a Cyrillic small a
    ],
)
def test_names_that_pass_for_others_are_refused(client: TestClient, asked: str, refusal: str) -> None:
    """Issue 33, item 7: guests took "admin" and "expert bot"; members took mixed-script look-alikes."""
    with client:
        for path, body in (
            ("/api/guest", {"name": asked}),
            ("/api/register", {"name": asked, "password": "long enough"}),
        ):
            reply = client.post(path, json=body)
            assert reply.status_code == 400 and refusal in reply.json()["detail"], (path, reply.text)


def test_a_fullwidth_name_is_the_same_name(client: TestClient) -> None:
    with client:
        client.post("/api/register", json={"name": "Alice", "password": "long enough"})
        given = client.post("/api/guest", json={"name": "\uff21lice"}).json()["user"]["name"]
        assert given == "Alice 2"  # "Ａlice" is "Alice": a numbered form, not a look-alike
        for fine in (
            "\u0416\u0435\u043d\u044f",
            "\u6f22\u5b57\u3072\u3089\u304c\u306a",
            "Zo\u00eb",
        ):  # Женя, 漢字ひらがな, Zoë
            assert client.post("/api/guest", json={"name": fine}).status_code == 200, fine


def test_a_name_that_looks_like_a_held_one_is_that_name(client: TestClient) -> None:
    """Issue 33, item 7: whole-script look-alikes (all-Cyrillic "рор" for "pop"), digits for
    letters ("0live") and letter pairs ("Vem" for "Vern") are the held name: a member may not
    register them, a guest plays as its numbered form."""
    with client:
        for held, alike in (("pop", "\u0440\u043e\u0440"), ("Olive", "0live"), ("Vern", "Vem")):
            assert (
                client.post("/api/register", json={"name": held, "password": "long enough"}).status_code
                == 200
            )
            taken = client.post("/api/register", json={"name": alike, "password": "long enough"})
            assert taken.status_code == 400 and "is taken" in taken.json()["detail"], alike
            assert client.post("/api/guest", json={"name": alike}).json()["user"]["name"] == f"{alike} 2"
        # logging in is by the name as registered (case aside), not by a look-alike of it
        assert client.post("/api/login", json={"name": "POP", "password": "long enough"}).status_code == 200
        wrong = client.post("/api/login", json={"name": "\u0440\u043e\u0440", "password": "long enough"})
        assert wrong.status_code == 401


@pytest.mark.parametrize(("held", "alike"), [("Alice", "AIice"), ("AIice", "Alice"), ("Bill", "BiII")])
def test_a_name_alike_as_typed_is_taken(server: Server, held: str, alike: str) -> None:
    """Issue 57, item 5: "AIice" (a capital I) registered beside "Alice", because the name was
    folded to lower case before its skeleton, and an i is no l. Both keys are compared now, either
    way round; a guest asking for the look-alike plays under its numbered form."""
    account = {"password": "long enough"}
    assert httpx.post(server.url + "/api/register", json={**account, "name": held}).status_code == 200
    refused = httpx.post(server.url + "/api/register", json={**account, "name": alike})
    assert refused.status_code == 400 and "taken" in refused.json()["detail"]
    given = httpx.post(server.url + "/api/guest", json={"name": alike}).json()["user"]["name"]
    assert given == f"{alike} 2"
    assert httpx.post(server.url + "/api/guest", json={"name": "Alicia"}).status_code == 200

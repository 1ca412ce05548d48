"""Your games (issue 17, item 2): ``GET /api/me/tables`` lists the tables where you hold a seat that
are waiting or playing, private ones included, newest first; nobody else's, and none finished."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from muggins.server.app import create_app
from muggins.server.settings import Settings


def test_your_games_are_the_unfinished_tables_you_sit_at(tmp_path: Path) -> None:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}"))
    with TestClient(app) as client:

        def token(name: str) -> dict[str, str]:
            reply = client.post("/api/guest", json={"name": name}).json()
            return {"Authorization": f"Bearer {reply['token']}"}

        ann, bob = token("ann"), token("bob")

        def create(who: dict[str, str], **body: object) -> str:
            reply = client.post("/api/tables", json={"game": "cribbage", "players": 2, **body}, headers=who)
            assert reply.status_code == 201, reply.text
            return str(reply.json()["id"])

        waiting = create(ann, seat=0)
        private = create(ann, seat=1, private=True, bots={0: "random"})
        watched = create(ann, seat=None, bots={0: "random", 1: "random"})
        bobs = create(bob, seat=0)

        mine = client.get("/api/me/tables", headers=ann).json()
        assert [t["id"] for t in mine] == [private, waiting]
        assert [t["status"] for t in mine] == ["playing", "waiting"]
        assert mine[0]["private"] and mine[0]["seats"][0]["bot"] == "random"
        assert mine[0]["seats"][1]["user"]["name"] == "ann"
        assert [t["id"] for t in client.get("/api/me/tables", headers=bob).json()] == [bobs]
        assert watched not in {t["id"] for t in mine}  # watching is not holding a seat
        assert client.get("/api/me/tables").status_code == 401

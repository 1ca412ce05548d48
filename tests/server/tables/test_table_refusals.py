"""A table's refusals over HTTP come from one handler, by the kind of refusal: its status, its
reason as ``detail`` and the same ``code`` the WebSocket's ``error`` carries."""

from __future__ import annotations

from pathlib import Path

from tests.server.app_client import app_client, guest

TABLE = {"game": "cribbage", "players": 2, "seat": 0, "bots": {1: "random"}}


def test_each_kind_of_refusal_has_its_status_and_code(tmp_path: Path) -> None:
    with app_client(tmp_path, hints_per_minute=1) as client:
        ann, bob = guest(client, "ann"), guest(client, "bob")

        bad = client.post("/api/tables", json={**TABLE, "options": {"target": 100_000}}, headers=ann)
        assert bad.status_code == 400 and bad.json()["code"] == "refused" and "target" in bad.json()["detail"]
        no_bot = client.post("/api/tables", json={**TABLE, "bots": {1: "nobody"}}, headers=ann)
        assert no_bot.status_code == 400 and "no bot 'nobody' for cribbage" in no_bot.json()["detail"]
        assert client.get("/api/tables").json() == []  # nothing was made

        for path in ("/api/tables/nosuch", "/api/tables/nosuch/hint"):
            missing = client.get(path, headers=ann)
            assert missing.status_code == 404, path
            assert missing.json() == {"detail": "there is no table 'nosuch'", "code": "no_table"}

        table = client.post("/api/tables", json=TABLE, headers=ann).json()["id"]
        not_seated = client.get(f"/api/tables/{table}/hint", headers=bob)
        assert not_seated.status_code == 409 and not_seated.json()["code"] == "refused"
        assert "retry-after" not in not_seated.headers

        assert client.get(f"/api/tables/{table}/hint", headers=ann).status_code == 200
        spent = client.get(f"/api/tables/{table}/hint", headers=ann)
        assert spent.status_code == 429 and spent.json()["code"] == "too_many"
        assert spent.headers["retry-after"] == "60"

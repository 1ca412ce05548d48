"""A private table stays private after its game: its games are listed and replayed only for their
players, or by the table's id, which is the invitation (issue 18, item 9: a finished private game's
table id was listed in the anonymous history, and anyone could then join and watch the rematch)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from fastapi.testclient import TestClient

from muggins.server.app import create_app
from muggins.server.settings import Settings
from tests.server.tables.test_finish import process, short_game


async def play_private_game(db: Path) -> tuple[str, int, int]:
    """Ann and Bob play a short game at a private table; returns its table id, game id and Ann's id."""
    async with process(db) as tables:
        table, users = await short_game(tables, private=True)
        assert table.game_id is not None
        return table.id, table.game_id, users[0].id


def test_private_games_are_shown_only_to_their_players_or_by_invitation(tmp_path: Path) -> None:
    table_id, game_id, ann_id = asyncio.run(play_private_game(tmp_path / "m.db"))
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}"))
    with TestClient(app) as client:
        assert client.get("/api/history").json() == []
        assert client.get("/api/history", params={"user": ann_id}).json() == []
        assert client.get(f"/api/history/{game_id}").status_code == 404
        assert client.get(f"/api/history/{game_id}/view", params={"ply": 0}).status_code == 404
        # The table's id is the invitation: who has it may see the table's games.
        assert [g["id"] for g in client.get("/api/history", params={"table": table_id}).json()] == [game_id]
        # A stranger's token does not help; a player's does.
        eve = client.post("/api/guest", json={"name": "eve"}).json()["token"]
        stranger = {"Authorization": f"Bearer {eve}"}
        assert client.get("/api/history", headers=stranger).json() == []
        assert client.get(f"/api/history/{game_id}", headers=stranger).status_code == 404
        ann = asyncio.run(client.app.state.store.user(ann_id))  # type: ignore[attr-defined]
        player = {"Authorization": f"Bearer {asyncio.run(client.app.state.auth.token(ann))}"}  # type: ignore[attr-defined]
        assert [g["id"] for g in client.get("/api/history", headers=player).json()] == [game_id]
        assert client.get(f"/api/history/{game_id}", headers=player).json()["record"]["game"] == "cribbage"


def test_a_reviewed_private_game_stays_out_of_the_trainer_and_player_pages(tmp_path: Path) -> None:
    """Issue 33, item 4: the pegging trainer served a reviewed private game's hands to anyone, and
    a player's page listed a private table's id (its invitation) to anyone."""
    table_id, game_id, ann_id = asyncio.run(play_private_game(tmp_path / "m.db"))
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'm.db'}"))
    with TestClient(app) as client:
        ann = asyncio.run(client.app.state.store.user(ann_id))  # type: ignore[attr-defined]
        player = {"Authorization": f"Bearer {asyncio.run(client.app.state.auth.token(ann))}"}  # type: ignore[attr-defined]
        url = f"/api/history/{game_id}/review"
        assert client.post(url, headers=player).json()["state"] in ("running", "done")
        deadline = time.monotonic() + 60
        reply = client.get(url, headers=player).json()
        while reply["state"] != "done" and time.monotonic() < deadline:
            time.sleep(0.1)
            reply = client.get(url, headers=player).json()
        plays = [d for s in reply["review"]["seats"] for d in s["decisions"] if d["kind"] == "play"]
        assert plays  # the game has pegging positions a trainer could serve

        eve = client.post("/api/guest", json={"name": "eve"}).json()["token"]
        stranger = {"Authorization": f"Bearer {eve}"}
        assert client.get("/api/trainer/pegging").status_code == 404  # no public reviewed game
        card = plays[0]["chose"].removeprefix("play ")
        graded = client.post(
            "/api/trainer/pegging",
            json={"game_id": game_id, "move": plays[0]["move"], "card": card},
            headers=stranger,
        )
        assert graded.status_code == 404 and "no reviewed play" in graded.text

        for who in ({}, stranger):
            page = client.get(f"/api/players/{ann_id}", headers=who).json()
            assert page["results"] == [] and page["accuracy"] == []
            assert table_id not in str(page)
        own = client.get(f"/api/players/{ann_id}", headers=player).json()
        assert [r["table_id"] for r in own["results"]] == [table_id]
        assert [a["game_id"] for a in own["accuracy"]] == [game_id]

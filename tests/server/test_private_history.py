"""A private table stays private after its game: its games are listed and replayed only for their
players, or by the table's id, which is the invitation (issue 18, item 9: a finished private game's
table id was listed in the anonymous history, and anyone could then join and watch the rematch)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fastapi.testclient import TestClient
from test_finish import process, short_game

from muggins.server.app import create_app
from muggins.server.settings import Settings


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
        player = {"Authorization": f"Bearer {client.app.state.auth.token(ann)}"}  # type: ignore[attr-defined]
        assert [g["id"] for g in client.get("/api/history", headers=player).json()] == [game_id]
        assert client.get(f"/api/history/{game_id}", headers=player).json()["record"]["game"] == "cribbage"

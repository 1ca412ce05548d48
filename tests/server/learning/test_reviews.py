"""Reviews on the server: made in the background for finished games only, stored and given again at
once, bounded per player, shown as accuracy on the player page."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from muggins import new_game
from muggins.bots.registry import make_bot
from muggins.server.learning import reviews
from muggins.server.learning.reviews import PER_USER, RefusedReviewError, Reviewer
from muggins.server.store import GameRow, MoveRow, SqlStore, TableRow
from tests.server.live_server import Client, Server


def bot_record(seed: int, game: str = "cribbage") -> dict[str, Any]:
    played = new_game(game, players=2, seed=seed)
    bots = [make_bot(game, "random" if game != "cribbage" else "greedy", seed + seat) for seat in range(2)]
    while not played.is_over:
        seat = min(played.to_move)
        played.apply(seat, bots[seat].choose(played.view(seat)))
    return played.record()


async def stored_game(
    store: SqlStore, user_id: int, record: dict[str, Any], *, finish: bool = True
) -> GameRow:
    """``record`` kept in ``store`` as a game at a new table (finished unless ``finish`` is False)."""
    table_id = f"t{time.monotonic_ns()}"
    await store.create_table(
        TableRow(table_id, record["game"], 2, {}, 20, 60, 30, True, False, "waiting", user_id, 0.0, {})
    )
    header = {k: v for k, v in record.items() if k != "moves"}
    game_id = await store.start_game(table_id, 1, header, [user_id, user_id])
    for ply, (seat, text) in enumerate(record["moves"]):
        await store.append_move(game_id, MoveRow(ply, seat, text, "player", float(ply)))
    if finish:
        await store.finish_game(game_id, {"ranks": [1, 2], "scores": [121, 100]}, [])
    row = await store.game(game_id)
    assert row is not None
    return row


def test_a_review_is_made_once_stored_and_bounded_per_player(tmp_path: Path) -> None:
    async def run() -> None:
        store = SqlStore(f"sqlite:///{tmp_path / 'store.db'}")
        await store.start()
        ann = await store.create_user("ann", "guest")
        reviewer = Reviewer(store)
        games = [await stored_game(store, ann.id, bot_record(seed)) for seed in range(PER_USER + 1)]
        first = games[0]
        assert (await reviewer.status(first.id)).state == "none"
        started = [await reviewer.start(row, ann.id) for row in games[:PER_USER]]
        assert {s.state for s in started} == {"running"}
        with pytest.raises(RefusedReviewError, match=f"{PER_USER} reviews under way"):
            await reviewer.start(games[PER_USER], ann.id)
        await asyncio.gather(*reviewer.tasks)
        done = await reviewer.status(first.id)
        assert done.state == "done" and done.review is not None
        assert [s["seat"] for s in done.review["seats"]] == [0, 1]
        again = await reviewer.start(first, ann.id)
        assert again == done and not reviewer.jobs  # stored: given at once, nothing made again
        accuracy = await store.accuracies(ann.id)
        # ann sat in both seats: her accuracy in each, newest game first
        assert [(a.game_id, a.seat) for a in accuracy] == [
            (g.id, seat) for g in reversed(games[:PER_USER]) for seat in (0, 1)
        ]

        unfinished = await stored_game(store, ann.id, bot_record(9), finish=False)
        with pytest.raises(RefusedReviewError, match="not finished"):
            await reviewer.start(unfinished, ann.id)
        chess = await stored_game(store, ann.id, {**bot_record(3), "game": "chess"})
        with pytest.raises(RefusedReviewError, match="chess games are not reviewed: there is no review"):
            await reviewer.start(chess, ann.id)
        await store.close()

    asyncio.run(run())


def test_review_over_http_of_a_bot_game(server: Server) -> None:
    token, _ = server.guest("ann")
    table = server.create_table(
        token, game="cribbage", players=2, seat=None, bots={"0": "expert", "1": "greedy"}
    )

    async def watch() -> None:  # a table of bots alone plays while somebody watches it
        ann = await Client.open(server.ws_url, token=token)
        await ann.send(type="join", table_id=table["id"])
        await ann.expect(lambda m: bool((m.get("view") or {}).get("result")), timeout=60)
        await ann.close()

    asyncio.run(watch())
    deadline = time.monotonic() + 60
    info = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
    while info["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.2)
        info = httpx.get(f"{server.url}/api/tables/{table['id']}").json()
    game_id = info["game_id"]
    url = f"{server.url}/api/history/{game_id}/review"
    pegging = f"{server.url}/api/trainer/pegging"
    assert httpx.get(pegging).status_code == 404  # no reviewed game yet
    assert httpx.get(url).json()["state"] == "none"
    assert httpx.post(url).status_code == 401
    headers = {"Authorization": f"Bearer {token}"}
    assert httpx.post(url, headers=headers).json()["state"] in ("running", "done")
    reply = httpx.get(url).json()
    while reply["state"] != "done" and time.monotonic() < deadline:
        time.sleep(0.1)
        reply = httpx.get(url).json()
    review = reply["review"]
    assert reply["progress"] == 1.0 and review["game"] == "cribbage"
    assert httpx.post(url, headers=headers).json() == reply
    players = httpx.get(f"{server.url}/api/history/{game_id}").json()["game"]["players"]
    page = httpx.get(f"{server.url}/api/players/{players[1]['id']}").json()
    assert page["accuracy"] == [
        {
            "game_id": game_id,
            "game": "cribbage",
            "seat": 1,
            "accuracy": review["seats"][1]["accuracy"],
            "finished_at": page["results"][0]["finished_at"],
        }
    ]
    assert httpx.get(f"{server.url}/api/history/{game_id + 1}/review").status_code == 404

    # the pegging trainer draws its positions from the reviewed game's plays
    position = httpx.get(pegging).json()
    assert position["game_id"] == game_id
    assert set(position["choices"]) <= set(position["hand"])
    decision = next(d for s in review["seats"] for d in s["decisions"] if d["move"] == position["move"])
    assert decision["kind"] == "play" and position["seat"] in (0, 1)
    best = max(decision["choices"], key=decision["choices"].__getitem__).removeprefix("play ")
    graded = httpx.post(
        pegging, json={"game_id": game_id, "move": position["move"], "card": best}, headers=headers
    ).json()
    assert graded["label"] == "best" and graded["streak"] == {"current": 1, "best": 1}
    stranger = next(c for c in ("AS", "2S", "3S", "4S", "5S", "6S") if c not in position["choices"])
    refused = httpx.post(
        pegging, json={"game_id": game_id, "move": position["move"], "card": stranger}, headers=headers
    )
    assert refused.status_code == 400 and stranger in refused.text
    nothing = httpx.post(pegging, json={"game_id": game_id, "move": 10_000, "card": best}, headers=headers)
    assert nothing.status_code == 404


def test_a_slow_review_is_made_in_the_worker_one_at_a_time_and_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Skalborg review (seconds of sampled equities) is made in the worker process, not on this
    process's threads; the slow reviews waiting for it are bounded in number."""
    monkeypatch.setattr(reviews, "SLOW_UNDER_WAY", 2)

    async def run() -> None:
        store = SqlStore(f"sqlite:///{tmp_path / 'store.db'}")
        await store.start()
        ann = await store.create_user("ann", "guest")
        reviewer = Reviewer(store)
        try:
            games = [await stored_game(store, ann.id, bot_record(seed, "skalborg")) for seed in (3, 4, 5)]
            first, second = [await reviewer.start(row, ann.id) for row in games[:2]]
            assert first.state == second.state == "running"
            with pytest.raises(RefusedReviewError, match="2 long reviews are under way"):
                await reviewer.start(games[2], ann.id)
            assert not reviewer.slots.locked(), "a slow review took a quick one's thread"
            await asyncio.gather(*reviewer.tasks)
            for row in games[:2]:
                done = await reviewer.status(row.id)
                assert done.state == "done" and done.review is not None
                assert done.review["game"] == "skalborg" and done.review["kinds"] == ["discard", "bet"]
            assert reviewer.worker is not None  # made there
            assert (await reviewer.start(games[2], ann.id)).state == "running"  # room again
            await asyncio.gather(*reviewer.tasks)
            assert (await reviewer.status(games[2].id)).state == "done"
        finally:
            reviewer.close()
            await store.close()

    asyncio.run(run())

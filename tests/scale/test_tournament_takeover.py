"""A tournament on a cluster survives its runner: the process running a Swiss tournament is killed
mid-round; another process takes it over once the runner has been silent for 10 s, scores the
round its tables finish, pairs the next and ends it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import httpx

from tests.scale.cluster_live import Node
from tests.server.live_server import Client, Message


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def state_of(table_id: str) -> Callable[[Message], bool]:
    return lambda m: m["type"] == "table_state" and m["table_id"] == table_id


def test_another_process_runs_the_tournament_on_after_its_runner_dies(
    cluster: Callable[..., list[Node]],
) -> None:
    (a,) = cluster(1)
    people = [a.member(name) for name in ("Ann", "Bea", "Cal", "Dee")]
    body = {"name": "Relay", "game": "cribbage", "rounds": 2, "starts_in": 600, "rated": False}
    tid = httpx.post(a.url + "/api/tournaments", json=body, headers=bearer(people[0][0])).json()["id"]
    for token, _ in people:
        assert httpx.post(f"{a.url}/api/tournaments/{tid}/entry", headers=bearer(token)).status_code == 200

    async def play_round(node: Node, number: int) -> None:
        """Everyone connects to ``node``, finds their table of round ``number`` and the second
        seat resigns."""
        tables: set[str] = set()
        deadline = time.monotonic() + 40
        while len(tables) < 2:
            assert time.monotonic() < deadline, "the round was not paired"
            games = httpx.get(f"{node.url}/api/tournaments/{tid}", params={"round": number}).json()["games"]
            tables = {g["table_id"] for g in games if g["table_id"]}
            await asyncio.sleep(0.3)
        for token, _ in people:
            client = await Client.open(node.ws_url, token=token)
            for table_id in tables:
                await client.send(type="join", table_id=table_id)
                state = await client.expect(state_of(table_id), timeout=20)
                if state["seat"] == 1:
                    await client.send(
                        type="move", table_id=table_id, text="resign", state_id=state["view"]["state_id"]
                    )
            await client.close()

    assert httpx.post(f"{a.url}/api/tournaments/{tid}/start", headers=bearer(people[0][0])).status_code == 200
    asyncio.run(play_round(a, 1))  # round 1 played on the only process, which runs the tournament
    deadline = time.monotonic() + 20
    while httpx.get(f"{a.url}/api/tournaments/{tid}").json()["round"] < 2:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    (b,) = cluster(1)
    a.kill()  # the runner dies with round 2 paired
    asyncio.run(play_round(b, 2))
    deadline = time.monotonic() + 40
    while (info := httpx.get(f"{b.url}/api/tournaments/{tid}").json())["status"] != "finished":
        assert time.monotonic() < deadline, "nobody took the tournament over"
        time.sleep(0.3)
    assert sorted(s["points"] for s in info["standings"]) == [0, 1, 1, 2]

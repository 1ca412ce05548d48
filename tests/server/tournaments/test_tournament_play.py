"""A Swiss tournament through the server (docs/server.md, "Tournaments"): a member makes it,
players enter, it starts at its time, each round's players are told ``paired`` and play, the next
round pairs the winners together, and the last ends it with standings that add up; a watcher is
told each change. Bad requests are refused with reasons."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx

from tests.server.live_server import Client, Message, Server


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def resign_when_paired(client: Client, after: int) -> Message:
    """Wait for the next ``paired`` and, in the last seat, resign it at once."""
    paired = await client.expect(lambda m: m["type"] == "paired", timeout=20, after=after)
    table = paired["table"]
    await client.send(type="join", table_id=table["id"])
    state = await client.expect(lambda m: m["type"] == "table_state" and m["table_id"] == table["id"])
    if state["seat"] == len(table["seats"]) - 1:
        await client.send(
            type="move", table_id=table["id"], text="resign", state_id=state["view"]["state_id"]
        )
    return paired


def test_a_swiss_tournament_from_entries_to_standings(server: Server) -> None:
    people = {name: server.member(name) for name in ("Ann", "Bea", "Cal", "Dee")}
    ann_token = people["Ann"][0]
    body: dict[str, Any] = {
        "name": "Friday night",
        "game": "cribbage",
        "rounds": 2,
        "starts_in": 3,
        "rated": False,
    }
    made = httpx.post(server.url + "/api/tournaments", json=body, headers=bearer(ann_token))
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    assert made.json()["status"] == "upcoming" and made.json()["entrants"] == 0
    for token, _ in people.values():
        entered = httpx.post(f"{server.url}/api/tournaments/{tid}/entry", headers=bearer(token))
        assert entered.status_code == 200, entered.text
    assert httpx.get(f"{server.url}/api/tournaments/{tid}").json()["entrants"] == 4

    async def run() -> None:
        clients = {name: await Client.open(server.ws_url, token=token) for name, (token, _) in people.items()}
        watcher = await Client.open(server.ws_url, name="Watcher")
        await watcher.send(type="watch_tournament", tournament_id=tid)
        first = await watcher.expect(lambda m: m["type"] == "tournament_update")
        assert first["tournament"]["status"] == "upcoming"
        seen = dict.fromkeys(clients, 0)
        winners: set[int] = set()
        for number in (1, 2):
            paired = await asyncio.gather(*(resign_when_paired(c, seen[n]) for n, c in clients.items()))
            for name, client in clients.items():
                seen[name] = len(client.received)
            tables = {p["table"]["id"]: p["table"] for p in paired}
            assert len(tables) == 2
            if number == 2:  # the two who won round 1 meet, and the two who lost
                for table in tables.values():
                    ids = {s["user"]["id"] for s in table["seats"]}
                    assert ids == winners or not ids & winners
            await watcher.expect(  # the round scored: the next paired, or the end
                lambda m: (
                    m["type"] == "tournament_update"
                    and (m["tournament"]["round"] > number or m["tournament"]["status"] == "finished")
                ),
                timeout=20,
            )
            games = httpx.get(f"{server.url}/api/tournaments/{tid}", params={"round": number}).json()["games"]
            assert {g["round"] for g in games} == {number} and len(games) == 2
            assert all(g["points"] == [1.0, 0.0] for g in games)  # the second seat resigned
            winners = {g["players"][0]["id"] for g in games}
        final = await watcher.expect(
            lambda m: m["type"] == "tournament_update" and m["tournament"]["status"] == "finished", timeout=20
        )
        standings = final["tournament"]["standings"]
        assert [s["points"] for s in standings] == sorted((s["points"] for s in standings), reverse=True)
        assert sum(s["points"] for s in standings) == 4  # four games, a point each
        assert standings[0]["points"] == 2 and standings[-1]["points"] == 0
        assert all(s["games"] == 2 for s in standings)
        listed = httpx.get(server.url + "/api/tournaments").json()
        assert tid in {t["id"] for t in listed}

    asyncio.run(run())


def test_a_swiss_of_four_seat_tables_with_a_bye_each_round(server: Server) -> None:
    """Five members, Cribist (four seats, each for themselves), two rounds: each round one table
    and one bye (never the same player's twice); at each table the last seat resigns, which ends a
    Cribist game, and the three left share the first three places (2/3 of a point each)."""
    people = {name: server.member(name) for name in ("Fay", "Gil", "Hal", "Ivy", "Jo")}
    body = {
        "name": "Whist night",
        "game": "cribist",
        "players": 4,
        "rounds": 2,
        "starts_in": 600,
        "rated": False,
    }
    maker = bearer(people["Fay"][0])
    made = httpx.post(server.url + "/api/tournaments", json=body, headers=maker)
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    for token, _ in people.values():
        assert (
            httpx.post(f"{server.url}/api/tournaments/{tid}/entry", headers=bearer(token)).status_code == 200
        )

    async def run() -> None:
        clients = {name: await Client.open(server.ws_url, token=token) for name, (token, _) in people.items()}
        assert httpx.post(f"{server.url}/api/tournaments/{tid}/start", headers=maker).status_code == 200
        byes: list[int] = []
        seen = dict.fromkeys(clients, 0)
        for number in (1, 2):
            games: list[dict[str, Any]] = []
            deadline = time.monotonic() + 20
            while len(games) < 2:
                assert time.monotonic() < deadline, "the round was not paired"
                games = httpx.get(f"{server.url}/api/tournaments/{tid}", params={"round": number}).json()[
                    "games"
                ]
                await asyncio.sleep(0.2)
            bye = next(g for g in games if g["bye"])
            table = next(g for g in games if not g["bye"])
            assert len(table["players"]) == 4 and len(bye["players"]) == 1
            byes.append(bye["players"][0]["id"])
            seated = [
                name for name in clients if people[name][1]["id"] in {p["id"] for p in table["players"]}
            ]
            await asyncio.gather(*(resign_when_paired(clients[n], seen[n]) for n in seated))
            for name, client in clients.items():
                seen[name] = len(client.received)
            deadline = time.monotonic() + 20
            while (game := _game(server, tid, number))["points"] is None:
                assert time.monotonic() < deadline, "the game was not scored"
                await asyncio.sleep(0.2)
            assert sorted(game["points"]) == [0.0, 2 / 3, 2 / 3, 2 / 3] and game["points"][3] == 0.0
        assert byes[0] != byes[1]
        deadline = time.monotonic() + 20
        while (info := httpx.get(f"{server.url}/api/tournaments/{tid}").json())["status"] != "finished":
            assert time.monotonic() < deadline
            await asyncio.sleep(0.2)
        standings = info["standings"]
        assert (
            abs(sum(s["points"] for s in standings) - 2 * (2 + 1)) < 1e-9
        )  # a table's 2 and a bye's 1, twice
        assert all(s["games"] + s["byes"] == 2 for s in standings)

    asyncio.run(run())


def _game(server: Server, tid: str, number: int) -> dict[str, Any]:
    """Round ``number``'s one table."""
    games = httpx.get(f"{server.url}/api/tournaments/{tid}", params={"round": number}).json()["games"]
    found: dict[str, Any] = next(g for g in games if not g["bye"])
    return found


def test_too_few_players_end_it_and_bad_requests_are_refused(server: Server) -> None:
    ann_token, _ = server.member("Ann")
    guest_token, _ = server.guest("Gus")
    url = server.url + "/api/tournaments"
    body = {"name": "Lonely", "game": "cribbage", "rounds": 3, "starts_in": 1}
    refused = httpx.post(url, json=body, headers=bearer(guest_token))
    assert refused.status_code == 409 and "members" in refused.json()["detail"]
    for bad, named in (
        ({**body, "players": 6}, "players"),
        ({**body, "players": 4, "options": {"partnerships": True}}, "partnerships"),
        ({**body, "rounds": 99}, "rounds"),
        ({**body, "name": ""}, "name"),
        ({**body, "name": "a\x00b"}, "name"),
        ({**body, "game": "chess"}, "chess"),
        ({**body, "game": "cribist"}, "4 players"),
        ({**body, "options": {"target": "lots"}}, "target"),
    ):
        reply = httpx.post(url, json=bad, headers=bearer(ann_token))
        assert reply.status_code in (400, 422) and named in reply.text, (bad, reply.text)
    tid = httpx.post(url, json=body, headers=bearer(ann_token)).json()["id"]
    early = httpx.post(f"{url}/{tid}/start", headers=bearer(guest_token))
    assert early.status_code == 409 and "maker" in early.json()["detail"]
    assert httpx.post(f"{url}/{tid}/entry", headers=bearer(ann_token)).status_code == 200
    bot = httpx.post(f"{url}/{tid}/entry", json={"bot": "nobody"}, headers=bearer(ann_token))
    assert bot.status_code == 400 and "no bot" in bot.json()["detail"]
    gus = httpx.post(f"{url}/{tid}/entry", json={"bot": "random"}, headers=bearer(guest_token))
    assert gus.status_code == 409 and "maker" in gus.json()["detail"]
    assert httpx.get(f"{url}/nosuch").status_code == 404
    deadline = time.monotonic() + 10
    while httpx.get(f"{url}/{tid}").json()["status"] != "finished":  # one player: nothing to play
        assert time.monotonic() < deadline
        time.sleep(0.2)
    late = httpx.post(f"{url}/{tid}/entry", headers=bearer(ann_token))
    assert late.status_code == 409 and "ended" in late.json()["detail"]
    for _ in range(3):
        assert httpx.post(url, json={**body, "starts_in": 600}, headers=bearer(ann_token)).status_code == 201
    too_many = httpx.post(url, json={**body, "starts_in": 600}, headers=bearer(ann_token))
    assert too_many.status_code == 409 and "3 tournaments" in too_many.json()["detail"]


def test_a_tournament_goes_on_after_its_process_is_killed(server: Server) -> None:
    """Killed mid-round: the restarted server resumes the round's tables and, once the old
    runner has fallen silent, runs the tournament on to its end."""
    people = {name: server.member(name) for name in ("Ann", "Bea")}
    body = {"name": "Survivor", "game": "cribbage", "rounds": 1, "starts_in": 2, "rated": False}
    tid = httpx.post(server.url + "/api/tournaments", json=body, headers=bearer(people["Ann"][0])).json()[
        "id"
    ]
    for token, _ in people.values():
        assert (
            httpx.post(f"{server.url}/api/tournaments/{tid}/entry", headers=bearer(token)).status_code == 200
        )

    async def paired_table(token: str) -> str:
        client = await Client.open(server.ws_url, token=token)
        table_id: str = (await client.expect(lambda m: m["type"] == "paired", timeout=20))["table"]["id"]
        await client.close()
        return table_id

    tables = asyncio.run(_both(paired_table(people["Ann"][0]), paired_table(people["Bea"][0])))
    assert tables[0] == tables[1]
    server.kill()
    server.start()

    async def resign() -> None:
        clients = [await Client.open(server.ws_url, token=token) for token, _ in people.values()]
        for client in clients:
            await client.send(type="join", table_id=tables[0])
            state = await client.expect(lambda m: m["type"] == "table_state")
            if state["seat"] == 1:
                await client.send(
                    type="move", table_id=tables[0], text="resign", state_id=state["view"]["state_id"]
                )

    asyncio.run(resign())
    deadline = time.monotonic() + 30
    while (info := httpx.get(f"{server.url}/api/tournaments/{tid}").json())["status"] != "finished":
        assert time.monotonic() < deadline, info["status"]
        time.sleep(0.3)
    assert [s["points"] for s in info["standings"]] == [1.0, 0.0]


async def _both(*jobs: Any) -> list[str]:
    return list(await asyncio.gather(*jobs))

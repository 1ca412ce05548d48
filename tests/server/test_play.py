"""Playing through a real server: HTTP API, a full two-player game over WebSockets, a spectator who
never sees a hidden card, history, replay, ratings and a rematch."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx

from muggins.analysis.review import reviewed_games
from muggins.bots.ratings import bot_ratings
from muggins.cards import CardError, parse_card
from muggins.games.registry import load_game
from muggins.games.words import told
from tests.server.live_server import Client, Message, Server


def test_games_list_every_importable_game_with_an_options_schema(server: Server) -> None:
    games = {g["name"]: g for g in httpx.get(server.url + "/api/games").json()}
    assert "cribbage" in games
    crib = games["cribbage"]
    assert (crib["min_players"], crib["max_players"]) == (2, 5)  # five-handed cribbage
    assert {"variant", "skip_pass", "pre_show", "post_show", "target"} <= set(
        crib["options_schema"]["properties"]
    )
    assert "random" in crib["bots"]
    # the measured bots' ratings, as shipped, for the seats they were measured at (docs/bots.md, "Levels")
    assert crib["bot_ratings"] == {name: r.rating for name, r in bot_ratings("cribbage").items()}
    assert crib["bot_ratings"]["expert"] > crib["bot_ratings"]["beginner"] and crib["bot_rating_seats"] == 2
    # the games whose finished games the server reviews, as the analysis layer says (the browser
    # offers a review link for these and names no game itself)
    reviewed = {name for name, g in games.items() if g["reviewed"]}
    assert reviewed == set(reviewed_games()) == set(games)  # every game has a review
    spec = httpx.get(server.url + "/openapi.json").json()
    assert {"/api/tables", "/api/history/{game_id}", "/api/players/{user_id}"} <= set(spec["paths"])


def test_table_creation_checks_options_with_the_engine(server: Server) -> None:
    token, _ = server.guest("ann")
    headers = {"Authorization": f"Bearer {token}"}
    bad = [
        ({"game": "cribbage", "players": 2, "options": {"target": 0}}, "target"),
        ({"game": "cribbage", "players": 3, "options": {"partnerships": True}}, "partnerships"),
        ({"game": "cribbage", "players": 2, "options": {"colour": "red"}}, "colour"),
        ({"game": "chess", "players": 2}, "chess"),
        ({"game": "cribbage", "players": 2, "bots": {"1": "nobody"}}, "nobody"),
        ({"game": "cribbage", "players": 2, "time": {"turn_time": 4}}, "turn_time"),
    ]
    for body, named in bad:
        reply = httpx.post(server.url + "/api/tables", json=body, headers=headers)
        assert reply.status_code in (400, 422), body
        assert named in reply.text, reply.text
    assert httpx.post(server.url + "/api/tables", json={"game": "cribbage", "players": 2}).status_code == 401
    assert httpx.get(server.url + "/api/tables").json() == []


def test_a_table_everyone_stands_up_from_leaves_the_lobby(server: Server) -> None:
    async def run() -> None:
        token, _ = server.guest("ann")
        table = server.create_table(token, game="cribbage", players=3, bots={"2": "random"})
        assert [t["id"] for t in httpx.get(server.url + "/api/tables").json()] == [table["id"]]
        ann = await Client.open(server.ws_url, token=token)
        await ann.send(type="join", table_id=table["id"])
        await ann.send(type="stand", table_id=table["id"])
        closed = await ann.expect(
            lambda m: m["type"] == "table_update" and m["table"]["status"] == "finished"
        )
        assert closed["table"]["seats"][0]["user"] is None
        assert httpx.get(server.url + "/api/tables").json() == []
        await ann.close()

    asyncio.run(run())


def test_accounts_register_and_log_in(server: Server) -> None:
    url = server.url + "/api"
    made = httpx.post(url + "/register", json={"name": "Bea", "password": "correct horse"})
    assert made.status_code == 200
    assert httpx.post(url + "/register", json={"name": "bea", "password": "another one"}).status_code == 400
    assert httpx.post(url + "/login", json={"name": "Bea", "password": "wrong horse"}).status_code == 401
    logged = httpx.post(url + "/login", json={"name": "BEA", "password": "correct horse"}).json()
    assert logged["user"]["id"] == made.json()["user"]["id"]
    me = httpx.get(url + "/me", headers={"Authorization": f"Bearer {logged['token']}"}).json()
    assert me == {"id": made.json()["user"]["id"], "name": "Bea", "kind": "member"}


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.split()
    if isinstance(value, dict):
        return [w for v in value.values() for w in _strings(v)]
    if isinstance(value, list):
        return [w for v in value for w in _strings(v)]
    return []


def cards_named(message: Message) -> set[str]:
    """Every card named anywhere in a message."""
    found = set()
    for word in _strings(message):
        try:
            found.add(str(parse_card(word)))
        except CardError:
            continue
    return found


async def play_seat(client: Client, table_id: str, rng: random.Random, until: int) -> Message:
    """Like a browser: whenever this seat's newest view waits for it, make a random legal move;
    returns the view in which the game ended (or reached state ``until``)."""
    while True:
        view = client.latest_view(table_id)
        assert view is not None
        if view["result"] is not None or view["state_id"] >= until:
            return view
        state, me = view["state_id"], view["you"]
        if view["legal_moves"]:
            text = rng.choice(view["legal_moves"])
            await client.send(type="move", table_id=table_id, text=text, state_id=state)
            # Wait for this move's own events before acting again (not for an opponent's move).
            reply = await client.expect(
                lambda m: (
                    m["type"] == "error"
                    or (m["type"] == "events" and m["state_id"] > state and m["seat"] == me)
                ),
                timeout=30,
            )
        else:
            reply = await client.expect(
                lambda m: m["type"] == "error" or m.get("state_id", -1) > state, timeout=30
            )
        assert reply["type"] != "error", reply


async def play_out(
    clients: dict[int, Client], table_id: str, rng: random.Random, *, until: int = 10_000
) -> Message:
    """Every client plays its seat until the game ends; returns the final view of the first seat."""
    views = await asyncio.gather(*(play_seat(c, table_id, rng, until) for c in clients.values()))
    return views[0]


def test_two_players_play_a_full_game_watched_by_a_spectator(server: Server) -> None:
    async def run() -> None:
        ann_token, ann = server.member("ann")  # members: people play people rated as members only
        bob_token, bob = server.member("bob")
        table = server.create_table(ann_token, game="cribbage", players=2, options={"post_show": True})
        table_id = table["id"]
        assert table["status"] == "waiting"
        assert [t["id"] for t in httpx.get(server.url + "/api/tables").json()] == [table_id]

        ann_ws = await Client.open(server.ws_url, token=ann_token)
        bob_ws = await Client.open(server.ws_url, token=bob_token)
        spy = await Client.open(server.ws_url, name="spy")
        for client in (ann_ws, spy):
            await client.send(type="join", table_id=table_id)
        await bob_ws.send(type="sit", table_id=table_id)
        for seat, client in ((0, ann_ws), (1, bob_ws)):
            await client.expect(
                lambda m: m["type"] == "table_state" and m["seat"] == seat and m["view"] is not None
            )
        await spy.expect(lambda m: m["type"] == "table_state" and m["view"] is not None)

        last = await play_out({0: ann_ws, 1: bob_ws}, table_id, random.Random(7))
        result = last["result"]
        assert sorted(result["ranks"]) == [1, 2]
        assert max(result["scores"]) >= 121
        await spy.expect(lambda m: m["type"] == "events" and m["view"]["result"] is not None)

        # The result is stored after the last move's events go out; the table says so when it is.
        await spy.expect(lambda m: m["type"] == "table_update" and m["table"]["status"] == "finished")
        # The spectator never saw a card hidden from spectators at the moment it was sent.
        info = httpx.get(f"{server.url}/api/tables/{table_id}").json()
        assert info["status"] == "finished"
        replay = httpx.get(f"{server.url}/api/history/{info['game_id']}").json()
        record = replay["record"]
        assert len(replay["steps"]) == len(record["moves"]) == last["state_id"]
        checked = 0
        opening = load_game({**record, "moves": []})
        opening_hidden = {str(c) for c in opening.hidden_cards(None)}
        for event in opening.events:  # sent only in table states' logs: checked as of the deal
            if event.type != "dealer_cut":  # the cut for deal is face up, then shuffled back
                assert not cards_named(event.for_viewer(None).to_dict()) & opening_hidden, event
        for message in spy.received:
            if message["type"] in ("events", "table_state") and message.get("view"):
                state = message["view"]["state_id"]
                game = load_game({**record, "moves": record["moves"][:state]})
                hidden = {str(c) for c in game.hidden_cards(None)}
                now = {k: v for k, v in message.items() if k != "log"}
                assert not cards_named(now) & hidden, message
                # a state's log holds only events as the spectator heard them when they happened
                heard = [json.loads(json.dumps(told(game.name, e, None))) for e in game.events[-200:]]
                assert message.get("log", heard) == heard
                checked += 1
        assert checked >= last["state_id"]
        # The opponent never learns a discard before the show either.
        for message in bob_ws.received:
            if message["type"] == "events" and message["seat"] == 0 and message["move"].startswith("discard"):
                assert message["move"] == "discard"

        # History, replay views and ratings.
        games = httpx.get(f"{server.url}/api/history", params={"user": ann["id"]}).json()
        assert [g["id"] for g in games] == [info["game_id"]]
        end_view = httpx.get(
            f"{server.url}/api/history/{info['game_id']}/view", params={"ply": last["state_id"], "seat": 0}
        ).json()
        assert end_view["result"] == result
        # Everyone at the table is told each player's rating before (none: a first game) and after,
        # as the player page shows it.
        told_ratings = [
            await client.expect(lambda m: m["type"] == "rated" and m["table_id"] == table_id)
            for client in (ann_ws, bob_ws, spy)
        ]
        assert told_ratings[0] == told_ratings[1] == told_ratings[2]
        changes = {change["seat"]: change for change in told_ratings[0]["changes"]}
        for user, seat in ((ann, 0), (bob, 1)):
            page = httpx.get(f"{server.url}/api/players/{user['id']}").json()
            assert [(r["game"], r["seats"], r["games"]) for r in page["ratings"]] == [("cribbage", 2, 1)]
            assert page["results"][0]["rank"] == result["ranks"][seat]
            shown = page["ratings"][0]
            assert changes[seat] == {
                "seat": seat,
                "user": user,
                "before": None,
                "after": shown["rating"],
                "provisional": shown["provisional"],
            }
        winner = result["winners"][0]
        ratings = {
            s: httpx.get(f"{server.url}/api/players/{u['id']}").json()["ratings"][0]["mu"]
            for s, u in ((0, ann), (1, bob))
        }
        assert ratings[winner] > 25 > ratings[1 - winner]

        # Rematch: a new game starts once both have asked.
        await ann_ws.send(type="rematch", table_id=table_id)
        await ann_ws.expect(lambda m: m["type"] == "table_update" and m["table"]["seats"][0]["rematch"])
        await bob_ws.send(type="rematch", table_id=table_id)
        state = await bob_ws.expect(lambda m: m["type"] == "table_state" and m["table"]["game_number"] == 2)
        assert state["view"]["state_id"] == 0 and state["seat"] == 1
        for client in (ann_ws, bob_ws, spy):
            await client.close()

    asyncio.run(run())


def test_bots_fill_seats_and_chat_is_shared(server: Server) -> None:
    async def run() -> None:
        token, _ = server.guest("cat")
        watcher = await Client.open(server.ws_url, name="lobby watcher")
        await watcher.send(type="lobby")
        assert (await watcher.expect(lambda m: m["type"] == "table_list"))["tables"] == []
        table = server.create_table(
            token, game="cribbage", players=3, bots={"1": "random", "2": "random"}, seat=0
        )
        assert table["status"] == "playing"
        update = await watcher.expect(
            lambda m: m["type"] == "table_update" and m["table"]["status"] == "playing"
        )
        assert update["table"]["id"] == table["id"]
        private = server.create_table(token, game="cribbage", players=2, private=True)
        assert httpx.get(f"{server.url}/api/tables/{private['id']}").json()["invite"].endswith(private["id"])
        assert [t["id"] for t in httpx.get(server.url + "/api/tables").json()] == [table["id"]]
        await watcher.close()
        cat = await Client.open(server.ws_url, token=token)
        await cat.send(type="join", table_id=table["id"])
        await cat.expect(lambda m: m["type"] == "table_state")
        last = await play_out({0: cat}, table["id"], random.Random(3), until=30)
        assert last["state_id"] >= 30
        await cat.send(type="chat", table_id=table["id"], text="well pegged")
        line = await cat.expect(lambda m: m["type"] == "chat")
        assert line["text"] == "well pegged" and line["user"]["name"] == "cat"
        for n in range(5):  # five lines at once is the most chat allows; the sixth is refused
            await cat.send(type="chat", table_id=table["id"], text=f"line {n}")
        refused = await cat.expect(lambda m: m["type"] == "error")
        assert "too much chat" in refused["reason"]
        assert [m["text"] for m in cat.received if m["type"] == "chat"] == [
            "well pegged",
            *(f"line {n}" for n in range(4)),
        ]
        await cat.close()

    asyncio.run(run())


def test_every_registered_game_is_playable_through_the_server(server: Server) -> None:
    """Generic hosting: each game in the registry, at its fewest seats, a person against bots."""

    async def run() -> None:
        token, _ = server.guest("dee")
        games = httpx.get(server.url + "/api/games").json()
        assert len(games) >= 2
        for info in games:
            bots = {str(seat): info["bots"][-1] for seat in range(1, info["min_players"])}
            table = server.create_table(token, game=info["name"], players=info["min_players"], bots=bots)
            assert table["status"] == "playing", info["name"]
            dee = await Client.open(server.ws_url, token=token)
            await dee.send(type="join", table_id=table["id"])
            await dee.expect(lambda m: m["type"] == "table_state" and m["table_id"] == table["id"])
            last = await play_out({0: dee}, table["id"], random.Random(5), until=12)
            assert last["state_id"] >= 12 or last["result"] is not None, info["name"]
            if last["result"] is None:
                await dee.send(type="leave", table_id=table["id"])
                left = await dee.expect(lambda m: m["type"] == "events" and m["by"] == "leave", timeout=15)
                assert 0 in left["view"]["left"]
            await dee.close()

    asyncio.run(run())

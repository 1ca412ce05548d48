"""No client ever receives a card hidden from it: full games of every game through a two-process
cluster, every message each player and a spectator receive recorded, then checked on a replay of
the stored record: each view names no card in the engine's ``hidden_cards`` for that viewer at that
state; a move's text names no card hidden from the viewer both before and after it; and the events
are exactly the engine's events of that move for that viewer (never another audience's)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest

from muggins.games.registry import load_game
from muggins.games.words import told
from tests.scale.cluster_live import Node
from tests.scale.players import play_out
from tests.scale.test_cluster import assert_every_move_once_in_order, dealt_to, finished_record
from tests.server.live_server import Client
from tests.server.test_play import cards_named

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("cribbage", 2, {"target": 61}),
    ("cribbage", 3, {"target": 61}),
    ("skalborg", 3, {"starting_stack": 12, "max_hands": 3}),
    ("cribist", 4, {"end": "deals", "deals": 1}),
]
"""Short but complete games: each is played until the engine declares a result."""


class Replay:
    """A stored record replayed once: at each state, the cards hidden from each viewer, and the
    events of the move that led there as each viewer may see them."""

    def __init__(self, record: dict[str, Any], viewers: list[int | None]) -> None:
        game = load_game({**record, "moves": []})
        self.hidden: list[dict[int | None, set[str]]] = []
        self.events: list[dict[int | None, list[dict[str, Any]]]] = [{}]
        for seat, move in [(None, None), *record["moves"]]:
            if move is not None:
                events = game.apply(seat, move)
                # as the server words them too (each event's text, told to that viewer)
                self.events.append({v: [told(game.name, e, v) for e in events] for v in viewers})
            self.hidden.append({v: {str(c) for c in game.hidden_cards(v)} for v in viewers})


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[f"{g}-{n}" for g, n, _ in GAMES])
def test_no_client_receives_a_hidden_card(
    cluster: Callable[..., list[Node]], game: str, players: int, options: dict[str, Any]
) -> None:
    a, b = cluster(2)

    async def run() -> None:
        tokens = [(a if seat % 2 else b).guest(f"p{seat}")[0] for seat in range(players)]
        table_id = a.create_table(tokens[0], game=game, players=players, options=options)["id"]
        clients: dict[int, Client] = {}
        for seat, token in enumerate(tokens):
            clients[seat] = await Client.open((a if seat % 2 else b).ws_url, token=token)
            await clients[seat].send(type="join" if seat == 0 else "sit", table_id=table_id)
            await clients[seat].expect(lambda m: m["type"] == "table_state")
        spy = await Client.open(b.ws_url, name="spy")
        await spy.send(type="join", table_id=table_id)
        await spy.expect(lambda m: m["type"] == "table_state")  # watching before the first move
        for seat, client in clients.items():
            await client.expect(dealt_to(seat))
        last = await play_out(clients, table_id, random.Random(players))
        assert last["result"] is not None
        await spy.expect(lambda m: m["type"] == "events" and m["view"]["result"] is not None)

        record = finished_record(b, table_id)
        replay = Replay(record, [*clients, None])
        checked = 0
        for viewer, client in [*clients.items(), (None, spy)]:
            assert_every_move_once_in_order(client, table_id, 0, record["moves"])
            for message in client.received:
                if message["type"] not in ("events", "table_state") or not message.get("view"):
                    continue
                state = int(message["view"]["state_id"])
                assert not cards_named(message["view"]) & replay.hidden[state][viewer], (viewer, message)
                if message["type"] == "events":
                    assert message["events"] == replay.events[state][viewer], (viewer, message)
                    both = replay.hidden[state - 1][viewer] & replay.hidden[state][viewer]
                    assert not cards_named({"move": message["move"]}) & both, (viewer, message)
                checked += 1
            await client.close()
        assert checked >= (players + 1) * len(record["moves"])

    asyncio.run(run())

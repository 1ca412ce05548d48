"""A seat that changes hands is never heard by its old holder: a player who stands up while
someone else takes the seat, on another process, never receives the new holder's cards.

Before seat messages were addressed to the seat's holder, the stander's process kept forwarding
the seat's channel until the news of the seat change reached it, and the owner's ``state``
operation answered for whichever seat a process named (reproduced 1 in 30-40 under load)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from muggins.server import messages
from tests.scale.cluster_live import Node
from tests.scale.test_exactly_once import has_state_for, platform, sent, until
from tests.server.live_server import Client

ROUNDS = 12


def seated(reply: httpx.Response) -> set[int]:
    """The seats taken at a table, as its owner lists them."""
    return {seat["seat"] for seat in reply.json()["seats"] if seat["user"] is not None}


def holds_game_view_for(seat: int) -> Callable[[dict[str, Any]], bool]:
    """A frame that shows a game as the holder of ``seat`` sees it (their hand)."""

    def match(message: dict[str, Any]) -> bool:
        view = message.get("view")
        return isinstance(view, dict) and view.get("you") == seat

    return match


def test_a_stander_never_hears_the_seat_taken_on_another_process(cluster: Callable[..., list[Node]]) -> None:
    a, b = cluster(2)

    async def run() -> None:
        owner_token, _ = a.guest("owner")
        owner = await Client.open(a.ws_url, token=owner_token)
        stander = await Client.open(b.ws_url, name="stander")
        takers = [await Client.open(a.ws_url, name=f"taker{n}") for n in range(2)]
        for round_number in range(ROUNDS):
            # Seats 0 (owner) and 1 (a bot) are taken; seats 2 and 3 fill to start the game.
            table_id = a.create_table(owner_token, game="cribbage", players=4, bots={"1": "greedy"})["id"]
            await owner.send(type="join", table_id=table_id)  # so that its leave below is heard
            await stander.send(type="sit", table_id=table_id, seat=3)
            await stander.expect(
                lambda m: m["type"] == "table_state" and m["table_id"] == table_id and m["seat"] == 3
            )
            before = len(stander.received)
            # The stander stands while, on the other process, the seat is taken and the game starts.
            await stander.send(type="stand", table_id=table_id)
            # As soon as the owner has emptied the seat (the stander's process may not know yet),
            # it is taken there.
            async with httpx.AsyncClient() as http:
                while 3 in seated(await http.get(f"{a.url}/api/tables/{table_id}")):
                    await asyncio.sleep(0.002)
            for taker, seat in zip(takers, (3, 2), strict=True):
                await taker.send(type="sit", table_id=table_id, seat=seat)
            await takers[0].expect(lambda m: m.get("table_id") == table_id and holds_game_view_for(3)(m))
            await stander.expect(
                lambda m: (
                    m.get("table_id") == table_id and m["type"] == "table_state" and m["view"] is not None
                ),
                after=before,
            )
            await asyncio.sleep(0.3)  # anything still on its way arrives
            leaked = [
                m
                for m in stander.received[before:]
                if m.get("table_id") == table_id and holds_game_view_for(3)(m)
            ]
            assert leaked == [], f"round {round_number}: the stander received seat 3's game: {leaked[:1]}"
            for client in (owner, *takers):
                await client.send(type="leave", table_id=table_id)
        for client in (owner, stander, *takers):
            await client.close()

    asyncio.run(run())


def test_a_late_seat_change_never_forwards_the_new_holders_cards(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    """The race made certain: the stander's process has not yet heard that the seat changed hands
    (its re-follow is held back) when the new holder's game starts. Nothing of seat 1's game may
    reach the stander, and asking the owner for the state gives the stander a spectator's."""

    async def run() -> None:
        async with platform(tmp_path, redis_url, redis_prefix) as p:
            _, ann = await p.connect("ann")
            stander_conn, stander = await p.connect("stander")
            _, taker = await p.connect("taker")
            _, third = await p.connect("third")
            table = await p.tables.create(
                ann,
                game="cribbage",
                players=3,
                options={},
                time_controls=messages.TimeControls(),
                hints=False,
                private=False,
                bots={},
                seat=0,
            )
            await stander_conn.handle(json.dumps({"type": "sit", "table_id": table.id, "seat": 1}))
            await until(lambda: has_state_for(stander_conn, 1))

            async def late(*_args: Any, **_kwargs: Any) -> None:
                """The news of the seat change is still on its way to this process."""

            stander_conn._follow = late  # type: ignore[method-assign]
            await table.stand(stander)
            await table.sit(taker, 1)
            await table.sit(third, 2)  # the game starts: seat 1's hand goes to its new holder
            await asyncio.sleep(0.3)
            frames = sent(stander_conn)
            assert not [m for m in frames if holds_game_view_for(1)(m)], "the stander got seat 1's game"
            state = await table.state(stander)
            view = json.loads(state.text)["view"]
            assert state.seat is None and view is not None and view["hand"] is None

    asyncio.run(run())

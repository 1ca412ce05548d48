"""What a rated game must be (docs/server.md, "Rated games"): every person in it played (2 moves of
their own); a game someone left is past its first deal; people play people rated only as members;
and two people's rated games together are a few a day. Issue 33, item 7 and issue 57, item 2:
guest puppets that each played two moves and left gave one account 15 rated wins in 10 s."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx

from muggins.server.accounts.ratings import display, provisional
from muggins.server.store import User
from muggins.server.tables.manager import Tables
from muggins.server.tables.table import RATED_TOGETHER
from tests.server.live_server import Client, Server
from tests.server.tables.test_finish import duel, process


async def _duel(tables: Tables, member: User, other: User, moves_each: int, *, deals: int = 1) -> None:
    """``member`` and ``other`` sit down; each makes ``moves_each`` moves, more until ``deals``
    deals have been dealt; then ``other`` leaves and ``member`` wins."""
    table = await duel(tables, member)
    await table.sit(other, 1)
    users = {0: member, 1: other}
    game = table.game
    assert game is not None
    made = {0: 0, 1: 0}
    rng = random.Random(moves_each)

    def dealt() -> int:
        return sum(1 for event in game.events if event.type == "dealt") // 2

    while min(made.values()) < moves_each or dealt() < deals:
        seat = min((s for s in game.to_move if made[s] < moves_each), default=min(game.to_move))
        await table.move(users[seat], str(rng.choice(game.legal_moves(seat))), game.state_id)
        made[seat] += 1
    await table.leave(other)
    assert game.is_over and game.result is not None and game.result.winners == (0,)


async def _member(tables: Tables, name: str) -> User:
    return await tables.store.create_user(name, "member", login=name, password_hash="h")


async def _bot_account(tables: Tables, name: str) -> User:
    made = await tables.store.make_bot_account((await _member(tables, name)).id)
    assert made is not None
    return made


def test_a_game_left_before_both_played_leaves_the_ratings_alone(tmp_path: Path) -> None:
    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            ann, bea = await _member(tables, "ann"), await _member(tables, "bea")
            await _duel(tables, ann, bea, moves_each=0)
            await _duel(tables, ann, bea, moves_each=1)
            assert await tables.store.ratings([ann.id]) == []  # two wins, neither rated

    asyncio.run(run())


def test_a_game_left_in_its_first_deal_is_not_rated_one_past_it_is(tmp_path: Path) -> None:
    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            ann, bea = await _member(tables, "ann"), await _member(tables, "bea")
            await _duel(tables, ann, bea, moves_each=2)  # both played, in the first deal only
            assert await tables.store.ratings([ann.id]) == []
            await _duel(tables, ann, bea, moves_each=2, deals=2)
            rated = await tables.store.ratings([ann.id, bea.id])
            assert {r.user_id: r.games for r in rated} == {ann.id: 1, bea.id: 1}

    asyncio.run(run())


def test_a_bot_accounts_game_moves_only_bot_accounts_ratings(tmp_path: Path) -> None:
    """Issue 61: a program never moves a person's rating (nor a server bot's), up or down; its own
    moves against them, and a game of two bot accounts rates both."""

    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            ann = await _member(tables, "ann")
            robo, chip = [await _bot_account(tables, name) for name in ("robo", "chip")]
            await _duel(tables, ann, robo, 2, deals=2)  # ann wins, rated
            assert [r.user_id for r in await tables.store.ratings([ann.id, robo.id])] == [robo.id]
            await _duel(tables, robo, chip, 2, deals=2)
            rated = await tables.store.ratings([robo.id, chip.id])
            assert {r.user_id: r.games for r in rated} == {robo.id: 2, chip.id: 1}

    asyncio.run(run())


def test_people_play_people_rated_only_as_members(tmp_path: Path) -> None:
    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            ann = await _member(tables, "ann")
            for n in range(3):
                await _duel(tables, ann, await tables.store.create_guest(f"puppet{n}"), 2, deals=2)
            assert await tables.store.ratings([ann.id]) == []

    asyncio.run(run())


def test_two_members_rated_games_together_are_a_few_a_day(tmp_path: Path) -> None:
    async def run() -> None:
        async with process(tmp_path / "m.db") as tables:
            ann, bea, cy = [await _member(tables, name) for name in ("ann", "bea", "cy")]
            for _ in range(RATED_TOGETHER + 2):
                await _duel(tables, ann, bea, moves_each=2, deals=2)
            await _duel(tables, ann, cy, moves_each=2, deals=2)  # another opponent counts
            rated = {r.user_id: r.games for r in await tables.store.ratings([ann.id, bea.id, cy.id])}
            assert rated == {ann.id: RATED_TOGETHER + 1, bea.id: RATED_TOGETHER, cy.id: 1}

    asyncio.run(run())


async def _puppet_game(server: Server, me: Client, token: str, name: str) -> None:
    """A table of ``me`` (seat 0) where the guest ``name`` sits, both play two moves, and it leaves."""
    table_id = server.create_table(token, game="cribbage", players=2, seat=0)["id"]
    puppet = await Client.open(server.ws_url, name=name)
    await me.send(type="join", table_id=table_id)
    await puppet.send(type="sit", table_id=table_id)
    await me.expect(lambda m: m.get("table_id") == table_id and m.get("seat") == 0)
    await puppet.expect(lambda m: m.get("table_id") == table_id and m.get("seat") == 1)
    made = {me: 0, puppet: 0}

    async def step(client: Client) -> bool:
        view = client.latest_view(table_id)
        if view is None or made[client] >= 2 or view["you"] not in view["to_move"]:
            return False
        now = view["state_id"]
        await client.send(type="move", table_id=table_id, text=view["legal_moves"][0], state_id=now)
        await client.expect(lambda m: m["type"] == "events" and m["state_id"] > now)
        made[client] += 1
        return True

    while min(made.values()) < 2:
        if not (await step(me) or await step(puppet)):
            await asyncio.sleep(0.05)
    await puppet.send(type="leave", table_id=table_id)
    await me.expect(lambda m: m.get("table_id") == table_id and bool((m.get("view") or {}).get("result")))
    await puppet.close()


def test_guest_puppets_give_no_rated_wins_over_the_network(server: Server) -> None:
    """The attack of the report, through the server: a member and three guest puppets, each of
    which plays two moves and leaves. The member's page shows no rating."""
    token, farmer = server.member("Farmer")

    async def run() -> None:
        me = await Client.open(server.ws_url, token=token)
        for n in range(3):
            await _puppet_game(server, me, token, f"puppet {n}")
        await me.close()

    asyncio.run(run())
    page = httpx.get(f"{server.url}/api/players/{farmer['id']}").json()
    assert page["ratings"] == []
    assert len(page["results"]) == 3  # the games stand, unrated


def test_each_rated_game_tells_the_table_every_rating_before_and_after(tmp_path: Path) -> None:
    """Issue 60, item 2: a rated game's players see their rating change: the first game from no
    rating, the next from where the first left it, each as the player page shows it."""

    async def run() -> None:
        async with process(tmp_path / "r.db") as tables:
            told: list[dict[str, Any]] = []
            publish = tables.bus.publish

            async def recording(channel: str, text: str) -> None:
                message = json.loads(text)
                if message["type"] == "rated":
                    told.append(message)
                await publish(channel, text)

            tables.bus.publish = recording  # type: ignore[method-assign,assignment]
            ann, bea = await _member(tables, "ann"), await _member(tables, "bea")
            await _duel(tables, ann, bea, moves_each=2)  # left in the first deal: not rated, none told
            assert told == []
            for _ in range(2):
                await _duel(tables, ann, bea, moves_each=2, deals=2)
            first, second = ({c["user"]["id"]: c for c in m["changes"]} for m in told)
            stored = {r.user_id: r for r in await tables.store.ratings([ann.id, bea.id])}
            for user in (ann, bea):
                assert first[user.id]["before"] is None
                assert second[user.id]["before"] == first[user.id]["after"]
                assert second[user.id]["after"] == display(stored[user.id])
                assert second[user.id]["provisional"] == provisional(stored[user.id])
            assert second[ann.id]["after"] > second[ann.id]["before"]  # ann won both
            assert second[bea.id]["after"] < second[bea.id]["before"]

    asyncio.run(run())

"""No frame the server sends tells a viewer more than its game lets them know, for every registered
game: at each step of a random game, the mover's two different legal moves are made on twin copies,
and every other viewer whom the engine tells the same thing after either (the same view, the same
events as they may see them) must receive byte-identical ``events`` messages, written as the server
writes them (``table.move_told``). A Squares cell, a discard or any future game's secret choice
can't leak through the move's text."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from muggins.games.base import Game
from muggins.games.registry import game_class, game_names, load_game, new_game
from muggins.server.tables.log import TableLog
from muggins.server.tables.table import move_told
from tests.server.live_server import Client, Server

CASES = [
    (name, players)
    for name in game_names()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]
STEPS = 120
"""Moves played per game (or to its end), each tried two ways."""


def engine_tells(game: Game, viewer: int | None, count: int) -> str:
    """What the engine lets ``viewer`` know after the last move: its view and its events."""
    events = [e.for_viewer(viewer).to_dict() for e in game.events[len(game.events) - count :]]
    return json.dumps([game.view(viewer), events], sort_keys=True)


def frame(game: Game, seat: int, count: int, viewer: int | None) -> str:
    told = TableLog(game.name, 200)
    return move_told(
        game, told, viewer, table_id="t1", game_number=1, seat=seat, by="player", count=count, clocks=[]
    )


def compare_twins(name: str, players: int, **options: object) -> int:
    """Play ``name`` at ``players`` seats (with ``options``), comparing twin moves' frames at each
    step; returns how many viewers' frame pairs the engine's information required to be equal (and
    were)."""
    rng = random.Random(players)
    game = new_game(name, players=players, seed=11, **options)  # type: ignore[arg-type]
    compared = 0
    for _ in range(STEPS):
        if game.is_over:
            break
        seat = rng.choice(sorted(game.to_move))
        moves = game.legal_moves(seat)
        if len(moves) > 1:
            one, other = rng.sample(moves, 2)
            twins = [load_game(game.record()), load_game(game.record())]
            counts = [len(twin.apply(seat, move)) for twin, move in zip(twins, (one, other), strict=True)]
            for viewer in [*range(players), None]:
                if viewer == seat or counts[0] != counts[1]:
                    continue
                if engine_tells(twins[0], viewer, counts[0]) != engine_tells(twins[1], viewer, counts[1]):
                    continue  # the two moves are told apart by the rules (a card played face up)
                sent = [frame(twin, seat, count, viewer) for twin, count in zip(twins, counts, strict=True)]
                assert sent[0] == sent[1], f"viewer {viewer} can tell {one} from {other}: {sent}"
                compared += 1
        game.apply(seat, rng.choice(moves))
    return compared


@pytest.mark.parametrize(("name", "players"), CASES, ids=str)
def test_twin_moves_send_each_viewer_the_same_bytes(name: str, players: int) -> None:
    compare_twins(name, players)


SECRET_CHOICES = [("cribbage", 2), ("cribbage", 4), ("squares", 2), ("skalborg", 3)]
"""Games whose seats make choices the others may not read."""


@pytest.mark.parametrize(("name", "players"), SECRET_CHOICES)
def test_the_twins_meet_secret_choices(name: str, players: int) -> None:
    """Where a game has choices others may not read (a discard, a cell, a throw), the comparison
    meets them: the test above is not vacuous."""
    assert compare_twins(name, players) > 0


@pytest.mark.parametrize(
    "options", [{"variant": "seven-card"}, {"variant": "eight-card"}, {"jokers": True}], ids=str
)
def test_the_longer_deals_and_wild_jokers_tell_nobody_a_throw(options: dict[str, object]) -> None:
    """Seven- and eight-card throws of two from seven or eight, and throws from a pack with wild
    jokers: twin throws reach the other seat and a spectator as the same bytes, met at least once."""
    assert compare_twins("cribbage", 2, **options) > 0


def test_a_squares_race_tells_nobody_where_the_other_placed(server: Server) -> None:
    """Over the network, the attack of the report: in a two-seat race seat 1 places first each
    turn; seat 0 and a spectator hear only that seat 1 placed ("place"), never the cell, until
    both have placed (then the laid-out event says where each card went)."""

    async def run() -> None:
        (ann, _), (bob, _) = server.guest("ann"), server.guest("bob")
        table_id = server.create_table(ann, game="squares", players=2)["id"]
        seats = {seat: await Client.open(server.ws_url, token=token) for seat, token in enumerate((ann, bob))}
        spy = await Client.open(server.ws_url, name="spy")
        await seats[0].send(type="join", table_id=table_id)
        await spy.send(type="join", table_id=table_id)
        await seats[1].send(type="sit", table_id=table_id)
        view = (await seats[1].expect(lambda m: m["type"] == "table_state" and m["seat"] == 1))["view"]
        for _ in range(16):
            cell = view["legal_moves"][-1]
            await seats[1].send(type="move", table_id=table_id, text=cell, state_id=view["state_id"])
            placed = view["state_id"] + 1
            for watcher in (seats[0], spy):
                told = await watcher.expect(lambda m: m["type"] == "events" and m["state_id"] == placed)
                assert told["seat"] == 1 and told["move"] == "place", told
            own = await seats[1].expect(lambda m: m["type"] == "events" and m["state_id"] == placed)
            assert own["move"] == cell  # its maker reads the whole move
            heard = await seats[0].expect(lambda m: m["type"] == "events" and m["state_id"] == placed)
            text = heard["view"]["legal_moves"][0]
            await seats[0].send(type="move", table_id=table_id, text=text, state_id=placed)
            both = await seats[1].expect(lambda m: m["type"] == "events" and m["state_id"] == placed + 1)
            assert both["move"] == "place"  # seat 0's move, to seat 1
            view = both["view"]
        assert view["result"] is not None
        for client in (*seats.values(), spy):
            await client.close()

    asyncio.run(run())

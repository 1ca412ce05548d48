"""Joining again with the log one holds (``Join.since``), through a real server: the state carries
only the events after it, and with them the client's log is the whole log a plain join gives."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from tests.server.live_server import Client, Message, Server
from tests.server.test_play import play_out


def held_log(client: Client, table_id: str) -> tuple[int, list[dict[str, Any]]]:
    """The log a client keeps, as the web client keeps it: its last state's log, then every
    ``events`` message's events; and how many of the game's events that makes."""
    start, events = 0, []
    for message in client.received:
        if message.get("table_id") != table_id:
            continue
        if message["type"] == "table_state":
            start, events = message["log_from"], list(message["log"])
        elif message["type"] == "events":
            events.extend(message["events"])
    return start + len(events), events


def unlogged(state: Message) -> Message:
    """A state without its log, and its clocks without the seconds left (which run on)."""
    clocks = [{**clock, "remaining": None} for clock in state["clocks"]]
    return {**state, "log": None, "log_from": None, "clocks": clocks}


def test_a_player_joining_again_is_sent_only_the_events_it_lacks(server: Server) -> None:
    token, _ = server.guest("cat")
    table = server.create_table(token, game="cribbage", players=2, bots={"1": "random"}, seat=0)
    asyncio.run(join_again(server.ws_url, token, table))


async def join_again(ws_url: str, token: str, table: Message) -> None:
    """Seat 0 of ``table`` (a bot in seat 1) plays 40 moves through ``ws_url``, leaves, and joins
    again: with all it holds, with its last events lost, with a mark that is not its log, and with
    a mark the protocol refuses."""
    cat = await Client.open(ws_url, token=token)
    await cat.send(type="join", table_id=table["id"])
    await cat.expect(lambda m: m["type"] == "table_state")
    await play_out({0: cat}, table["id"], random.Random(5), until=40)
    await asyncio.sleep(0.3)  # the bot's reply, if it is the bot's turn
    held, events = held_log(cat, table["id"])
    await cat.close()
    assert held == len(events) > 20

    async def joined(since: dict[str, Any] | None) -> Message:
        client = await Client.open(ws_url, token=token)
        held = {} if since is None else {"since": since}
        await client.send(type="join", table_id=table["id"], **held)
        state = await client.expect(lambda m: m["type"] == "table_state")
        await client.close()
        return state

    whole = await joined(None)
    assert whole["log_from"] == 0 and len(whole["log"]) == held
    complete = await joined({"game_number": table["game_number"], "seat": 0, "events": held})
    assert (complete["log_from"], complete["log"]) == (held, [])  # nothing it lacks
    lost = 5  # the last events never reached the client
    since = {"game_number": table["game_number"], "seat": 0, "events": held - lost}
    rest = await joined(since)
    assert rest["log_from"] == held - lost and rest["log"] == whole["log"][-lost:]
    assert events[:-lost] + rest["log"] == whole["log"]
    assert unlogged(rest) == unlogged(whole)
    for other in ({**since, "seat": 1}, {**since, "game_number": 9}, {**since, "events": held + 1}):
        again = await joined(other)  # not this client's log: the whole one
        assert (again["log_from"], again["log"], unlogged(again)) == (0, whole["log"], unlogged(whole))
    refused = await Client.open(ws_url, token=token)
    await refused.send(type="join", table_id=table["id"], since={**since, "events": -1})
    error = await refused.expect(lambda m: m["type"] == "error")
    assert "since" in error["reason"] and not [m for m in refused.received if m["type"] == "table_state"]
    await refused.close()

"""Requests between processes (``Forwarder``) on the in-process bus: an answer reaches its caller,
a slow owner still alive is waited for without sending the request again, a dead one ends the wait,
and an answer arriving just as a wait runs out is not lost."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from muggins.server.bus.memory import MemoryBus
from muggins.server.cluster.forward import TIME_UP, Forwarder, ForwardError, NotOwnerError, node_channel

Serve = Callable[[str, str, dict[str, Any], dict[str, Any]], Awaitable[Any]]


async def pair(serve: Serve) -> tuple[Forwarder, Forwarder, list[str]]:
    """A caller "a" and an owner "b" serving with ``serve``, and the list of requests b received."""
    bus = MemoryBus()
    received: list[str] = []

    async def counted(op: str, table: str, user: dict[str, Any], args: dict[str, Any]) -> Any:
        received.append(op)
        return await serve(op, table, user, args)

    a = Forwarder(bus, "a", counted)
    b = Forwarder(bus, "b", counted)
    await a.start()
    await b.start()
    return a, b, received


async def lone_caller() -> tuple[MemoryBus, Forwarder]:
    """A caller "a" on a bus where nobody serves node "b"."""
    bus = MemoryBus()
    a = Forwarder(bus, "a", lambda *_: asyncio.sleep(0))
    await a.start()
    return bus, a


async def dead() -> bool:
    """``alive`` for an owner that is gone: asked, it ends the wait."""
    return False


def test_an_answer_reaches_its_caller_and_a_refusal_is_raised() -> None:
    async def serve(op: str, table: str, user: dict[str, Any], args: dict[str, Any]) -> Any:
        if op == "refuse":
            raise ForwardError("not your turn", "out_of_turn")
        if op == "gone":
            raise NotOwnerError(table)
        return {"table": table, "user": user["id"], "doubled": args["n"] * 2}

    async def run() -> None:
        a, b, _ = await pair(serve)
        got = await a.call("b", "move", table_id="t1", user={"id": 7}, args={"n": 21}, timeout=1.0)
        assert got == {"table": "t1", "user": 7, "doubled": 42}
        with pytest.raises(ForwardError, match="not your turn") as refused:
            await a.call("b", "refuse", table_id="t1", user={"id": 7}, args={}, timeout=1.0)
        assert refused.value.code == "out_of_turn"
        with pytest.raises(NotOwnerError):
            await a.call("b", "gone", table_id="t1", user={"id": 7}, args={}, timeout=1.0)
        assert not a.waiting
        await a.close()
        await b.close()

    asyncio.run(run())


def test_a_slow_owner_still_alive_is_waited_for_without_asking_twice() -> None:
    async def serve(op: str, table: str, user: dict[str, Any], args: dict[str, Any]) -> Any:
        await asyncio.sleep(0.25)  # five of the caller's waits
        return "done"

    async def run() -> None:
        a, b, received = await pair(serve)
        asked = 0

        async def alive() -> bool:
            nonlocal asked
            asked += 1
            return True

        got = await a.call("b", "move", table_id="t", user={}, args={}, timeout=0.05, alive=alive)
        assert got == "done"
        assert asked >= 3, "each timeout asks whether the owner is still there"
        assert received == ["move"], "the request went once"
        await a.close()
        await b.close()

    asyncio.run(run())


def test_a_dead_owner_ends_the_wait() -> None:
    async def run() -> None:
        _, a = await lone_caller()
        with pytest.raises(TimeoutError, match="node b did not answer"):
            await a.call("b", "move", table_id="t", user={}, args={}, timeout=0.02, alive=dead)
        with pytest.raises(TimeoutError):
            await a.call("b", "move", table_id="t", user={}, args={}, timeout=0.02)
        assert not a.waiting
        await a.close()

    asyncio.run(run())


def test_an_answer_arriving_as_a_wait_runs_out_is_kept_for_the_next_wait() -> None:
    async def run() -> None:
        bus, a = await lone_caller()
        requests: list[dict[str, Any]] = []
        await bus.subscribe(node_channel("b"), lambda text: requests.append(json.loads(str(text))))
        # the owner is gone if asked: the answer in hand must win over asking
        call = asyncio.create_task(
            a.call("b", "move", table_id="t", user={}, args={}, timeout=30.0, alive=dead)
        )
        while not requests:
            await asyncio.sleep(0)
        (rid,) = a.waiting
        # the wait runs out, and the answer comes before the caller's task runs again
        a.waiting[rid].set_result(TIME_UP)
        a._on_message(json.dumps({"k": "rep", "id": rid, "ok": "answered"}))
        assert await asyncio.wait_for(call, 1.0) == "answered"
        await a.close()

    asyncio.run(run())

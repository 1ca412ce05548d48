"""Requests between server processes over the bus: a process asks a table's owner to act for a
player connected elsewhere, and waits for the answer.

Each process listens on its own channel ``node:<id>``. A request names the operation, the table,
the user and the arguments; the answer carries the result, the refusal's reason, or ``moved``
(the receiver does not own the table any more, so the caller finds the owner again).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from muggins.server.bus import Bus, Subscription
from muggins.server.loop import OnLoop

log = logging.getLogger(__name__)

SLOW_SECONDS = 5.0
"""An owner still holding the table that has not answered a request in this long is logged as slow
(once a request: the request asks far more often whether to go on waiting)."""


class NotOwnerError(LookupError):
    """The process asked does not own the table (any more)."""


class ForwardError(RuntimeError):
    """A refusal from the owner; the message is its reason, ``code`` its kind (an ``error``'s code)."""

    def __init__(self, reason: str, code: str = "refused") -> None:
        super().__init__(reason)
        self.code = code


Serve = Callable[[str, str, dict[str, Any], dict[str, Any]], Awaitable[Any]]
"""Runs a request on the owner: (operation, table id, user, arguments) -> a JSON-able result."""


def node_channel(node: str) -> str:
    return f"node:{node}"


TIME_UP: dict[str, Any] = {"k": "time up"}
"""What a request's wait holds when ``timeout`` passes before the answer (never a message: those
are parsed afresh)."""


def _time_up(future: asyncio.Future[dict[str, Any]]) -> None:
    if not future.done():
        future.set_result(TIME_UP)


class Forwarder(OnLoop):
    """Sends requests to other processes and serves theirs."""

    def __init__(self, bus: Bus, node: str, serve: Serve) -> None:
        self.bus, self.node, self.serve = bus, node, serve
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.sub: Subscription | None = None

    async def start(self) -> None:
        self.sub = await self.bus.subscribe(node_channel(self.node), self._on_message)

    async def close(self) -> None:
        if self.sub is not None:
            await self.sub.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def call(
        self,
        node: str,
        op: str,
        *,
        table_id: str,
        user: dict[str, Any],
        args: dict[str, Any],
        timeout: float,  # noqa: ASYNC109 - each wait asks alive() whether to go on, not one deadline
        alive: Callable[[], Awaitable[bool]] | None = None,
    ) -> Any:
        """Run ``op`` on ``node``; raises ``NotOwnerError``, ``ForwardError`` or ``TimeoutError``.
        After each ``timeout`` without an answer, ``alive()`` says whether to go on waiting (the
        node still owns the table: it is busy, and sending the request again could do it twice)."""
        rid = next(self.ids)
        loop = self.loop
        self.waiting[rid] = loop.create_future()
        request = {
            "k": "req",
            "id": rid,
            "from": self.node,
            "op": op,
            "table": table_id,
            "user": user,
            "args": args,
        }
        try:
            await self.bus.publish(node_channel(node), json.dumps(request))
            sent, warned = time.monotonic(), False
            while True:
                # a timer, not asyncio.wait_for(shield(...)): this wait is on every forwarded
                # move, and those add futures, callbacks and loop look-ups to each
                future = self.waiting[rid]
                timer = loop.call_later(timeout, _time_up, future)
                try:
                    reply = await future
                finally:
                    timer.cancel()
                if reply is not TIME_UP:
                    break
                if self.waiting[rid] is not future:  # the answer came as this wait ran out
                    continue
                self.waiting[rid] = loop.create_future()
                if alive is None or not await alive():
                    raise TimeoutError(f"{op} on table {table_id}: node {node} did not answer")
                if not warned and time.monotonic() - sent >= SLOW_SECONDS:
                    log.warning("%s on table %s: node %s is slow to answer; waiting", op, table_id, node)
                    warned = True
        finally:
            self.waiting.pop(rid, None)
        if reply.get("moved"):
            raise NotOwnerError(table_id)
        if "error" in reply:
            raise ForwardError(str(reply["error"]), str(reply.get("code", "refused")))
        return reply.get("ok")

    def _on_message(self, text: str) -> None:
        message = json.loads(text)
        if message.get("k") == "rep":
            rid = int(message["id"])
            future = self.waiting.get(rid)
            if future is None:
                return
            if future.done():  # its wait timed out a moment ago: the next wait finds the answer
                future = self.waiting[rid] = self.loop.create_future()
            future.set_result(message)
            return
        task = self.loop.create_task(self._answer(message))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _answer(self, request: dict[str, Any]) -> None:
        reply: dict[str, Any] = {"k": "rep", "id": request["id"]}
        try:
            reply["ok"] = await self.serve(request["op"], request["table"], request["user"], request["args"])
        except NotOwnerError:
            reply["moved"] = True
        except ForwardError as exc:
            reply["error"], reply["code"] = str(exc), exc.code
        except Exception:
            log.exception("serving %s for table %s failed", request.get("op"), request.get("table"))
            reply["error"], reply["code"] = "server error; nothing changed", "server_error"
        await self.bus.publish(node_channel(str(request["from"])), json.dumps(reply))

"""The link between an engine (docs/engines.md) and a bot account on a muggins server
(docs/server.md, "Bot accounts"): it answers challenges, joins each game the account is paired
in, asks an engine of its own for every move the account's seat is waited for, and sends the
engine's answer, until it has played the games it was asked for."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from muggins.bots.engine import Engine, EngineBot, EngineError
from muggins.games.errors import UnknownGameError

CLOCK_MARGIN = 1.0
"""Seconds of a turn clock left for the move to reach the server: an engine gets the rest."""

RECONNECT_SECONDS = 2.0
"""The wait before connecting again after the connection dropped."""

MESSAGES_A_SECOND = 15
"""The most messages the link sends in any second: fewer than a server allows (20 by default), as
a message refused for haste is time lost."""

CLOSES_FOR_GOOD = {1008, 4001}
"""Close codes after which connecting again would be refused alike: a broken rule, an ended session."""


class LinkError(RuntimeError):
    """The server refused the link (a bad token, an ended session): the reason, in words."""


@dataclass(frozen=True)
class Wanted:
    """What the link asks for: the engine, its seconds a move, which challenges it accepts, the
    games to play before stopping (None: go on), and a player to challenge again and again."""

    engine: str
    seconds: float = 10.0
    accept: str = "all"
    """``all``, ``rated``, ``casual`` or ``none``."""
    games: int | None = None
    challenge: str | None = None
    """The name of a player online to challenge (with ``asked``) while fewer games are going than wanted."""
    asked: dict[str, Any] = field(default_factory=dict)
    """The challenge's game, seats, options and rated, as the protocol's ``challenge`` has them."""


@dataclass
class Tally:
    """What a link did: games finished, moves sent, and the errors (the engine's and the server's)."""

    finished: int = 0
    moves: int = 0
    errors: list[str] = field(default_factory=list)


class BotLink:
    """One bot account's connection: its tables, an engine for each table it plays at."""

    def __init__(
        self,
        server: str,
        token: str,
        wanted: Wanted,
        *,
        say: Callable[[str], None] = print,
        warn: Callable[[str], None] = print,
    ) -> None:
        if urllib.parse.urlsplit(server).scheme not in ("http", "https"):
            raise LinkError(f"a server's address starts http:// or https://, not {server!r}")
        self.server, self.token, self.wanted = server.rstrip("/"), token, wanted
        self.say, self.warn = say, warn
        """Where the link tells what it does (challenges answered, games over) and what went wrong."""
        self.tally = Tally()
        self.me: dict[str, Any] = {}
        self.ws: ClientConnection | None = None
        self.bots: dict[str, EngineBot] = {}
        """Each table's engine, while its game goes on."""
        self.idle: list[Engine] = []
        """Engines whose games ended, for the next table."""
        self.latest: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        """Each table's latest view for the account's seat, and its clocks."""
        self.refused: dict[str, int] = {}
        """Each table's state in which a move was last refused."""
        self.sent: set[str] = set()
        """Tables where a move was sent and its ``events`` (or an error) not yet heard."""
        self.done: set[str] = set()
        """Tables whose games ended (counted once)."""
        self.started = 0
        """Games this link was paired in."""
        self.challenging = False
        self.recent: collections.deque[float] = collections.deque(maxlen=MESSAGES_A_SECOND)
        """When the latest messages were sent (monotonic seconds)."""

    # --- the connection ------------------------------------------------------------------------

    def ws_url(self) -> str:
        parts = urllib.parse.urlsplit(self.server)
        scheme = {"http": "ws", "https": "wss"}[parts.scheme]
        return urllib.parse.urlunsplit((scheme, parts.netloc, parts.path + "/ws", "", ""))

    def get(self, path: str) -> Any:
        """A GET of the server's API with the bot's token (JSON)."""
        url, auth = self.server + path, {"Authorization": f"Bearer {self.token}"}
        request = urllib.request.Request(url, headers=auth)  # noqa: S310 (http or https: checked when made)
        with urllib.request.urlopen(request, timeout=10) as reply:  # noqa: S310
            return json.loads(reply.read())

    async def run(self) -> Tally:
        """Play until the wanted games are finished, connecting again when the connection drops."""
        try:
            while not self.finished():
                try:
                    await self._connected()
                except ConnectionClosed as exc:
                    code = exc.rcvd.code if exc.rcvd else None
                    if code in CLOSES_FOR_GOOD:
                        reason = exc.rcvd.reason if exc.rcvd else ""
                        raise LinkError(f"the server closed the connection: {reason}") from None
                    self.warn(f"muggins bot: the connection dropped ({exc}); connecting again")
                except OSError as exc:
                    self.warn(f"muggins bot: cannot reach {self.server}: {exc}; trying again")
                await asyncio.sleep(RECONNECT_SECONDS)
        finally:
            for engine in [*self.idle, *(bot.engine for bot in self.bots.values())]:
                engine.close()
        return self.tally

    def finished(self) -> bool:
        return self.wanted.games is not None and self.tally.finished >= self.wanted.games

    async def _connected(self) -> None:
        async with connect(self.ws_url(), max_size=2**22) as ws:
            self.ws = ws
            await self.send(type="hello", token=self.token)
            welcome = json.loads(await ws.recv())
            if welcome["type"] != "welcome":
                raise LinkError(f"the server refused the token: {welcome.get('reason', welcome)}")
            self.me = welcome["user"]
            if self.me["kind"] != "bot_account":
                self.warn(
                    f"muggins bot: {self.me['name']} is not a bot account; playing as a {self.me['kind']}"
                )
            for table in await asyncio.to_thread(self.get, "/api/me/tables"):  # games going on already
                if table["status"] == "playing":
                    await self.send(type="join", table_id=table["id"])
            await self._challenge()
            async for text in ws:
                await self._on(json.loads(text))
                if self.finished():
                    return

    async def send(self, **message: Any) -> None:
        """Send a message, waiting first if ``MESSAGES_A_SECOND`` went in the last second."""
        assert self.ws is not None
        if len(self.recent) == MESSAGES_A_SECOND:
            await asyncio.sleep(max(0.0, self.recent[0] + 1.0 - time.monotonic()))
        self.recent.append(time.monotonic())
        await self.ws.send(json.dumps(message))

    # --- what the server says ------------------------------------------------------------------

    async def _on(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "challenge_update":
            await self._on_challenge(message["challenge"])
        elif kind == "paired":
            self.started += 1
            await self.send(type="join", table_id=message["table"]["id"])
        elif kind in ("table_state", "events") and message.get("view"):
            table_id, view = message["table_id"], message["view"]
            if view.get("you") is None:
                return
            if kind == "table_state" or message["seat"] == view["you"]:
                self.sent.discard(table_id)  # our move was made (or the whole state told again)
            self.latest[table_id] = view, message.get("clocks", [])
            await self._on_view(table_id)
        elif kind == "error":
            await self._on_error(message)

    async def _on_error(self, message: dict[str, Any]) -> None:
        """A refused message, said; a move refused as illegal is the engine's fault and ends its
        game (it resigns), another refused move is chosen again in the latest state, once."""
        table_id, code, move = message.get("table_id"), message.get("code"), message.get("request") == "move"
        if move and table_id in self.done:
            return  # a move overtaken by the game's end (an opponent resigned meanwhile)
        if not move or table_id not in self.sent:
            self._error(f"the server: {message.get('reason')}")
            return
        self.sent.discard(table_id)
        if code == "illegal":
            self._error(
                f"table {table_id}: the engine's move was refused ({message.get('reason')}); resigning"
            )
            await self._resign(table_id)
            return
        self._error(f"the server: {message.get('reason')}")
        state = self.latest[table_id][0]["state_id"]
        if code == "too_many":  # the server's limit is lower than ours: wait a second, and again
            await asyncio.sleep(1.0)
            await self._on_view(table_id)
            return
        if self.refused.get(table_id) != state:
            self.refused[table_id] = state
            await self._on_view(table_id)  # chosen again in the latest state, once
            return
        self._error(f"table {table_id}: its move was refused twice in one state; resigning")
        await self._resign(table_id)

    async def _on_challenge(self, challenge: dict[str, Any]) -> None:
        status, mine = challenge["status"], challenge["by"]["id"] == self.me["id"]
        if mine and status != "open":
            self.challenging = False
            if status != "accepted":  # challenging again would be refused again: stop
                raise LinkError(f"{challenge['to']['name']} {status} the challenge")
            return
        if mine or status != "open":
            return
        accept = self.wanted.accept
        take = not self._full() and accept in ("all", "rated" if challenge["rated"] else "casual")
        answer = "accept" if take else "decline"
        self.say(f"muggins bot: {answer} {challenge['by']['name']}'s challenge to {challenge['game']}")
        await self.send(type="answer_challenge", challenge_id=challenge["id"], answer=answer)

    def _full(self) -> bool:
        """Whether the games wanted are all started (no more are taken on)."""
        return self.wanted.games is not None and self.started >= self.wanted.games

    async def _challenge(self) -> None:
        """Challenge the player wanted, when no challenge of ours waits, no game of ours goes on and
        more are wanted."""
        name = self.wanted.challenge
        if name is None or self.challenging or self._full() or self.bots:
            return
        online = await asyncio.to_thread(self.get, "/api/online")
        found = [user for user in online if user["name"].casefold() == name.casefold()]
        if not found:
            raise LinkError(f"{name} is not online to challenge")
        self.challenging = True
        await self.send(type="challenge", user_id=found[0]["id"], **self.wanted.asked)

    async def _on_view(self, table_id: str) -> None:
        """Ask the table's engine for a move if the account's seat is waited for and no move of
        ours is on its way."""
        view, clocks = self.latest[table_id]
        if view.get("result") is not None:
            await self._game_over(table_id)
            return
        seat = view["you"]
        if table_id in self.sent or seat not in view["to_move"] or not view["legal_moves"]:
            return
        bot = self.bots.get(table_id)
        try:
            if bot is None:
                bot = self.bots[table_id] = EngineBot(self.idle.pop() if self.idle else self._engine())
            bot.engine.seconds = self._seconds(seat, clocks)
            move = str(await asyncio.to_thread(bot.choose, view))
        except EngineError as exc:
            self._error(f"table {table_id}: the engine {exc}; resigning")
            await self._resign(table_id)
            return
        except UnknownGameError as exc:
            self._error(f"table {table_id}: this muggins cannot play it ({exc}); resigning")
            await self._resign(table_id)
            return
        self.tally.moves += 1
        self.sent.add(table_id)
        await self.send(type="move", table_id=table_id, text=move, state_id=view["state_id"])

    async def _resign(self, table_id: str) -> None:
        """Resign the table's game for an engine that failed, which is stopped."""
        bot = self.bots.pop(table_id, None)
        if bot is not None:
            bot.engine.close()
        view, _ = self.latest[table_id]
        self.sent.add(table_id)
        await self.send(type="move", table_id=table_id, text="resign", state_id=view["state_id"])

    def _engine(self) -> Engine:
        return Engine(self.wanted.engine, seconds=self.wanted.seconds)

    def _seconds(self, seat: int, clocks: list[dict[str, Any]]) -> float:
        """The engine's time for this move: its own, or less where the seat's clock leaves less."""
        seconds = self.wanted.seconds
        for clock in clocks:
            if clock["seat"] == seat:
                left = clock["deadline"] - time.time() - CLOCK_MARGIN
                seconds = min(seconds, max(0.1, left))
        return seconds

    async def _game_over(self, table_id: str) -> None:
        if table_id in self.done:
            return
        self.done.add(table_id)
        bot = self.bots.pop(table_id, None)
        if bot is not None:
            self.idle.append(bot.engine)
        self.latest.pop(table_id, None)
        self.sent.discard(table_id)
        self.refused.pop(table_id, None)
        self.tally.finished += 1
        self.say(f"muggins bot: table {table_id}: game over ({self.tally.finished} finished)")
        with contextlib.suppress(LinkError):  # the player may have gone: the games played stand
            await self._challenge()

    def _error(self, what: str) -> None:
        self.tally.errors.append(what)
        self.warn(f"muggins bot: {what}")

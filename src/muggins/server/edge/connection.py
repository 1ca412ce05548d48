"""One client's WebSocket: validate each message, act for the client's own seat only, and forward
what the bus carries for the client's audiences. A refused message gets an ``error`` and changes
nothing; the connection stays open."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import pydantic
from starlette.websockets import WebSocket, WebSocketDisconnect

from muggins.server import messages
from muggins.server.accounts import NEW_PLAYERS_REFUSED, Auth, AuthError, TokenBucket, user_info
from muggins.server.bus import (
    Bus,
    Subscription,
    player_channel,
    seat_audience,
    session_channel,
    table_channel,
    tournament_channel,
)
from muggins.server.pairing import Pairing
from muggins.server.settings import Settings
from muggins.server.store import User
from muggins.server.tables import LOBBY, LOBBY_PAGE, WATCH, PlayerTable, TableError, Tables
from muggins.server.tournaments import Tournaments

log = logging.getLogger(__name__)

OUTBOX_LIMIT = 2000
"""A client this many messages behind is too slow to follow the game; it is disconnected."""

OUTBOX_BYTES = 8 * 1024 * 1024
"""A client with this many bytes waiting for it (a socket that never reads) is disconnected too:
what a slow reader costs the server is bounded in bytes, whatever the size of the messages."""

CLOSING_SECONDS = 5.0
"""How long a dropped connection's last messages and close may take to send."""

TOO_SLOW = (1008, "too slow to follow")
"""How a connection is closed when it is too far behind (its outbox is full)."""
SLOW_STATE_SECONDS = 2.0
"""A table's state slower than this to come (its events held back meanwhile) is logged."""
SESSION_ENDED = (4001, "your session has ended: you signed out or changed your password (sign in again)")
"""How a connection is closed when its player's session ends elsewhere (the client signs in again)."""


class RefusedError(ValueError):
    """A client message refused with a reason, and the kind of refusal (an ``error``'s code)."""

    def __init__(self, reason: str, code: messages.ErrorCode = "invalid") -> None:
        super().__init__(reason)
        self.code: messages.ErrorCode = code


Position = tuple[int, int]
"""(game number, state id): where a table's game is; every move at a table has a later one."""

_EVENTS_HEAD = re.compile(r'\{"type":"events","table_id":"[^"]*","state_id":(\d+),"game_number":(\d+),')


def position_of(text: str) -> Position:
    """The position an ``events`` text brings its audience to (read from its head, without parsing
    the whole message; any other layout is parsed)."""
    head = _EVENTS_HEAD.match(text)
    if head is not None:
        return int(head[2]), int(head[1])
    message = json.loads(text)
    return int(message.get("game_number", 0)), int(message["state_id"])


def update_position(text: str) -> Position:
    """The position of the game a ``table_update`` text shows."""
    table = json.loads(text)["table"]
    return int(table["game_number"]), int(table["state_id"])


@dataclass
class Joined:
    """A table this connection follows: as which seat, its subscriptions, and the position of the
    newest state the client has been sent (older or repeated messages are dropped, a gap is filled
    by sending the whole state again)."""

    table: PlayerTable
    seat: int | None
    subs: list[Subscription] = field(default_factory=list)
    sent: Position = (-1, -1)
    held: list[str] | None = None
    """Messages held while a whole state is on its way (None: deliver at once)."""


class Connection:
    """Serves one WebSocket until it closes."""

    def __init__(
        self,
        ws: WebSocket,
        tables: Tables,
        bus: Bus,
        auth: Auth,
        settings: Settings,
        *,
        pairing: Pairing,
        tournaments: Tournaments,
        address: str = "",
    ) -> None:
        self.ws, self.tables, self.bus, self.auth, self.settings = ws, tables, bus, auth, settings
        self.pairing = pairing
        self.tournaments = tournaments
        self.watching: Subscription | None = None
        """The tournament this connection watches (one at a time)."""
        self.address = address
        """The client's address: new players are counted by it."""
        self.user: User | None = None
        self.joined: dict[str, Joined] = {}
        self.following: dict[str, asyncio.Lock] = {}
        self.jobs: set[asyncio.Task[None]] = set()
        self.lobby: Subscription | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued = 0
        """Bytes in the outbox."""
        self.closing = False
        self.dropped = False
        """Too slow, or its session ended: the client is being disconnected."""
        self.why = TOO_SLOW
        """The close code and reason a dropped connection is given."""
        self.session: Subscription | None = None
        """The player's session channel (after hello)."""
        self.news: Subscription | None = None
        """The player's own channel (after hello: ``paired``, challenges; followed, it says the
        player is online)."""
        self.holder: str | None = None
        """This connection's name as the holder of its player's seek (from the first seek)."""
        self.epoch = 0
        """The token epoch of this connection's session."""
        self.serving: asyncio.Task[Any] | None = None
        self.receiving = False
        """The serving task is waiting for the client's next frame (it may be cancelled there)."""
        self.limit = TokenBucket(settings.rate_per_second, settings.rate_burst)
        self.flood_told = 0.0
        self.handlers: dict[type[Any], Callable[[Any], Awaitable[None]]] = {
            messages.Hello: self.on_hello,
            messages.Lobby: self.on_lobby,
            messages.Join: self.on_join,
            messages.Sit: self.on_sit,
            messages.Stand: self.on_stand,
            messages.MakeMove: self.on_move,
            messages.Ready: self.on_ready,
            messages.SendChat: self.on_chat,
            messages.Leave: self.on_leave,
            messages.Rematch: self.on_rematch,
            messages.HintRequest: self.on_hint,
            messages.Seek: self.on_seek,
            messages.Unseek: self.on_unseek,
            messages.SendChallenge: self.on_challenge,
            messages.AnswerChallenge: self.on_answer_challenge,
            messages.WatchTournament: self.on_watch_tournament,
            messages.Ping: self.on_ping,
        }

    # --- plumbing ----------------------------------------------------------------------------

    def send(self, message: messages.ServerMessage | str) -> None:
        """Queue a message for this client (bus handlers call this; it never blocks)."""
        if self.closing:
            return
        text = message if isinstance(message, str) else message.model_dump_json()
        if self.outbox.qsize() >= OUTBOX_LIMIT or self.queued + len(text) > OUTBOX_BYTES:
            self._drop()
            return
        self.queued += len(text)
        self.outbox.put_nowait(text)

    def _drop(self, why: tuple[int, str] = TOO_SLOW) -> None:
        """Stop serving the client, saying ``why`` (a close code and reason) if its socket still
        takes it: it is too far behind, or its session has ended. Its outbox and subscriptions go
        with it."""
        self.closing = self.dropped = True
        self.why = why
        self.outbox.put_nowait(None)
        if self.receiving and self.serving is not None:
            self.serving.cancel()  # waiting for a frame; a message being handled finishes first

    async def _writer(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    await self.ws.close(code=self.why[0], reason=self.why[1])
                    return
                self.queued -= len(text)
                await self.ws.send_text(text)
        finally:
            self.closing = True

    async def serve(self) -> None:
        await self.ws.accept()
        self.serving = asyncio.current_task()
        writer = asyncio.create_task(self._writer())
        try:
            while not self.dropped:
                self.receiving = True
                try:
                    if self.user is None:  # a socket that never says hello is not kept
                        frame = await asyncio.wait_for(self.ws.receive(), self.settings.hello_seconds)
                    else:
                        frame = await self.ws.receive()
                except TimeoutError:
                    await self.ws.close(
                        code=1008, reason=f"say hello within {self.settings.hello_seconds:g} s"
                    )
                    break
                finally:
                    self.receiving = False
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:
                    self._refuse("send JSON text frames, not binary", "invalid", None, None)
                    continue
                await self.handle(text)
        except WebSocketDisconnect:
            pass
        except asyncio.CancelledError:
            if not self.dropped:
                raise
            asyncio.current_task().uncancel()  # type: ignore[union-attr]  # our own cancel: served
        finally:
            await self._cleanup()
            if self.dropped and self.why is not TOO_SLOW:  # the writer says why, and closes
                with contextlib.suppress(TimeoutError, Exception):
                    await asyncio.wait_for(writer, CLOSING_SECONDS)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def _cleanup(self) -> None:
        for job in list(self.jobs):
            job.cancel()
        await asyncio.gather(*self.jobs, return_exceptions=True)
        if self.lobby is not None:
            await self.lobby.close()
        if self.session is not None:
            await self.session.close()
        if self.news is not None:
            await self.news.close()
        if self.watching is not None:
            await self.watching.close()
        if self.holder is not None and self.user is not None:
            with contextlib.suppress(Exception):  # a seek not let go now is dropped when stale
                await self.pairing.let_go(self.user, self.holder)
        for table_id in list(self.joined):
            await self._unjoin(table_id)

    async def handle(self, text: str) -> None:
        """Validate and act on one client frame; every refusal becomes an ``error`` reply."""
        rate = self.settings.rate_per_second
        if not self.limit.take():
            self._flooding(f"too many messages: at most {rate:g} a second")
            return
        if self.user is not None and not await self.tables.account_limits.take(self.user.id):
            self._flooding(f"too many messages from your account: at most {rate:g} a second in all")
            return
        if not await self.tables.address_limits.take(self.address):
            per_address = self.settings.address_rate
            self._flooding(f"too many messages from your address: at most {per_address:g} a second in all")
            return
        if len(text.encode()) > self.settings.max_message_bytes:
            most = self.settings.max_message_bytes
            self.send(messages.Error(reason=f"message too large: at most {most} bytes", code="too_large"))
            return
        request: str | None = None
        table_id: str | None = None
        try:
            try:
                message = messages.CLIENT_MESSAGES.validate_json(text)  # one pass, no dict built
            except pydantic.ValidationError:
                try:  # parsed again, for the reply: which request and table, and why
                    raw = json.loads(text)
                except json.JSONDecodeError as exc:
                    raise RefusedError(f"not JSON: {exc}") from None
                except RecursionError:
                    raise RefusedError("not a message: JSON nested too deeply") from None
                if isinstance(raw, dict):
                    request = str(raw.get("type"))[:32] if "type" in raw else None
                    table_id = raw.get("table_id") if isinstance(raw.get("table_id"), str) else None
                try:
                    message = messages.CLIENT_MESSAGES.validate_python(raw)
                except pydantic.ValidationError as exc:
                    raise RefusedError(_validation_reason(exc)) from None
            request, table_id = message.type, getattr(message, "table_id", None)
            if self.user is None and not isinstance(message, messages.Hello | messages.Ping):
                raise RefusedError("say hello first (with a token or a name)", "say_hello")
            await self.handlers[type(message)](message)
        except (RefusedError, TableError) as exc:
            self._refuse(str(exc), exc.code, request, table_id)
        except AuthError as exc:
            self._refuse(str(exc), "unauthorized", request, table_id)
        except Exception:
            log.exception("handling %r failed", text[:200])
            self._refuse("server error; nothing changed", "server_error", request, table_id)

    def _refuse(self, reason: str, code: messages.ErrorCode, request: str | None, table: str | None) -> None:
        """Tell the client its message was refused: why (in words), and what kind of refusal."""
        self.send(messages.Error(reason=reason, code=code, request=request, table_id=table))

    def _flooding(self, reason: str) -> None:
        """Refuse a message over a rate limit (telling the client at most once a second)."""
        now = time.monotonic()
        if now - self.flood_told >= 1:
            self.flood_told = now
            self.send(messages.Error(reason=reason, code="too_many"))

    # --- following tables -----------------------------------------------------------------------

    async def _follow(
        self, table: PlayerTable, *, if_seat_changed: bool = False, since: messages.LogMark | None = None
    ) -> None:
        """Subscribe to the table (and this user's seat there) and send the table's state (its
        log from ``since``, as ``Join`` says). One follow of a table at a time: two at once (a
        burst of seat changes) would leave one's subscriptions behind and every event would reach
        the client twice."""
        assert self.user is not None
        async with self.following.setdefault(table.id, asyncio.Lock()):
            seat = table.seat_of(self.user.id)
            old = self.joined.get(table.id)
            if if_seat_changed and (old is None or old.seat == seat):
                return
            joined = Joined(table, seat, held=[])
            joined.subs.append(await self.bus.subscribe(table_channel(table.id), self._table_handler(joined)))
            joined.subs.append(
                await self.bus.subscribe(
                    table_channel(table.id, WATCH if seat is None else seat_audience(seat, self.user.id)),
                    self._audience_handler(joined),
                )
            )
            if old is None:
                await table.attach(self.user)
            self.joined[table.id] = joined  # from here on only the new subscriptions deliver
            if old is not None:
                for sub in old.subs:
                    await sub.close()
            await self._send_current(joined, "followed", since)

    async def _send_current(self, joined: Joined, why: str, since: messages.LogMark | None = None) -> None:
        """Send the table's state as its owner has it now (the subscriptions are live, so nothing
        after it is missed), then the messages held meanwhile that are newer. ``why``: what asked
        for it, named in the log when the state is slow to come."""
        assert self.user is not None
        asked = time.monotonic()
        try:
            state = await joined.table.state(self.user, since)
        except BaseException:
            joined.held = None
            raise
        waited = time.monotonic() - asked
        if waited > SLOW_STATE_SECONDS:
            log.warning(
                "table %s: the state for user %s (%s) took %.1f s; %d messages held (sent %s, state %s)",
                joined.table.id,
                self.user.id,
                why,
                waited,
                len(joined.held or ()),
                joined.sent,
                state.position,
            )
        if self.joined.get(joined.table.id) is not joined:
            return
        if state.seat != joined.seat:
            # The seat changed hands meanwhile: follow the seat the table says is ours.
            joined.held = None
            self._spawn(self._follow(joined.table, if_seat_changed=True))
            return
        self._send_state(joined, state)
        held, joined.held = joined.held or [], None
        for text in held:
            self._deliver(joined, text)

    def _send_state(self, joined: Joined, state: messages.StateText) -> None:
        joined.sent = state.position
        self.send(state.text)

    def _table_handler(self, joined: Joined) -> Callable[[str], None]:
        """Forward table-wide messages; when this user's seat changed, follow the new seat."""
        table = joined.table

        def handler(text: str) -> None:
            if self.joined.get(table.id) is not joined:
                return  # a subscription being replaced
            self.send(text)
            if self.user is None or '"table_update"' not in text[:24]:
                return
            if table.seat_of(self.user.id) != joined.seat:
                self._spawn(self._follow(table, if_seat_changed=True))
            elif joined.held is None and (at := update_position(text)) > joined.sent:
                # Moves this client never heard of (an owner that stored a move and died before
                # publishing it): the table's new owner says where the game is; catch up.
                joined.held = []
                self._spawn(self._send_current(joined, f"table at {at} after {joined.sent}"))

        return handler

    def _audience_handler(self, joined: Joined) -> Callable[[str], None]:
        """Forward each state change of this connection's audience once, in order (held back
        while a whole state is on its way)."""
        table_id = joined.table.id

        def handler(text: str) -> None:
            if self.joined.get(table_id) is not joined:
                return  # a subscription being replaced
            if joined.held is not None:
                joined.held.append(text)
            else:
                self._deliver(joined, text)

        return handler

    def _deliver(self, joined: Joined, text: str) -> None:
        if text.startswith('{"type":"events"'):
            at = position_of(text)
            if at <= joined.sent:
                return  # the client has it already
            if at != (joined.sent[0], joined.sent[1] + 1):
                joined.held = []  # a move was missed (a lost bus message): send everything again
                self._spawn(self._send_current(joined, f"events at {at} after {joined.sent}"))
                return
            joined.sent = at
        elif text.startswith('{"type":"table_state"'):
            state = messages.StateText.read(text)
            if state.position < joined.sent:
                return
            self._send_state(joined, state)
            return
        self.send(text)

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self.jobs.add(task)
        task.add_done_callback(self._job_done)

    def _job_done(self, task: asyncio.Task[None]) -> None:
        self.jobs.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("following a table failed", exc_info=task.exception())

    async def _unjoin(self, table_id: str) -> None:
        async with self.following.setdefault(table_id, asyncio.Lock()):
            joined = self.joined.pop(table_id, None)
            if joined is None:
                return
            for sub in joined.subs:
                await sub.close()
            if self.user is not None:
                await joined.table.detach(self.user)

    def _table(self, table_id: str) -> PlayerTable:
        joined = self.joined.get(table_id)
        if joined is None:
            raise RefusedError(f"join table {table_id} first", "refused")
        return joined.table

    # --- handlers -----------------------------------------------------------------------------

    async def on_hello(self, msg: messages.Hello) -> None:
        if self.user is not None:
            raise RefusedError("you have already said hello", "refused")
        # The player's sessions are followed before their epoch is read: an end after it is heard.
        if msg.token:
            user_id, epoch = self.auth.claims(msg.token)
            await self._follow_sessions(user_id)
            try:
                user = await self.auth.user_at(user_id, epoch)  # one read of the store: a player returning
            except BaseException:
                await self._follow_sessions(None)
                raise
            token = self.auth.signed(user, epoch)
        elif msg.name:
            if not await self.tables.new_players.take(self.address):
                raise RefusedError(NEW_PLAYERS_REFUSED, "too_many")
            user = await self.auth.guest(msg.name)
            await self._follow_sessions(user.id)
            token, epoch = await self.auth.session(user)
        else:
            raise RefusedError("hello needs a token or a name")
        self.user, self.epoch = user, epoch
        self.news = await self.bus.subscribe(player_channel(user.id), self.send)
        self.send(messages.Welcome(user=user_info(user), token=token))

    async def _follow_sessions(self, user_id: int | None) -> None:
        """Hear when the sessions of player ``user_id`` end (None: of nobody)."""
        if self.session is not None:
            await self.session.close()
            self.session = None
        if user_id is not None:
            self.session = await self.bus.subscribe(session_channel(user_id), self._session_ended)

    def _session_ended(self, epoch: str) -> None:
        """The player logged out or changed their password (somewhere): a connection of a session
        from before is closed, and its client signs in again."""
        if int(epoch) > self.epoch:
            self._drop(SESSION_ENDED)

    async def on_lobby(self, msg: messages.Lobby) -> None:
        if self.lobby is None:
            self.lobby = await self.bus.subscribe(LOBBY, self.send)
        tables, total = self.tables.lobby_page(msg.page)
        pages = max(1, -(-total // LOBBY_PAGE))
        self.send(messages.TableList(tables=tables, page=msg.page, pages=pages, total=total))

    async def on_join(self, msg: messages.Join) -> None:
        table = await self.tables.get(msg.table_id)
        await self._follow(table, since=msg.since)
        for line in table.chat_log:
            self.send(line)

    async def on_sit(self, msg: messages.Sit) -> None:
        assert self.user is not None
        table = await self.tables.get(msg.table_id)
        if table.id not in self.joined:
            await self._follow(table)
        await table.sit(self.user, msg.seat)

    async def on_stand(self, msg: messages.Stand) -> None:
        assert self.user is not None
        await self._table(msg.table_id).stand(self.user)

    async def on_move(self, msg: messages.MakeMove) -> None:
        assert self.user is not None
        await self._table(msg.table_id).move(self.user, msg.text, msg.state_id)

    async def on_ready(self, msg: messages.Ready) -> None:
        assert self.user is not None
        await self._table(msg.table_id).ready(self.user)

    async def on_chat(self, msg: messages.SendChat) -> None:
        assert self.user is not None
        await self._table(msg.table_id).chat(self.user, msg.text)

    async def on_leave(self, msg: messages.Leave) -> None:
        assert self.user is not None
        table = self._table(msg.table_id)
        if not await table.leave(self.user):
            await self._unjoin(table.id)

    async def on_rematch(self, msg: messages.Rematch) -> None:
        assert self.user is not None
        await self._table(msg.table_id).ask_rematch(self.user)

    async def on_hint(self, msg: messages.HintRequest) -> None:
        assert self.user is not None
        self.send(await self._table(msg.table_id).hint(self.user))

    async def on_seek(self, msg: messages.Seek) -> None:
        assert self.user is not None
        self.holder = self.holder or self.pairing.holder()
        self.send(messages.Seeking(seek=await self.pairing.seek(self.user, msg, self.holder)))

    async def on_unseek(self, _msg: messages.Unseek) -> None:
        assert self.user is not None
        await self.pairing.unseek(self.user)
        self.send(messages.Seeking(seek=None))

    async def on_challenge(self, msg: messages.SendChallenge) -> None:
        assert self.user is not None
        await self.pairing.challenges.make(self.user, msg)  # told on the player's own channel

    async def on_answer_challenge(self, msg: messages.AnswerChallenge) -> None:
        assert self.user is not None
        await self.pairing.challenges.answer(self.user, msg.challenge_id, msg.answer)

    async def on_watch_tournament(self, msg: messages.WatchTournament) -> None:
        if self.watching is not None:
            await self.watching.close()
            self.watching = None
        if msg.tournament_id is None:
            return
        info = await self.tournaments.info(msg.tournament_id)  # no such tournament: refused
        self.watching = await self.bus.subscribe(tournament_channel(msg.tournament_id), self.send)
        self.send(messages.TournamentUpdate(tournament=info))

    async def on_ping(self, _msg: messages.Ping) -> None:
        self.send(messages.Pong())


def _validation_reason(exc: pydantic.ValidationError) -> str:
    """One line naming each wrong field of a client message."""
    problems = []
    for err in exc.errors()[:3]:
        where = ".".join(str(p) for p in err["loc"])
        problems.append(f"{where}: {err['msg']}" if where else err["msg"])
    return "malformed message: " + "; ".join(problems)

"""One table owned by this process: its seats, its game, its clocks, bots and chat.

Every change to a table goes through its lock, in this order: validate, change the game, store
the move, then broadcast (each seat its own redacted events and view, spectators the spectator
view). Clocks: a turn clock per waiting seat (reset when the seat moves, never carried over);
a pause (every waiting seat's only move is ``ready``, and none counts by hand) is an intermission;
a dropped player has a grace period, after which they leave the game. A game with a clock of its
own (``Game.clock_minutes``) has a game clock too: at the game's stored start plus the limit the
table makes ``time_up_move``.
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import logging
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal, Protocol

from muggins.bots.base import Bot
from muggins.bots.registry import make_bot
from muggins.games.base import Game
from muggins.games.errors import GameError
from muggins.games.moves import Leave as LeaveMove
from muggins.games.moves import Move, server_only_verbs
from muggins.games.moves import Ready as ReadyMove
from muggins.games.moves import Resign as ResignMove
from muggins.games.registry import load_game, new_game
from muggins.server import messages
from muggins.server.accounts import AccountLimits, TokenBucket, display, new_ratings, provisional, user_info
from muggins.server.bus import Bus, player_channel, seat_audience, table_channel
from muggins.server.clock import Clock, Timer
from muggins.server.messages import ErrorCode
from muggins.server.push import Pusher
from muggins.server.settings import Settings
from muggins.server.store import MEMBERS, GameRow, MoveRow, Rating, StaleOwnerError, Store, TableRow, User
from muggins.server.tables import hints
from muggins.server.tables.log import TableLog

log = logging.getLogger(__name__)

FINISH_RETRY_FIRST = 1.0
"""Seconds before the first new try of storing a finished game's result."""
FINISH_RETRY_MOST = 60.0

WATCH = "watch"
"""The audience name of spectators."""

LOG_EVENTS = 200
"""How many of a game's latest events a table's state carries (the browser's log keeps as many)."""

CHAT_LINES = 50
"""How many of a table's latest chat lines are kept to show a newcomer."""

GAME_MINUTE = 60.0
"""Seconds in a minute of a game's time limit (tests shorten it)."""


DAY = 86400
"""Seconds in a day: a correspondence table's clocks are days."""


class TableError(ValueError):
    """A request the table refuses; the message is the reason the client sees, ``code`` its kind
    (on the WebSocket), ``status`` the HTTP status the app's handler answers with."""

    code: ClassVar[ErrorCode] = "refused"
    status: ClassVar[int] = 409
    retry_after: ClassVar[int | None] = None
    """Seconds after which the same request may be answered (an HTTP ``Retry-After``), if any."""


class TableSettingsError(TableError):
    """A new table's settings are refused: an option, a seat, a bot, or one table too many."""

    status: ClassVar[int] = 400


class NoTableError(TableError):
    """No table has that id."""

    code: ClassVar[ErrorCode] = "no_table"
    status: ClassVar[int] = 404


class StaleMoveError(TableError):
    """A move chosen before the seat's choices last changed."""

    code: ClassVar[ErrorCode] = "stale"


class RulesError(TableError):
    """The game's rules refuse the move now (its reason is the engine's)."""

    code: ClassVar[ErrorCode] = "illegal"


class QuotaError(TableError):
    """The player has used up an allowance for now: hints this minute, chat lines."""

    code: ClassVar[ErrorCode] = "too_many"
    status: ClassVar[int] = 429
    retry_after: ClassVar[int | None] = 60


class BusyError(TableError):
    """Nothing changed because a part of the server did not answer in time; try again."""

    code: ClassVar[ErrorCode] = "busy"
    status: ClassVar[int] = 503
    retry_after: ClassVar[int | None] = 1


class NotStoredError(BusyError):
    """A move the store could not keep (nothing changed); it may be tried again."""


def move_told(
    game: Game,
    told: TableLog,
    viewer: int | None,
    *,
    table_id: str,
    game_number: int,
    seat: int,
    by: str,
    count: int,
    clocks: list[messages.SeatClock],
) -> str:
    """The ``events`` message of ``game``'s last move (by ``seat``, ``count`` events) as ``viewer``
    (a seat, None: a spectator) receives it: what of the move the game lets them read
    (``Game.move_seen``), its events as they may see them (the public ones written once), their view."""
    return messages.events_json(
        table_id=table_id,
        state_id=game.state_id,
        game_number=game_number,
        seat=seat,
        move=game.move_seen(seat, game.moves[-1][1], viewer),
        by=by,
        events=told.latest(game, viewer, count),
        view=game.view(viewer),
        clocks=clocks,
    )


def table_error(code: str, reason: str) -> TableError:
    """The table error of kind ``code`` (as another process refused a request), with its reason."""
    kinds = (NoTableError, StaleMoveError, RulesError, QuotaError, BusyError)
    return next((kind for kind in kinds if kind.code == code), TableError)(reason)


class TableOwner(Protocol):
    """What a table is given by whoever holds it (``manager.Tables``, or a cluster's): the services
    it uses, and the calls by which it tells its owner what changed. A table never names its owner."""

    store: Store
    bus: Bus
    settings: Settings
    clock: Clock
    hints: AccountLimits
    """Hints per account (each is a search on this process's CPU)."""
    tasks: set[asyncio.Task[None]]
    """The owner's running tasks: a table's own join them, so closing the owner cancels them."""
    pusher: Pusher
    """Tells players away of their turns (Web Push)."""

    def fence(self, table: Table) -> int | None:
        """The ownership epoch ``table``'s moves are written with (None: no fencing)."""

    async def listening(self, table: Table, audience: str) -> bool:
        """Whether anybody could hear a message for ``audience`` at ``table``."""

    async def lobby_changed(self, table: Table, update: messages.TableUpdate) -> None:
        """``table`` changed as the lobby shows it."""

    def taken_over(self, table_id: str) -> None:
        """A write found that another process owns ``table_id`` now."""

    def forget_if_idle(self, table: Table) -> None:
        """``table`` may be done with: drop it from memory if it is finished and nobody follows it."""


class Table:
    """A table and, once every seat is filled, its game."""

    def __init__(self, row: TableRow, users: dict[int, User], owner: TableOwner) -> None:
        self.row = row
        self.users = users
        self.owner = owner
        self.lock = asyncio.Lock()
        self.game: Game | None = None
        self.events_told = TableLog(row.game, LOG_EVENTS)
        """The latest events' words, as every message of the table writes them."""
        self.game_id: int | None = None
        self.game_number = 0
        self.bots: dict[int, Bot] = {}
        self.clocks: dict[int, messages.SeatClock] = {}
        self.grace: dict[int, tuple[messages.SeatClock, Timer]] = {}
        self.timer: Timer | None = None
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.present: collections.Counter[int] = collections.Counter()
        self.attachments: dict[str, User] = {}
        """The connections attached through a cluster's handles, by key, with their users (told
        twice, counted once; a dead process's are detached by its key)."""
        self.rematch: set[int] = set()
        self.chat_log: collections.deque[messages.Chat] = collections.deque(maxlen=CHAT_LINES)
        self.chat_limits: dict[int, TokenBucket] = {}
        self.epochs: dict[int, int] = {}
        """Seat -> the state in which its legal moves last changed: a move chosen before it is stale."""
        self.choices: dict[int, list[Move]] = {}
        self.time_limit: float | None = None
        """When the game clock runs out (Unix time), for a game with a time limit not yet called."""
        self.idle: Timer | None = None
        """Closes a table that has not started once nobody seated has been at it for a while."""
        self.unwatched: Timer | None = None
        """Running while a table of bots alone has nobody connected: when it fires, the table ends."""

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def clock(self) -> Clock:
        """The time this table keeps: its owner's clock."""
        return self.owner.clock

    # --- loading and starting ----------------------------------------------------------------

    def resume(self, stored: GameRow, *, since: float | None = None) -> None:
        """Rebuild the game from its stored record (after a restart) and restart its clocks (from
        ``since``, the time of the last stored move, when another process owned the table until just
        now); each player's grace period starts too, ending when they reconnect."""
        self.game = load_game(stored.record())
        self.game_id, self.game_number = stored.id, stored.number
        length = _time_limit(self.game)
        self.time_limit = None if length is None else stored.started_at + length
        self._make_bots()
        self._note_choices()
        if self.game.is_over:
            # Its result was never stored (the process stopped while the write failed): store it now.
            self._spawn(self._finish())
        else:
            self._reset_clocks(mover=None, start=since)
            self._schedule()
            for seat, (_, bot) in self.row.seats.items():
                if bot is None:
                    self._start_grace(seat)  # nobody is connected to a freshly loaded table

    def _make_bots(self) -> None:
        assert self.game is not None
        self.bots = {
            seat: make_bot(self.row.game, bot, seed=self.game.seed + seat)
            for seat, (_, bot) in self.row.seats.items()
            if bot is not None
        }

    async def start_game(self) -> None:
        """Every seat is filled: deal a new game, store it, tell everyone at the table."""
        game = new_game(self.row.game, players=self.row.players, **self.row.options)
        header = {k: v for k, v in game.record().items() if k != "moves"}
        seat_users = [self.row.seats[s][0] for s in range(self.row.players)]
        started = self.clock.time()
        self.game_id = await self.owner.store.start_game(
            self.id, self.game_number + 1, header, seat_users, at=started
        )
        self.game, self.game_number = game, self.game_number + 1
        length = _time_limit(game)
        # the game clock runs from the start as stored, as it will after a restart
        self.time_limit = None if length is None else started + length
        self.row.status = "playing"
        self.rematch.clear()
        self._make_bots()
        self._note_choices()
        self._reset_clocks(mover=None)
        for seat, (uid, bot) in self.row.seats.items():
            if bot is None and self.present[uid] == 0:
                self._start_grace(seat)  # sat down, then went away before the game began
        await self._publish_states()
        await self.changed()
        self._schedule()

    # --- what clients see -----------------------------------------------------------------

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` holds here, if any."""
        return next((s for s, (uid, bot) in self.row.seats.items() if uid == user_id and bot is None), None)

    def info(self) -> messages.TableInfo:
        game = self.game
        left = set(game.left) if game else set()
        seats = []
        for seat in range(self.row.players):
            uid, bot = self.row.seats.get(seat, (None, None))
            user = self.users.get(seat)
            seats.append(
                messages.SeatInfo(
                    seat=seat,
                    user=user_info(user) if user and uid is not None else None,
                    bot=bot,
                    connected=bot is not None or (uid is not None and self.present[uid] > 0),
                    left=seat in left,
                    rematch=seat in self.rematch,
                )
            )
        return messages.TableInfo(
            id=self.id,
            game=self.row.game,
            players=self.row.players,
            options=self.row.options,
            time=messages.TimeControls(
                turn_time=self.row.turn_time,
                count_time=self.count_time,
                intermission=self.row.intermission,
                days=self.row.days,  # type: ignore[arg-type]  # stored from a TimeControls
            ),
            hints=self.row.hints,
            private=self.row.private,
            rated=self.row.rated,
            status=self.row.status,  # type: ignore[arg-type]
            seats=seats,
            game_id=self.game_id,
            game_number=self.game_number,
            state_id=game.state_id if game else 0,
            scores=list(game.scores) if game else [],
            to_move=sorted(game.to_move) if game and not game.is_over else [],
            created_by=self.row.created_by,
            invite=f"/?table={self.id}",
        )

    def all_clocks(self) -> list[messages.SeatClock]:
        now = self.clock.time()
        running = [*self.clocks.values(), *(clock for clock, _ in self.grace.values())]
        if self.time_limit is not None:
            running.append(messages.SeatClock(seat=None, kind="game", deadline=self.time_limit, remaining=0))
        return [
            messages.SeatClock.model_construct(
                seat=c.seat, kind=c.kind, deadline=c.deadline, remaining=round(max(0.0, c.deadline - now), 3)
            )
            for c in running
        ]

    def state_for(self, seat: int | None, since: messages.LogMark | None = None) -> messages.StateText:
        """Everything the holder of ``seat`` (None: a spectator) sees at this table now; its log
        from ``since`` (as ``Join`` says) or the latest ``LOG_EVENTS``."""
        return self.states_for([seat], since)[0]

    def states_for(
        self, seats: Sequence[int | None], since: messages.LogMark | None = None
    ) -> list[messages.StateText]:
        """``state_for`` each of ``seats``; the words of the events every seat sees alike (those
        not secret) are the table's log's (``TableLog``), written once."""
        game, info, clocks = self.game, self.info(), self.all_clocks()
        position = (info.game_number, info.state_id)
        states = []
        for seat in seats:
            log_from, count = self._log_range(seat, since)
            text = messages.table_state_json(
                table_id=self.id,
                table=info,
                seat=seat,
                view=game.view(seat) if game else None,
                clocks=clocks,
                log_from=log_from,
                log=self.events_told.latest(game, seat, count) if game else [],
            )
            states.append(messages.StateText(seat, position, text))
        return states

    def _log_range(self, seat: int | None, since: messages.LogMark | None) -> tuple[int, int]:
        """Where the log of ``seat``'s state starts in the game's events, and how many it holds:
        after ``since`` when the client holds this game's log as this seat sees it and is no more
        than ``LOG_EVENTS`` behind; else the latest ``LOG_EVENTS``."""
        total = len(self.game.events) if self.game else 0
        if (
            since is not None
            and (since.game_number, since.seat) == (self.game_number, seat)
            and total - LOG_EVENTS <= since.events <= total
        ):
            return since.events, total - since.events
        count = min(total, LOG_EVENTS)
        return total - count, count

    async def state(self, user: User, since: messages.LogMark | None = None) -> messages.StateText:
        """What ``user`` sees now, read under the table's lock (every move in it is stored and
        published): their seat's state, or a spectator's if they hold no seat (``state_for``)."""
        async with self.lock:
            return self.state_for(self.seat_of(user.id), since)

    def audiences(self) -> list[tuple[str, int | None]]:
        """Each audience's key and the seat it sees as (None: spectators). A seat's audience is its
        holder (``seat_audience``), so one who stands up hears nothing more of that seat."""
        held = [(seat_audience(seat, uid), seat) for seat, (uid, _bot) in sorted(self.row.seats.items())]
        return [*held, (WATCH, None)]

    async def _publish(self, audience: int | str | None, message: messages.ServerMessage) -> None:
        await self.owner.bus.publish(table_channel(self.id, audience), message.model_dump_json())

    def audience_states(self, audiences: Sequence[tuple[str, int | None]]) -> list[tuple[str, str]]:
        """Each of ``audiences`` (as ``audiences`` gives them) with its state, as the channel and
        the text to publish there (``states_for``)."""
        states = self.states_for([seat for _, seat in audiences])
        return [
            (table_channel(self.id, audience), state.text)
            for (audience, _), state in zip(audiences, states, strict=True)
        ]

    async def _publish_states(self) -> None:
        await self.owner.bus.publish_many(self.audience_states(self.audiences()))

    async def changed(self) -> None:
        """Seats or status changed: tell the table and the lobby."""
        update = messages.TableUpdate(table=self.info())
        await self._publish(None, update)
        await self.owner.lobby_changed(self, update)

    # --- requests from players -------------------------------------------------------------

    def _need_seat(self, user: User) -> int:
        seat = self.seat_of(user.id)
        if seat is None:
            raise TableError(f"you have no seat at table {self.id}")
        return seat

    async def sit(self, user: User, seat: int | None) -> int:
        async with self.lock:
            if self.row.status != "waiting":
                raise TableError(f"table {self.id} is {self.row.status}; seats are taken only before a game")
            if self.seat_of(user.id) is not None:
                raise TableError(f"you already sit at table {self.id}")
            empty = [s for s in range(self.row.players) if s not in self.row.seats]
            if seat is None:
                if not empty:
                    raise TableError(f"table {self.id} has no empty seat")
                seat = empty[0]
            elif seat not in empty:
                raise TableError(f"seat {seat} is not an empty seat at table {self.id} (empty: {empty})")
            await self.owner.store.set_seat(self.id, seat, user.id, None)
            self.row.seats[seat] = (user.id, None)
            self.users[seat] = user
            if len(self.row.seats) == self.row.players:
                await self.start_game()
            else:
                await self.changed()
            self.watch_idle()
            return seat

    async def stand(self, user: User) -> None:
        async with self.lock:
            seat = self._need_seat(user)
            if self.row.status == "playing":
                raise TableError("the game has started: send 'leave' to leave it")
            await self._empty_seat(seat)
            await self._close_if_deserted()
            await self.changed()
            self.watch_idle()

    def _deserted(self) -> bool:
        """Not started, and no person seated is connected to it."""
        return self.row.status == "waiting" and not any(
            self.present[uid] for uid, bot in self.row.seats.values() if bot is None
        )

    def watch_idle(self, dropped: bool = False) -> None:
        """(Re)start the idle clock of a table that has not started and that nobody seated is at:
        it closes, so tables whose makers went away, or were made only to fill the lobby, do not
        stay listed. A table deserted by a seated player's last connection dropping (``dropped``)
        closes after the same grace period a game gives them; one nobody seated ever came to,
        after ``waiting_idle_minutes``."""
        if self.idle is not None:
            self.idle.cancel()
            self.idle = None
        if self._deserted():
            settings = self.owner.settings
            delay = settings.grace if dropped else settings.waiting_idle_minutes * 60
            self.idle = self.clock.call_later(delay, lambda: self._spawn(self._close_idle()))

    def _bots_alone_unwatched(self) -> bool:
        """Every seat is a bot's and no person is connected: the bots wait for an audience."""
        seats = self.row.seats.values()
        alone = bool(seats) and all(bot is not None for _, bot in seats)
        return alone and not self.present and self.owner.settings.bots_alone_wait

    def _pause_bots_alone(self) -> None:
        """A game of bots alone that nobody watches waits; after ``bot_table_idle_minutes`` so it
        ends, so such tables cost nothing unwatched and do not stay for good."""
        if self.unwatched is None and self.row.status == "playing":
            delay = self.owner.settings.bot_table_idle_minutes * 60
            self.unwatched = self.clock.call_later(delay, lambda: self._spawn(self._end_unwatched()))

    async def _end_unwatched(self) -> None:
        async with self.lock:
            self.unwatched = None
            if not self._bots_alone_unwatched() or self.row.status != "playing":
                return
            self.close()
            self.row.status = "finished"
            await self.owner.store.set_status(self.id, "finished")
        await self.changed()
        self.owner.forget_if_idle(self)

    async def _close_idle(self) -> None:
        async with self.lock:
            if not self._deserted():
                return
            self.row.status = "finished"
            await self.owner.store.set_status(self.id, "finished")
        await self.changed()
        self.owner.forget_if_idle(self)

    async def _close_if_deserted(self) -> None:
        """A table that has not started and has no person seated any more is closed (as finished),
        so the lobby does not fill with empty tables."""
        if self.row.status == "waiting" and all(bot is not None for _, bot in self.row.seats.values()):
            self.row.status = "finished"
            await self.owner.store.set_status(self.id, "finished")

    async def _empty_seat(self, seat: int) -> None:
        await self.owner.store.set_seat(self.id, seat, None, None)
        self.row.seats.pop(seat, None)
        self.users.pop(seat, None)
        self.rematch.discard(seat)

    async def move(self, user: User, text: str, state_id: int) -> None:
        seat = self._need_seat(user)
        verb = text.split(maxsplit=1)[0].lower() if text.split() else ""
        if verb in server_only_verbs():
            raise TableError(f"'{verb}' is made by the table's clock, never by a player")
        async with self.lock:
            game = self._live_game()
            if not self.epochs.get(seat, 0) <= state_id <= game.state_id:
                raise StaleMoveError(
                    f"stale move: it was chosen in state {state_id}, and your choices changed in state "
                    f"{self.epochs.get(seat, 0)} (the game is in state {game.state_id})"
                )
            await self._apply(seat, text, "player")

    async def ready(self, user: User) -> None:
        seat = self._need_seat(user)
        async with self.lock:
            self._live_game()
            if not self._pausing(seat):
                raise TableError("there is no intermission to end now")
            await self._apply(seat, str(ReadyMove()), "player")

    async def leave(self, user: User) -> bool:
        """Leave the game (worst unfilled rank, the hand ends) or, before it, the seat.
        Returns False if the user had no seat (they only stop watching)."""
        seat = self.seat_of(user.id)
        if seat is None:
            return False
        async with self.lock:
            if self.row.status == "playing" and self.game is not None and seat not in self.game.left:
                await self._apply(seat, str(LeaveMove()), "leave")
            elif self.row.status != "playing":
                await self._empty_seat(seat)
                await self._close_if_deserted()
                await self.changed()
        return True

    async def ask_rematch(self, user: User) -> None:
        seat = self._need_seat(user)
        async with self.lock:
            if self.row.status != "finished":
                raise TableError("a rematch can be asked for only when the game is over")
            self.rematch.add(seat)
            # who left the table gives up the seat; who resigned keeps it, and is asked too
            left = set(self.game.left) - set(self.game.resigned) if self.game else set()
            humans = {s for s, (_, bot) in self.row.seats.items() if bot is None and s not in left}
            if humans <= self.rematch:
                for s in left:
                    await self._empty_seat(s)
                if len(self.row.seats) == self.row.players:
                    await self.start_game()
                    return
                self.row.status = "waiting"
                await self.owner.store.set_status(self.id, "waiting")
            await self.changed()

    async def chat(self, user: User, text: str) -> None:
        limit = self.chat_limits.setdefault(
            user.id, TokenBucket(self.owner.settings.chat_per_minute / 60, self.owner.settings.chat_burst)
        )
        if not limit.take():
            raise QuotaError(f"too much chat: at most {self.owner.settings.chat_per_minute} lines a minute")
        line = messages.Chat(table_id=self.id, user=user_info(user), text=text, at=self.clock.time())
        await self.owner.store.add_chat(self.id, user.id, text, line.at)
        self.chat_log.append(line)
        await self._publish(None, line)

    async def hint(self, user: User) -> messages.Hint:
        seat = self._need_seat(user)
        if not self.row.hints:
            raise TableError("hints are turned off at this table")
        game = self._live_game()
        refused = hints.refusal(game, seat)
        if refused is not None:
            raise TableError(refused)
        if not await self.owner.hints.take(user.id):
            most = self.owner.settings.hints_per_minute
            raise QuotaError(f"you have had {most} hints in the last minute: wait a little")
        view, state_id = game.view(seat), game.state_id
        move, reason, details = await asyncio.get_running_loop().run_in_executor(
            None, hints.hint, self.row.game, view
        )
        return messages.Hint(table_id=self.id, state_id=state_id, move=move, reason=reason, details=details)

    # --- presence ---------------------------------------------------------------------------

    async def attach_as(self, user: User, key: str) -> None:
        """``attach`` a connection a cluster's handle names by ``key``: a takeover's re-attach may
        tell of one that joined this owner already, which counts once."""
        if key not in self.attachments:
            self.attachments[key] = user
            await self.attach(user)

    async def detach_as(self, user: User, key: str) -> None:
        """``detach`` the connection named ``key`` (one this owner was never told of is not here)."""
        if self.attachments.pop(key, None) is not None:
            await self.detach(user)

    async def attach(self, user: User) -> None:
        """A connection of ``user`` joined: cancel their grace period."""
        self.present[user.id] += 1
        self.watch_idle()
        if self.unwatched is not None:  # an audience: the bots play on
            self.unwatched.cancel()
            self.unwatched = None
            self._schedule()
        seat = self.seat_of(user.id)
        if seat is not None and self.present[user.id] == 1:
            pending = self.grace.pop(seat, None)
            if pending:
                pending[1].cancel()
            await self.changed()

    async def detach(self, user: User) -> None:
        """A connection of ``user`` went away: with none left, a seated player's grace period starts."""
        self.present[user.id] -= 1
        if self.present[user.id] > 0:
            return
        del self.present[user.id]
        self.watch_idle(dropped=self.seat_of(user.id) is not None)
        if self._bots_alone_unwatched():
            self._pause_bots_alone()
        seat = self.seat_of(user.id)
        if seat is None:
            self.owner.forget_if_idle(self)
            return
        if self._start_grace(seat):
            await self.tell_clocks()
        await self.changed()
        self.owner.forget_if_idle(self)

    async def tell_clocks(self) -> None:
        """Tell the table its clocks where they changed without a move (a grace period began)."""
        if self.grace:
            await self._publish(None, messages.Clock(table_id=self.id, clocks=self.all_clocks()))

    def _start_grace(self, seat: int) -> bool:
        """Start the grace period of a seated player with no connection (if they are still playing;
        a correspondence game waits for its players: only their clocks run)."""
        game = self.game
        if self.row.status != "playing" or game is None or seat in game.left or seat in self.grace:
            return False
        if self.row.days:
            return False
        grace = self.owner.settings.grace
        clock = messages.SeatClock(
            seat=seat, kind="grace", deadline=self.clock.time() + grace, remaining=grace
        )
        handle = self.clock.call_later(grace, lambda: self._spawn(self._grace_over(seat)))
        self.grace[seat] = (clock, handle)
        return True

    async def _grace_over(self, seat: int) -> None:
        self.grace.pop(seat, None)
        async with self.lock:
            game = self.game
            if self.row.status == "playing" and game is not None and seat not in game.left:
                await self._apply(seat, str(LeaveMove()), "leave")

    # --- the heart: apply, store, broadcast ----------------------------------------------------

    def _live_game(self) -> Game:
        if self.game is None or self.row.status == "waiting":
            raise TableError(f"the game at table {self.id} has not started")
        if self.game.is_over:
            raise TableError(f"the game at table {self.id} is over")
        return self.game

    def _pausing(self, seat: int) -> bool:
        """Is ``seat`` waited for only to say it is ready (an intermission, not a turn)?"""
        return self._clock_kind(seat) == "intermission"

    async def _apply(self, seat: int, text: str, by: str) -> None:
        """Make a move (the lock is held): the game validates it, the store keeps it, then everyone
        at the table hears of it. A refused move changes nothing."""
        game = self._live_game()
        try:
            events = game.apply(seat, text)
        except GameError as exc:
            raise RulesError(str(exc)) from None
        move = str(game.moves[-1][1])
        assert self.game_id is not None
        try:
            await self.owner.store.append_move(
                self.game_id,
                MoveRow(game.state_id - 1, seat, move, by, self.clock.time()),
                epoch=self.owner.fence(self),
            )
        except Exception as exc:
            record = game.record()
            record["moves"].pop()
            self.game = load_game(record)
            if isinstance(exc, StaleOwnerError):
                # another process took the table over (this one stalled past its lease): it runs
                # the game from the stored record now, and the player chooses again there
                log.warning("table %s: a move refused, the table was taken over: %s", self.id, exc)
                self.owner.taken_over(self.id)
                raise StaleMoveError("stale move: the table moved to another server; choose again") from None
            log.exception("storing a move at table %s failed", self.id)
            raise NotStoredError("the move could not be stored; try again") from None
        self._note_choices()
        waited = dict(self.clocks)
        self._reset_clocks(mover=None if by == "clock" else seat)
        try:
            await self._publish_events(seat, by, len(events))
        except Exception:
            # The move is stored: it stands. Everyone at the table gets the whole state instead.
            log.exception("publishing a move at table %s failed; sending the table's state again", self.id)
            self._spawn(self._publish_states_again())
        if game.is_over:
            await self._finish()
        elif self.row.days:
            await self._tell_turns(waited)
        self._schedule()

    async def _tell_turns(self, before: dict[int, messages.SeatClock]) -> None:
        """Tell each person whose correspondence clock has just started that it is their turn, on
        their own channel (they may be anywhere, or nowhere: then they see it in their games)."""
        for seat, clock in self.clocks.items():
            uid, bot = self.row.seats.get(seat, (None, None))
            if uid is None or bot is not None or before.get(seat) is clock or clock.kind == "intermission":
                continue
            told = messages.YourTurn(table_id=self.id, game=self.row.game, deadline=clock.deadline)
            await self.owner.bus.publish(player_channel(uid), told.model_dump_json())
            self.owner.pusher.your_turn(uid, told)  # and their browsers, if no page of theirs is open

    async def _publish_events(self, seat: int, by: str, count: int) -> None:
        """Each audience hears of a stored move: its ``count`` events as it may see them, and its new view."""
        game = self.game
        assert game is not None
        clocks = self.all_clocks()
        sends = []
        for audience, viewer in self.audiences():
            if not await self.owner.listening(self, audience):
                continue
            message = move_told(
                game,
                self.events_told,
                viewer,
                table_id=self.id,
                game_number=self.game_number,
                seat=seat,
                by=by,
                count=count,
                clocks=clocks,
            )
            sends.append((table_channel(self.id, audience), message))
        await self.owner.bus.publish_many(sends)  # one batch on the bus, no task per audience

    async def _publish_states_again(self) -> None:
        """Send every audience its whole state until the bus takes it (after a failed publish)."""
        pause = 0.2
        while True:
            await self.clock.sleep(pause)
            try:
                async with self.lock:
                    await self._publish_states()
                return
            except Exception:  # noqa: BLE001 - the bus is away: said, and tried again
                log.warning("table %s: the bus still refuses the state; trying again", self.id)
                pause = min(5.0, pause * 2)

    async def _finish(self) -> None:
        """The game is over: stop its clocks and store its result and the new ratings. A failed
        write (the database away, a value it refuses) is tried again in the background until it
        is stored, so the table never stays "playing" for good; the move that ended the game
        stands either way."""
        game = self.game
        assert game is not None and game.result is not None and self.game_id is not None
        for _, handle in self.grace.values():
            handle.cancel()
        self.grace.clear()
        self.time_limit = None
        try:
            await self._store_result()
        except Exception:  # whatever the store raised, the result is tried again
            log.exception("table %s: storing the result failed; trying again", self.id)
            self._spawn(self._store_result_until_done())

    async def _store_result(self) -> None:
        game = self.game
        assert game is not None and game.result is not None and self.game_id is not None
        result = game.result.to_dict()
        seat_users = [self.row.seats[s][0] for s in range(self.row.players)]
        old: list[Rating] = []
        rated: list[Rating] = []
        if await self._rated():  # the old ratings are read only for a game that changes them
            old = await self.owner.store.ratings(seat_users, self.row.game, self.row.players)
            rated = new_ratings(self.row.game, seat_users, result["ranks"], old, game.sides)
            programs = {user.id for user in self.users.values() if user.kind == "bot_account"}
            if programs:  # a program's game moves no one else's rating (docs/server.md, "Bot accounts")
                rated = [r for r in rated if r.user_id in programs]
        await self.owner.store.finish_game(self.game_id, result, rated, at=self.clock.time())
        self.row.status = "finished"
        if rated:
            await self._publish(None, self._rating_changes(seat_users, old, rated))
        await self.changed()
        self.owner.forget_if_idle(self)

    def _rating_changes(
        self, seat_users: list[int], old: list[Rating], rated: list[Rating]
    ) -> messages.Rated:
        """Each seat's rating before (``old``, none for a first game) and after (``rated``) this game."""
        before = {r.user_id: r for r in old}  # read for this game and seat count
        after = {r.user_id: r for r in rated}  # every seat's player whose rating moved
        changes = [
            messages.RatingChange(
                seat=seat,
                user=user_info(self.users[seat]),
                before=display(before[uid]) if uid in before else None,
                after=display(after[uid]),
                provisional=provisional(after[uid]),
            )
            for seat, uid in enumerate(seat_users)
            if seat in self.users and uid in after
        ]
        return messages.Rated(table_id=self.id, game_number=self.game_number, changes=changes)

    async def _rated(self) -> bool:
        """Whether the game counts for ratings (docs/server.md, "Rated games"): the table is not
        casual; every person in it
        made ``RATED_MOVES`` moves of their own; a game someone left or resigned is past its first
        deal; and where two or more people played, each is a member, and no two of them have had
        ``RATED_TOGETHER`` rated games together in the last day. Sitting down and leaving, guest
        puppets and the same two accounts playing over and over win nobody points."""
        game = self.game
        assert game is not None
        if not self.row.rated:
            return False
        made = collections.Counter(
            seat for seat, move in game.moves if type(move) not in (LeaveMove, ResignMove)
        )
        people = {seat: uid for seat, (uid, bot) in self.row.seats.items() if bot is None}
        if any(made[seat] < RATED_MOVES for seat in people):
            return False
        if game.left and not game.past_first_deal():
            return False
        ids = sorted(set(people.values()))
        if len(ids) < 2:
            return True  # one person against bots, who never leave or throw a game
        store = self.owner.store
        for uid in ids:
            user = await store.user(uid)
            if user is None or user.kind not in MEMBERS:
                return False
        since = self.clock.time() - RATED_TOGETHER_DAY
        for one, other in itertools.combinations(ids, 2):
            if await store.rated_together(one, other, since) >= RATED_TOGETHER:
                return False
        return True

    async def _store_result_until_done(self) -> None:
        """Try storing the result again, waiting longer each time (up to a minute between tries)."""
        pause = FINISH_RETRY_FIRST
        while True:
            await self.clock.sleep(pause)
            try:
                await self._store_result()
            except Exception:  # every failure is retried
                log.warning("table %s: the result is still not stored; trying again", self.id, exc_info=True)
                pause = min(FINISH_RETRY_MOST, pause * 2)
            else:
                log.info("table %s: the result is stored", self.id)
                return

    # --- clocks and bots --------------------------------------------------------------------

    def _note_choices(self) -> None:
        """Record the state in which each seat's legal moves changed (moves chosen earlier are stale;
        a simultaneous discard by an opponent does not make yours stale)."""
        game = self.game
        assert game is not None
        for seat in range(self.row.players):
            choices = list(game.legal_moves(seat))  # moves compare by value; no text is made
            if self.choices.get(seat) != choices:
                self.choices[seat], self.epochs[seat] = choices, game.state_id

    def _reset_clocks(self, mover: int | None, start: float | None = None) -> None:
        """Clocks for the seats now waited for: kept for seats still waiting that did not move,
        fresh for the rest (unused time is not carried over); fresh clocks start at ``start`` (now)."""
        game = self.game
        if game is None or game.is_over:
            self.clocks.clear()
            return
        now = self.clock.time() if start is None else start
        fresh: dict[int, messages.SeatClock] = {}
        for seat in sorted(game.to_move):
            kind = self._clock_kind(seat)
            length = self._clock_length(kind)
            if length is None:
                continue
            old = self.clocks.get(seat)
            if old is not None and seat != mover and old.kind == kind:
                fresh[seat] = old
            else:
                fresh[seat] = messages.SeatClock(
                    seat=seat, kind=kind, deadline=now + length, remaining=length
                )
        self.clocks = fresh

    @property
    def count_time(self) -> int:
        """Seconds for a count by hand (tables made before it had one count on the turn time)."""
        if self.row.count_time is not None:
            return self.row.count_time
        return self.row.turn_time or messages.TimeControls().count_time

    def _clock_kind(self, seat: int) -> Literal["turn", "count", "intermission"]:
        """What ``seat`` is waited for: to count by hand, to say it is ready, or to move. Uses the
        choices noted after the last change to the game. A count by hand is never a pause, even
        where ``ready`` is the only move listed (the claims that would answer it are not listed)."""
        if self.game is not None and self.game.counts_by_hand(seat):
            return "count"
        return "intermission" if self.choices.get(seat) == [ReadyMove()] else "turn"

    def _clock_length(self, kind: str) -> int | None:
        """Seconds a clock of ``kind`` runs here; None: no clock (a table without a turn clock). At a
        correspondence table a turn and a count by hand have the table's days."""
        if kind == "intermission":
            return self.row.intermission
        if self.row.days:
            return self.row.days * DAY
        if self.row.turn_time is None:
            return None
        return self.count_time if kind == "count" else self.row.turn_time

    def _schedule(self) -> None:
        """Arm the timer for the earliest clock and start bots whose turn it is."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        game = self.game
        if game is None or game.is_over:
            return
        deadlines = [c.deadline for c in self.clocks.values()]
        if self.time_limit is not None:
            deadlines.append(self.time_limit)
        if deadlines:
            due = min(deadlines)
            self.timer = self.clock.call_later(
                max(0.0, due - self.clock.time()), lambda: self._spawn(self._expire())
            )
        for seat in game.to_move:
            if seat in self.bots and seat not in self.bot_tasks:
                self.bot_tasks[seat] = self._spawn(self._bot_turn(seat))

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self.owner.tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self.owner.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s task failed", self.id, exc_info=task.exception())

    async def _expire(self) -> None:
        """Clocks ran out: the game clock's ``timeup``, and the engine's automatic move for each seat
        whose time is up (in correspondence, a turn or a count out of time loses: the seat leaves)."""
        async with self.lock:
            game = self.game
            if game is None or game.is_over:
                return
            now = self.clock.time()
            if self.time_limit is not None and self.time_limit <= now:  # never early: it ends the game
                await self._time_up()
            for seat, clock in sorted(self.clocks.items()):
                if clock.deadline <= now + 0.005 and seat in game.to_move and not game.is_over:
                    # a correspondence player whose days ran out loses: they leave the game
                    lost = self.row.days and clock.kind != "intermission"
                    move = str(LeaveMove()) if lost else str(game.auto_move(seat))
                    try:
                        await self._apply(seat, move, "timeout")
                    except (TableError, GameError):
                        if self.clocks.get(seat) is clock:  # not stored: try again in a second, not at once
                            self.clocks[seat] = clock.model_copy(update={"deadline": now + 1.0})
            self._schedule()

    async def _time_up(self) -> None:
        """The game clock ran out (the lock is held): the table sends ``timeup`` (for seat 0; the
        engine takes it from any seat), stored and broadcast like any move; the hand in progress is
        played out. If it cannot be stored, the clock tries again a second later."""
        self.time_limit, limit = None, self.time_limit
        assert self.game is not None
        try:
            await self._apply(0, str(self.game.time_up_move()), "clock")
        except TableError:
            log.exception("the game clock at table %s could not call time", self.id)
            self.time_limit = max(limit or 0.0, self.clock.time() + 1.0)

    async def _bot_turn(self, seat: int) -> None:
        """A bot thinks off the event loop, then moves if the game has not moved on meanwhile."""
        try:
            delay = self.owner.settings.bot_delay
            while True:
                game = self.game
                if game is None or game.is_over or seat not in game.to_move:
                    return
                if self._bots_alone_unwatched():
                    self._pause_bots_alone()  # an audience coming back starts it again
                    return
                if delay:
                    await self.clock.sleep(delay)
                view, state_id = game.view(seat), game.state_id
                choose: Callable[[Any], Any] = self.bots[seat].choose
                try:
                    move = str(await asyncio.get_running_loop().run_in_executor(None, choose, view))
                except Exception:
                    log.exception("bot at table %s seat %s failed; moving for it", self.id, seat)
                    move = str(game.auto_move(seat))
                async with self.lock:
                    if self.game is game and game.state_id == state_id and seat in game.to_move:
                        self.bot_tasks.pop(seat, None)
                        try:
                            try:
                                await self._apply(seat, move, "bot")
                            except NotStoredError:
                                raise
                            except TableError:
                                await self._apply(seat, str(game.auto_move(seat)), "bot")
                        except NotStoredError:
                            # Nothing changed; think again (on the game as it is) after a pause.
                            self.bot_tasks[seat] = asyncio.current_task()  # type: ignore[assignment]
                            delay = max(delay, 1.0)
                            continue
                        return
                delay = 0
        finally:
            if self.bot_tasks.get(seat) is asyncio.current_task():
                del self.bot_tasks[seat]

    def close(self) -> None:
        """Stop timers (the process is shutting down; the store has everything)."""
        if self.timer is not None:
            self.timer.cancel()
        for timer in (self.idle, self.unwatched):
            if timer is not None:
                timer.cancel()
        for _, handle in self.grace.values():
            handle.cancel()
        for task in self.bot_tasks.values():
            task.cancel()


RATED_TOGETHER = 3
"""Rated games two people may finish together in ``RATED_TOGETHER_DAY``; the next are unrated."""
RATED_TOGETHER_DAY = 86400.0
RATED_MOVES = 2
"""Moves each person makes before a game counts for ratings."""


def _time_limit(game: Game) -> float | None:
    """The seconds a game may last, if it has a clock of its own whose time has not been called."""
    minutes = game.clock_minutes()
    return None if minutes is None else minutes * GAME_MINUTE

"""The WebSocket protocol: every message a client or the server sends, as a pydantic model.

One WebSocket per client at ``/ws``, one JSON object per text frame, told apart by ``type``.
A client first says ``hello`` (with a token, or a name to play as a guest); the server answers
``welcome``. docs/protocol.md is generated from these models (``python -m muggins.server.protocol_doc``).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import pydantic
import pydantic_core
from pydantic import AfterValidator, Field

MAX_MESSAGE_BYTES = 16 * 1024
MAX_FRAME_BYTES = 4 * MAX_MESSAGE_BYTES
"""Frames larger than this are not even read: the WebSocket is closed (code 1009, too big)."""
"""Larger client frames are refused with an ``error``."""

TableId = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
PlayerName = Annotated[str, Field(min_length=1, max_length=32)]


def _printable(text: str) -> str:
    """Chat is text a person reads: no control characters (a NUL, which PostgreSQL cannot store,
    nor escapes that would move a terminal's cursor)."""
    if any(unicodedata.category(c) == "Cc" for c in text):
        raise ValueError("chat is printable text, without control characters")
    return text


ChatText = Annotated[str, Field(min_length=1, max_length=500), AfterValidator(_printable)]


class ClientMessage(pydantic.BaseModel):
    """Base of client messages: unknown fields are errors."""

    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)


class ServerMessage(pydantic.BaseModel):
    """Base of server messages."""

    model_config = pydantic.ConfigDict(frozen=True)


# --- shared shapes ----------------------------------------------------------------------


class UserInfo(pydantic.BaseModel):
    """A player as others see them; ``kind`` is guest, member (registered), bot account (a
    member's account a program plays, through the same protocol) or bot (the server's own)."""

    id: int
    name: str
    kind: Literal["guest", "member", "bot_account", "bot"]


class SeatInfo(pydantic.BaseModel):
    """One seat of a table: empty (``user`` null), a person, or a bot of a named level."""

    seat: int
    user: UserInfo | None = None
    bot: str | None = None
    connected: bool = False
    """A person has at least one live connection (bots are always connected)."""
    left: bool = False
    """The player left the game (worst unfilled rank)."""
    rematch: bool = False
    """The player asked for a rematch after the game ended."""


DEFAULT_TURN_TIME = 20
"""Seconds per turn at a table of people, unless the table says otherwise."""


class TimeControls(pydantic.BaseModel):
    """Seed 003's time controls: a turn timer, and intermissions that end when all are ready.

    Left out, ``turn_time`` is chosen by who plays: no clock when at most one seat is a person (a
    game against the computer waits for its player), 20 s when people play people. A count by
    hand is timed by ``count_time`` instead: counting a crib takes longer than playing a card."""

    turn_time: int | None = Field(
        default=DEFAULT_TURN_TIME,
        ge=5,
        le=60,
        description="seconds per turn (unused time is lost); null: no turn clock. Left out: none "
        "when at most one seat is a person, 20 with people",
    )
    count_time: int = Field(
        default=60, ge=10, le=300, description="seconds for a count by hand, where there is a turn clock"
    )
    intermission: int = Field(default=30, ge=1, le=30, description="seconds at most per pause")
    days: Literal[1, 3, 7] | None = Field(
        default=None,
        description="correspondence: days for each move and each count by hand (the turn clock is then "
        "unused); a player away loses nothing until their time runs out, and then the game",
    )

    def turn_clock(self, people: int) -> int | None:
        """The turn time a table of ``people`` persons gets: as given, else by who plays (none in
        correspondence: its clock is ``days``)."""
        if self.days is not None:
            return None
        if "turn_time" in self.model_fields_set:
            return self.turn_time
        return DEFAULT_TURN_TIME if people > 1 else None


class TableInfo(pydantic.BaseModel):
    """A table as the lobby and its players see it."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    time: TimeControls
    hints: bool
    private: bool
    rated: bool = True
    """False: a casual table, whose games never change ratings."""
    status: Literal["waiting", "playing", "finished"]
    seats: list[SeatInfo]
    game_id: int | None = None
    """The id of the current (or last) game at this table, for history and replay."""
    game_number: int = 0
    """How many games this table has started (rematches count up)."""
    state_id: int = 0
    scores: list[int] = []
    to_move: list[int] = []
    """The seats the game waits for now (whose turn it is)."""
    created_by: int | None = None
    invite: str = ""
    """The path of the invite link (``/?table=<id>``)."""


class YourTurn(ServerMessage):
    """It is your turn in a correspondence game (told on your own channel, wherever you are
    connected): the table, the game, and when your time for it runs out (Unix time)."""

    type: Literal["your_turn"] = "your_turn"
    table_id: str
    game: str
    deadline: float


class SeatClock(pydantic.BaseModel):
    """A running clock: ``seat`` must act by ``deadline`` (Unix time, seconds) or a move is made for it.
    Kind ``count`` times a count by hand (the table's ``count_time``); kind ``game`` (``seat`` null)
    is a timed game's own clock: when it runs out the table calls time.

    ``remaining`` is the seconds left when the server sent it (for clients whose clock is off)."""

    seat: int | None
    kind: Literal["turn", "count", "intermission", "grace", "game"]
    deadline: float
    remaining: float


# --- client to server --------------------------------------------------------------------


class Hello(ClientMessage):
    """Say who you are: a ``token`` from an earlier welcome or login, or a ``name`` to play as a guest."""

    type: Literal["hello"] = "hello"
    token: str | None = Field(default=None, max_length=512)
    name: PlayerName | None = None


class Lobby(ClientMessage):
    """Receive a page of the table list now (``table_list``) and every change to the list
    (``table_update``); ask again with another ``page`` to turn the page."""

    type: Literal["lobby"] = "lobby"
    page: int = Field(default=0, ge=0, le=100_000, description="which page, from 0")


class LogMark(pydantic.BaseModel):
    """How much of a game's log a client holds: the table's game number, the seat it was told the
    events as (null: a spectator) and how many of the game's events it has (``log_from`` of the
    state it was sent, plus its log's length and every ``events`` message's events since)."""

    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)

    game_number: int = Field(ge=0)
    seat: int | None = Field(ge=0, le=7)
    events: int = Field(ge=0)


class Join(ClientMessage):
    """Watch a table; if you hold a seat there you get your seat's view (this reclaims it).

    ``since``: the log you hold of the table's game (joining again after a lost connection). If
    it is this game's, seen from the seat you hold now, and no more than 200 events behind, the
    state's log carries only the events after it (its ``log_from`` says so); otherwise the latest
    200, as without it."""

    type: Literal["join"] = "join"
    table_id: TableId
    since: LogMark | None = None


class Sit(ClientMessage):
    """Take an empty seat at a table that has not started (``seat`` null: the first empty one)."""

    type: Literal["sit"] = "sit"
    table_id: TableId
    seat: int | None = Field(default=None, ge=0, le=7)


class Stand(ClientMessage):
    """Give up your seat before the game starts (once it has started, ``leave``)."""

    type: Literal["stand"] = "stand"
    table_id: TableId


class MakeMove(ClientMessage):
    """Make a move in the game's notation (``discard 5H 6D``, ``play JS``, ``go`` ...).

    ``state_id`` is the state the move was chosen in (the view's ``state_id``). The move is stale, and
    refused, if your legal moves have changed since then (an opponent's simultaneous discard does not
    make yours stale). ``resign`` concedes the game at any time in every game: a loss, as leaving
    is, but you keep your seat, and a rematch needs you as it needs the others."""

    type: Literal["move"] = "move"
    table_id: TableId
    text: str = Field(min_length=1, max_length=200)
    state_id: int = Field(ge=0)


class Ready(ClientMessage):
    """Ready to end the current intermission (pre-show or post-show pause, or between games)."""

    type: Literal["ready"] = "ready"
    table_id: TableId


class SendChat(ClientMessage):
    """Say something at a table (rate-limited per player)."""

    type: Literal["chat"] = "chat"
    table_id: TableId
    text: ChatText


class Leave(ClientMessage):
    """Leave a table. In a game: you take the worst unfilled rank and the hand ends. Watching: stop."""

    type: Literal["leave"] = "leave"
    table_id: TableId


class Rematch(ClientMessage):
    """Ask for another game at this table once it is over; it starts when every player has asked."""

    type: Literal["rematch"] = "rematch"
    table_id: TableId


class HintRequest(ClientMessage):
    """Ask for the expert bot's move for your seat now (if the table allows hints)."""

    type: Literal["hint"] = "hint"
    table_id: TableId


class AskForGame(ClientMessage):
    """What a seek or a challenge asks for: the game, its seats, any of its options, the time
    controls, rated or casual (rated games are between members)."""

    game: str = Field(min_length=1, max_length=32)
    players: int = Field(default=2, ge=2, le=8)
    options: dict[str, Any] = {}
    time: TimeControls = TimeControls()
    rated: bool = True


class Seek(AskForGame):
    """Wait in the pool of people who want this game now (docs/server.md, "Quick pairing"): you
    are seated with the nearest-rated players waiting there, within a range of ratings that widens
    the longer you wait, and told ``paired``. One seek at a time: a new one replaces yours (keeping
    your wait if it is for the same pool). ``rated`` pools are for members; casual ones for all.
    The seek lasts while this connection is open (a new connection within half a minute may seek
    again and keep its wait)."""

    type: Literal["seek"] = "seek"


class SendChallenge(AskForGame):
    """Challenge one player (``user_id``, online now) to a game: they are told, and accept or
    decline within two minutes. Seats beyond the two of you are the game's strongest bot's; you
    and they sit on different sides. ``rated`` games are between members."""

    type: Literal["challenge"] = "challenge"
    user_id: int = Field(ge=1)


class AnswerChallenge(ClientMessage):
    """Answer a challenge: ``accept`` or ``decline`` one made to you, ``cancel`` one you made."""

    type: Literal["answer_challenge"] = "answer_challenge"
    challenge_id: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")
    answer: Literal["accept", "decline", "cancel"]


class WatchTournament(ClientMessage):
    """Follow a tournament's standings and pairings live (``tournament_update``, now and at each
    change); one at a time: another id replaces it, null stops."""

    type: Literal["watch_tournament"] = "watch_tournament"
    tournament_id: TableId | None


class Unseek(ClientMessage):
    """Leave the pool you wait in (the answer is ``seeking`` with no seek)."""

    type: Literal["unseek"] = "unseek"


class Ping(ClientMessage):
    """Keep the connection alive; the server answers ``pong``."""

    type: Literal["ping"] = "ping"


AnyClientMessage = Annotated[
    Hello
    | Lobby
    | Join
    | Sit
    | Stand
    | MakeMove
    | Ready
    | SendChat
    | Leave
    | Rematch
    | HintRequest
    | Seek
    | Unseek
    | SendChallenge
    | AnswerChallenge
    | WatchTournament
    | Ping,
    Field(discriminator="type"),
]
CLIENT_MESSAGES: pydantic.TypeAdapter[AnyClientMessage] = pydantic.TypeAdapter(AnyClientMessage)


# --- server to client --------------------------------------------------------------------


class Welcome(ServerMessage):
    """You are ``user``; keep ``token`` (browser storage) to come back as the same player."""

    type: Literal["welcome"] = "welcome"
    user: UserInfo
    token: str


class TableList(ServerMessage):
    """One page of the open public tables: those waiting for players first, then those playing,
    the newest first in each; ``total`` tables on ``pages`` pages in all."""

    type: Literal["table_list"] = "table_list"
    tables: list[TableInfo]
    page: int = 0
    pages: int = 1
    total: int = 0


class TableUpdate(ServerMessage):
    """A table changed (seats, status, rematch requests); sent to the lobby and to the table."""

    type: Literal["table_update"] = "table_update"
    table: TableInfo


class TableState(ServerMessage):
    """The whole state for you at a table: its info, your seat (null: spectator), your view, clocks
    and the game's recent events.

    Sent on join, when a game starts and when your seat changes."""

    type: Literal["table_state"] = "table_state"
    table_id: str
    table: TableInfo
    seat: int | None
    view: dict[str, Any] | None
    """The game's ``view`` for your seat (the spectator's view if you hold none); null before a game."""
    clocks: list[SeatClock] = []
    log_from: int = 0
    """How many of the game's events come before the first of ``log``."""
    log: list[dict[str, Any]] = []
    """The game's latest events (at most 200, oldest first) as you may see them, as the ``events``
    messages sent them: a page that is loaded again shows the game's log and the current show.
    Answering a join's ``since``: only the events after it."""


class Events(ServerMessage):
    """A move was made: its events as you may see them, your new view and the clocks now running.

    ``move`` is the move's text as its game lets you read it (``Game.move_seen``): all of it if it
    is yours; of another's move only its verb (an opponent's discard, a Squares placement) unless
    the game says the move is public (a card played). ``seat`` is who made it and ``by`` how: the
    player, a bot, the server when the turn clock ran out, the server when a dropped player's grace
    period ended, or the table's game clock (a timed game's ``timeup``, recorded for seat 0). Each
    event carries ``text``: the event in words (``muggins.games.words``, seats as "player N" for the
    client to name; null for one not worth a line), the same words the terminal uses."""

    type: Literal["events"] = "events"
    table_id: str
    state_id: int
    game_number: int = 0
    """The table's game this move belongs to (with ``state_id``, it orders every move at a table)."""
    seat: int
    move: str
    by: Literal["player", "bot", "timeout", "leave", "clock"]
    events: list[dict[str, Any]]
    view: dict[str, Any]
    clocks: list[SeatClock] = []


def events_json(
    *,
    table_id: str,
    state_id: int,
    game_number: int,
    seat: int,
    move: str,
    by: str,
    events: list[str],
    view: dict[str, Any],
    clocks: list[SeatClock],
) -> str:
    """An ``Events`` message as sent: the text ``Events(...).model_dump_json()`` gives, written
    from its fields in the model's order without building the model, which took as long as the
    rest of the writing (every move sends one to each audience). ``events`` are the events' JSON
    texts (``tables.log``: the public ones are written once for every audience)."""
    head = {
        "type": "events",
        "table_id": table_id,
        "state_id": state_id,
        "game_number": game_number,
        "seat": seat,
        "move": move,
        "by": by,
    }
    return _with_texts(head, "events", events, {"view": view, "clocks": clocks})


def table_state_json(
    *,
    table_id: str,
    table: TableInfo,
    seat: int | None,
    view: dict[str, Any] | None,
    clocks: list[SeatClock],
    log_from: int,
    log: list[str],
) -> str:
    """A ``TableState`` message as sent, written as ``events_json`` writes an ``Events``; ``log``
    are the events' JSON texts. A returning player's state costs no validating of 200 events."""
    head = {
        "type": "table_state",
        "table_id": table_id,
        "table": table,
        "seat": seat,
        "view": view,
        "clocks": clocks,
        "log_from": log_from,
    }
    return _with_texts(head, "log", log, {})


def _with_texts(head: dict[str, Any], name: str, texts: list[str], tail: dict[str, Any]) -> str:
    """The JSON object of ``head``'s fields, then ``name``: the list of ``texts`` (JSON already),
    then ``tail``'s fields, in that order, as pydantic writes it (no spaces)."""
    before = pydantic_core.to_json(head).decode()[:-1]
    after = pydantic_core.to_json(tail).decode()[1:] if tail else "}"
    return f'{before},"{name}":[{",".join(texts)}]{"," if tail else ""}{after}'


@dataclass(frozen=True, slots=True)
class StateText:
    """A ``TableState`` as it is sent (``text``), with what a connection reads of it: the seat it is
    for and where the game is (its number and state id)."""

    seat: int | None
    position: tuple[int, int]
    text: str

    @classmethod
    def read(cls, text: str) -> StateText:
        """The ``TableState`` ``text`` (as published on a table's channel)."""
        state = TableState.model_validate_json(text)
        return cls(state.seat, (state.table.game_number, state.table.state_id), text)


class Clock(ServerMessage):
    """The clocks running at a table changed without a move (e.g. after a restart or a drop)."""

    type: Literal["clock"] = "clock"
    table_id: str
    clocks: list[SeatClock]


class Chat(ServerMessage):
    """A chat line at a table."""

    type: Literal["chat"] = "chat"
    table_id: str
    user: UserInfo
    text: str
    at: float


class RatingChange(pydantic.BaseModel):
    """One player's rating before and after a rated game, as players read it (1500-centred;
    ``provisional`` while it rests on few games); ``before`` is null for a first rated game."""

    seat: int
    user: UserInfo
    before: int | None
    after: int
    provisional: bool


class Rated(ServerMessage):
    """A rated game's result is stored: each player's rating for this game and number of seats,
    before and after it (partners move together). Unrated games send none."""

    type: Literal["rated"] = "rated"
    table_id: str
    game_number: int
    changes: list[RatingChange]


class AskedGame(pydantic.BaseModel):
    """A game as a seek, a challenge or a tournament asks for it: the game, its seats, its options
    as the game reads them, the time controls of its tables, rated or casual."""

    game: str
    players: int
    options: dict[str, Any]
    time: TimeControls
    rated: bool


class SeekInfo(AskedGame):
    """A seek as its pool holds it: what was asked for (options as the game reads them, the time
    controls the table will have), the player's rating there, since when they wait (Unix time),
    and the range of ratings they are paired within now (their rating plus or minus ``reach``;
    it widens by ``widens`` points a second)."""

    game: str
    players: int
    options: dict[str, Any]
    time: TimeControls
    rated: bool
    rating: int
    since: float
    reach: int
    widens: int
    waiting: int
    """Players waiting in this pool now, you among them."""


class Seeking(ServerMessage):
    """Where you wait: your seek (after ``seek``), or null (after ``unseek``, or when it ended)."""

    type: Literal["seeking"] = "seeking"
    seek: SeekInfo | None


class ChallengeInfo(AskedGame):
    """A challenge as both players see it: who asks whom, to what, until when (Unix time), and
    where it stands."""

    id: str
    by: UserInfo
    to: UserInfo
    made_at: float
    expires_at: float
    status: Literal["open", "accepted", "declined", "cancelled"]


class ChallengeUpdate(ServerMessage):
    """A challenge of yours, made or to you: sent to both players when it is made and when it is
    answered (an accepted one is followed by ``paired``); a client that connects later finds the
    open ones at ``GET /api/me/challenges``. One open past ``expires_at`` can no longer be accepted."""

    type: Literal["challenge_update"] = "challenge_update"
    challenge: ChallengeInfo


class TournamentStanding(pydantic.BaseModel):
    """A player's place in a tournament: points (Swiss: a win 1, a tie a half, a bye 1; an arena:
    a win 2, a tie 1, doubled on a streak), Buchholz (Swiss: the sum of their opponents' points),
    wins, games played, the rating they entered with."""

    place: int
    user: UserInfo
    rating: int
    points: float
    buchholz: float
    wins: int
    games: int
    byes: int
    withdrawn: bool
    bot: str | None = None


class TournamentGame(pydantic.BaseModel):
    """A pairing of a round: the players (first seat first; one for a bye), the table (none for
    a bye, or while it is being made) and the points once it is over."""

    round: int
    players: list[UserInfo]
    table_id: str | None
    points: list[float] | None
    bye: bool


class TournamentInfo(AskedGame):
    """A tournament: what is played (two seats a table), its rounds and start (Unix time), where it
    stands, its players in standing order and the pairings of round ``games_round`` (the current
    round, unless another was asked for)."""

    id: str
    name: str
    kind: Literal["swiss", "arena"]
    rounds: int
    """A Swiss tournament's rounds (0 for an arena)."""
    minutes: int = 0
    """How long an arena lasts (0 for Swiss); ``round`` counts its waves of pairings."""
    ends_at: float | None = None
    """When an arena's time is up (games going then are played out)."""
    streaks: bool = False
    """An arena's streaks: after two wins in a row, each win or tie scores double until a loss."""
    round: int
    starts_at: float
    status: Literal["upcoming", "running", "finished"]
    finished_at: float | None
    created_by: UserInfo
    entrants: int
    standings: list[TournamentStanding]
    games_round: int
    games: list[TournamentGame]


class TournamentUpdate(ServerMessage):
    """A tournament you watch, as it stands now (sent on ``watch_tournament`` and at each change:
    a player in or out, a round paired, a game over, the end)."""

    type: Literal["tournament_update"] = "tournament_update"
    tournament: TournamentInfo


class Paired(ServerMessage):
    """Your seek found its players, a challenge of yours was accepted, or a tournament round paired
    you: the table made for you,
    the game started (join it to play). Every connection of yours is told."""

    type: Literal["paired"] = "paired"
    table: TableInfo


class Hint(ServerMessage):
    """The expert bot's move for your seat in state ``state_id``, and why; ``details`` lists the
    figures weighed, one line per choice (e.g. each legal card of a play, the best discards)."""

    type: Literal["hint"] = "hint"
    table_id: str
    state_id: int
    move: str
    reason: str
    details: list[str] = []


ErrorCode = Literal[
    "invalid",
    "too_large",
    "too_many",
    "say_hello",
    "unauthorized",
    "no_table",
    "stale",
    "illegal",
    "refused",
    "busy",
    "server_error",
]
"""What kind of refusal an ``error`` is, for programs: ``invalid`` (not a message of the protocol),
``too_large``, ``too_many`` (a rate or quota), ``say_hello`` (hello first), ``unauthorized`` (a
token or a name refused), ``no_table``, ``stale`` (a move chosen before your choices changed: ask
for the state), ``illegal`` (the rules forbid the move now), ``refused`` (the table refuses the
request now), ``busy`` (not stored or not answered: try again), ``server_error``."""


class Error(ServerMessage):
    """Your message was refused and nothing changed; ``reason`` says why, in words for people, and
    ``code`` what kind of refusal it is, for programs; ``request`` names the refused message's type."""

    type: Literal["error"] = "error"
    reason: str
    code: ErrorCode = "refused"
    request: str | None = None
    table_id: str | None = None


class Pong(ServerMessage):
    """The answer to ``ping``."""

    type: Literal["pong"] = "pong"


AnyServerMessage = Annotated[
    Welcome
    | TableList
    | TableUpdate
    | TableState
    | Events
    | Clock
    | Chat
    | Rated
    | Seeking
    | ChallengeUpdate
    | TournamentUpdate
    | YourTurn
    | Paired
    | Hint
    | Error
    | Pong,
    Field(discriminator="type"),
]
SERVER_MESSAGES: pydantic.TypeAdapter[AnyServerMessage] = pydantic.TypeAdapter(AnyServerMessage)

"""What the server keeps, as an interface: SQL implements it (SQLite, or PostgreSQL with move groups
and fencing of stale owners). Every method is async so a network database fits."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from muggins.server.store.names import lookalike_key, typed_key

NAME_LENGTH = 32
"""The longest player name."""

NUMBERED_STEM = NAME_LENGTH - 8
"""A numbered name ("Alice 2") begins with at least this much of the name asked for."""

GUEST_NAME_TRIES = 5
"""Free names a new guest is offered before the store gives up (others may be taking them)."""


def name_key(name: str) -> str:
    """A name as compared for sameness: "Alice", "alice" and "Аlice" (a Cyrillic А) are one name."""
    return lookalike_key(name)


def name_keys(name: str) -> tuple[str, str]:
    """Both keys a name is compared by: folded first (``name_key``) and as typed ("AIice", with a
    capital I, is "Alice"). A name is taken when either is either key of a name held."""
    return lookalike_key(name), typed_key(name)


def login_key(name: str) -> str:
    """A member's name as looked up at log in: "Alice" and "alice" are one member's."""
    return name.lower()


def free_name(name: str, taken: set[str]) -> str:
    """``name`` if nobody holds it, else the first free numbered form: "Alice 2", "Alice 3"..."""
    number = 1
    given = name
    while not taken.isdisjoint(name_keys(given)):
        number += 1
        suffix = f" {number}"
        given = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
    return given


MEMBERS = ("member", "bot_account")
"""The kinds of registered player: they sign in with a name and password and play rated games."""


@dataclass(frozen=True, slots=True)
class User:
    """A player: guest, member, bot account (a member's account a program plays) or bot."""

    id: int
    name: str
    kind: str


@dataclass(slots=True)
class TableRow:
    """A table's settings and who sits where (seat -> (user id, bot name or None))."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    turn_time: int | None
    """Seconds per turn; None: no turn clock."""
    count_time: int | None
    """Seconds for a count by hand; None (tables made before it): the turn time."""
    intermission: int
    hints: bool
    private: bool
    status: str
    created_by: int | None
    created_at: float
    seats: dict[int, tuple[int, str | None]] = field(default_factory=dict)
    rated: bool = True
    """False: a casual table, whose games never change ratings."""
    days: int | None = None
    """A correspondence table's days per move (None at every other table)."""


@dataclass(frozen=True, slots=True)
class SeekRow:
    """A player waiting in a pairing pool: ``pool`` is its key (the pairing room makes it),
    ``request`` what they asked for, ``rating`` theirs there; ``holder`` the connection that keeps
    the seek (empty once it closed) and ``seen_at`` when its process last said it is open."""

    user_id: int
    pool: str
    request: dict[str, Any]
    rating: int
    since: float
    holder: str
    seen_at: float


@dataclass(frozen=True, slots=True)
class ChallengeRow:
    """A challenge from ``by_user`` to ``to_user`` to play what ``request`` asks for; ``status``
    open, accepted (at ``table_id``), declined or cancelled."""

    id: str
    by_user: int
    to_user: int
    request: dict[str, Any]
    made_at: float
    status: str = "open"
    table_id: str | None = None


@dataclass(slots=True)
class TournamentRow:
    """A tournament: its name, kind (``swiss`` or ``arena``), what its games are (``request``:
    game, seats, options, clocks, rated), its rounds (Swiss) or ``minutes`` (an arena, whose
    ``round`` counts its waves of pairings; ``streaks``: a run of wins scores double) and start;
    ``status`` upcoming, running or finished, at ``round`` (0 before the first)."""

    id: str
    name: str
    kind: str
    request: dict[str, Any]
    rounds: int
    starts_at: float
    created_by: int
    created_at: float
    status: str = "upcoming"
    round: int = 0
    finished_at: float | None = None
    minutes: int = 0
    streaks: bool = False


@dataclass(frozen=True, slots=True)
class PushRow:
    """Where a push service takes a browser's notifications for a player (a Web Push subscription):
    the service's ``endpoint`` and the browser's keys (``p256dh``, ``auth``, base64url)."""

    user_id: int
    endpoint: str
    p256dh: str
    auth: str
    created_at: float


@dataclass(frozen=True, slots=True)
class EntrantRow:
    """A player in a tournament, with the rating they entered with; ``withdrawn``: paired no more;
    ``bot``: the level of a bot entered by the tournament's maker."""

    user_id: int
    rating: int
    joined_at: float
    withdrawn: bool = False
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class PairingRow:
    """One pairing of a tournament's round: its players at a table by seat, or one player's bye
    (one seat, ``table_id`` None); each seat's ``points`` once its game is over (a bye's at once)."""

    round: int
    seats: tuple[int, ...]
    table_id: str | None
    points: tuple[float, ...] | None = None

    @property
    def first(self) -> int:
        """The first seat's player, who names the pairing within its round."""
        return self.seats[0]

    @property
    def bye(self) -> bool:
        return len(self.seats) == 1


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One stored move: ``ply`` is the state_id it was made in."""

    ply: int
    seat: int
    text: str
    by: str
    at: float


@dataclass(slots=True)
class GameRow:
    """One game at a table: the record header, the user in each seat, the moves so far, the result."""

    id: int
    table_id: str
    number: int
    header: dict[str, Any]
    seats: list[int]
    status: str
    result: dict[str, Any] | None
    started_at: float
    finished_at: float | None
    moves: list[MoveRow] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        """The game protocol's record, ready for ``load_game``."""
        return {**self.header, "moves": [[m.seat, m.text] for m in self.moves]}


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating for one game and number of seats."""

    user_id: int
    game: str
    seats: int
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class ResultRow:
    """A player's finish in one game."""

    game_id: int
    table_id: str
    game: str
    seats: int
    seat: int
    rank: int
    score: int
    finished_at: float | None


@dataclass(frozen=True, slots=True)
class AccuracyRow:
    """A player's accuracy in one reviewed game."""

    game_id: int
    game: str
    seat: int
    accuracy: float
    finished_at: float | None


@dataclass(slots=True)
class Claimed:
    """A table claimed for a takeover, with all that loading it needs: its new ``epoch``, its
    current game with the moves so far, the last lines of its chat and every user they name."""

    row: TableRow
    epoch: int
    game: GameRow | None
    chat: list[tuple[int, str, float]]
    users: dict[int, User]


class DuplicateLoginError(ValueError):
    """A member name that is already taken."""


class TooManyChallengesError(ValueError):
    """A player has as many open challenges as they may."""


class TournamentError(ValueError):
    """A tournament refuses: one too many made, or entered, or it has begun."""


class TooManyPushesError(ValueError):
    """A player has as many push subscriptions as they may keep."""


class TooManyTablesError(ValueError):
    """A table its creator may not make: they have as many waiting or playing as they may."""


class StaleOwnerError(RuntimeError):
    """A move written with an ownership epoch that a later takeover of its table has replaced."""


class Store(ABC):
    """The server's persistence. A move is stored (``append_move`` returns) before anyone sees it."""

    @abstractmethod
    async def start(self) -> None:
        """Connect and bring the schema up to date."""

    def forget_user(self, user_id: int) -> None:  # noqa: B027 - a store that keeps no copies has nothing to do
        """Drop any copy of the player kept here: they changed (on another process, perhaps)."""

    @abstractmethod
    async def close(self) -> None:
        """Release connections."""

    @abstractmethod
    async def secret(self) -> str:
        """The token signing secret, made once and shared by every server process."""

    @abstractmethod
    async def kept(self, key: str, make: Callable[[], str]) -> str:
        """The server-wide value kept under ``key``, made by ``make`` the first time it is asked for
        (by whichever process asks first: every process gets the same)."""

    @abstractmethod
    async def add_push(self, row: PushRow, *, at_most: int) -> None:
        """Keep a push subscription (an endpoint already kept moves to this player, with these keys);
        ``TooManyPushesError`` when the player has ``at_most`` others."""

    @abstractmethod
    async def pushes(self, user_id: int) -> list[PushRow]:
        """A player's push subscriptions, the oldest first."""

    @abstractmethod
    async def drop_push(self, endpoint: str, user_id: int | None = None) -> bool:
        """Forget a push subscription (only ``user_id``'s, if given); whether there was one."""

    @abstractmethod
    async def create_user(
        self, name: str, kind: str, *, login: str | None = None, password_hash: str | None = None
    ) -> User:
        """A new user; raises ``DuplicateLoginError`` when ``login`` is taken."""

    @abstractmethod
    async def create_guest(self, name: str) -> User:
        """A new guest under ``name``, or its first free numbered form ("Alice 2") when another
        guest or a member holds it: names are never shared."""

    @abstractmethod
    async def make_member(self, user_id: int, name: str, login: str, password_hash: str) -> User:
        """Turn guest ``user_id`` into a member named ``name`` (keeping their games and ratings);
        ``DuplicateLoginError`` if another player holds the name."""

    @abstractmethod
    async def make_bot_account(self, user_id: int) -> User | None:
        """Turn member ``user_id``, who has no rating yet, into a bot account, ending their sessions
        (their token epoch is raised); None if they are not such a member."""

    @abstractmethod
    async def token_epoch(self, user_id: int) -> int | None:
        """The user's token epoch now (None: no such user): a token of an older epoch is revoked."""

    @abstractmethod
    async def revoke_tokens(self, user_id: int) -> None:
        """Revoke every token issued to the user so far (raise their token epoch)."""

    @abstractmethod
    async def settings(self, user_id: int) -> dict[str, str]:
        """A player's table settings as last saved (empty if never)."""

    @abstractmethod
    async def set_settings(self, user_id: int, settings: dict[str, str]) -> None:
        """Keep a player's table settings (replacing the ones before)."""

    @abstractmethod
    async def user(self, user_id: int) -> User | None:
        """The user with this id."""

    @abstractmethod
    async def user_and_epoch(self, user_id: int) -> tuple[User, int] | None:
        """The user with this id and their token epoch now (``user`` and ``token_epoch`` together,
        as a returning player's token is checked)."""

    @abstractmethod
    async def login(self, login: str) -> tuple[User, str] | None:
        """The member with this login and their password hash."""

    @abstractmethod
    async def set_password_hash(self, user_id: int, password_hash: str) -> None:
        """Replace a member's password hash (rehashing with newer parameters)."""

    @abstractmethod
    async def bot_user(self, game: str, bot: str) -> User:
        """The user standing for bot ``bot`` of ``game`` (made on first use), so bots have ratings."""

    @abstractmethod
    async def create_table(self, table: TableRow, *, at_most: int | None = None) -> None:
        """Store a new table and its seats. With ``at_most``, only if its creator has fewer tables
        waiting or playing, counted and stored in one step (so concurrent creations cannot all pass
        the count); else raise ``TooManyTablesError`` and store nothing."""

    @abstractmethod
    async def seek(self, row: SeekRow) -> SeekRow:
        """Put ``row``'s player in its pool, in place of any seek of theirs; a player already
        waiting in the same pool keeps their ``since``. Returns the seek as stored."""

    @abstractmethod
    async def unseek(self, user_id: int, holder: str | None = None) -> bool:
        """Take ``user_id`` out of their pool (only if ``holder`` holds the seek, when given);
        whether there was such a seek."""

    @abstractmethod
    async def let_go_seek(self, user_id: int, holder: str, at: float) -> None:
        """``holder`` closed: its seek stays (as of ``at``) for a while, for a new connection of the
        player to take up, but is paired no more."""

    @abstractmethod
    async def seeks(self) -> list[SeekRow]:
        """Every seek, the longest waiting first."""

    @abstractmethod
    async def take_seeks(self, user_ids: list[int], pool: str) -> bool:
        """Take these players out of ``pool`` together, or none of them: False if any is not
        waiting there now (paired elsewhere, gone). Two processes never take one player both."""

    @abstractmethod
    async def keep_seeks(self, process: str, at: float, stale_before: float) -> None:
        """Mark the seeks held by ``process``'s connections (holders ``<process>/...``) seen
        ``at``, and drop every seek not seen since ``stale_before``."""

    @abstractmethod
    async def challenge(self, row: ChallengeRow, *, open_since: float, at_most: int) -> None:
        """Store a new open challenge, unless its challenger has ``at_most`` challenges open made
        since ``open_since`` (``TooManyChallengesError``)."""

    @abstractmethod
    async def answer_challenge(
        self, challenge_id: str, status: str, *, by: int, open_since: float
    ) -> ChallengeRow | None:
        """Close an open challenge made since ``open_since`` as ``status``: ``accepted`` and
        ``declined`` by the player challenged (``by``), ``cancelled`` by its challenger. Returns it
        as it was, or None if there is no such challenge open to that answer (answered already by
        anyone, on any process: one answer wins)."""

    @abstractmethod
    async def challenge_accepted(self, challenge_id: str, table_id: str) -> None:
        """Note the table made for an accepted challenge."""

    @abstractmethod
    async def open_challenges(self, user_id: int, open_since: float) -> list[ChallengeRow]:
        """The open challenges made since ``open_since`` by or to ``user_id``, oldest first."""

    # --- tournaments ---------------------------------------------------------------------------

    @abstractmethod
    async def create_tournament(self, row: TournamentRow, *, at_most: int) -> None:
        """Store a new tournament, unless its maker has ``at_most`` not finished (``TournamentError``)."""

    @abstractmethod
    async def tournaments(self, statuses: tuple[str, ...], limit: int) -> list[TournamentRow]:
        """Tournaments in these statuses, the soonest to start first (at most ``limit``)."""

    @abstractmethod
    async def tournament(self, tournament_id: str) -> TournamentRow | None:
        """A tournament by id."""

    @abstractmethod
    async def start_now(self, tournament_id: str, at: float) -> bool:
        """Bring an upcoming tournament's start forward to ``at``; whether it was still to come."""

    @abstractmethod
    async def enter(
        self, tournament_id: str, entrant: EntrantRow, *, at_most: int, late: bool = False
    ) -> bool:
        """Enter a player in an upcoming tournament (or a running one, ``late``) again if they had
        withdrawn; False if they are in already; ``TournamentError`` if it is full, has begun (and
        may not be entered late) or is over."""

    @abstractmethod
    async def withdraw(self, tournament_id: str, user_id: int) -> bool:
        """Take a player out: before the start they leave the list; after it they are paired no
        more (their games stay). Whether they were in."""

    @abstractmethod
    async def entrants(self, tournament_id: str) -> list[EntrantRow]:
        """A tournament's players, in the order they entered."""

    @abstractmethod
    async def pairings(self, tournament_id: str) -> list[PairingRow]:
        """Every pairing of a tournament, round by round."""

    @abstractmethod
    async def start_round(self, tournament_id: str, number: int, pairings: list[PairingRow]) -> bool:
        """Store round ``number``'s pairings, with the tournament now running at that round, if it
        was at the round before (False: another process stored it first)."""

    @abstractmethod
    async def score_pairing(self, tournament_id: str, table_id: str, points: tuple[float, ...]) -> None:
        """The points of a finished game of a tournament."""

    @abstractmethod
    async def seat_pairing(self, tournament_id: str, number: int, first: int, table_id: str) -> None:
        """The table made for a pairing of round ``number`` (``first``: its first seat's player)."""

    @abstractmethod
    async def finish_tournament(self, tournament_id: str, at: float) -> None:
        """A tournament is over (its last round played, or too few came)."""

    @abstractmethod
    async def claim_tournaments(self, runner: str, at: float, stale_before: float) -> list[TournamentRow]:
        """The tournaments due to start or running that ``runner`` runs now: those it ran, and
        those whose runner has not been heard of since ``stale_before`` (its process stopped)."""

    @abstractmethod
    async def first_results(self, table_ids: list[str]) -> dict[str, list[int]]:
        """The ranks of each table's first game, for those of ``table_ids`` whose first game is over."""

    @abstractmethod
    async def set_status(self, table_id: str, status: str) -> None:
        """Change a table's status (waiting, playing, finished)."""

    @abstractmethod
    async def set_seat(self, table_id: str, seat: int, user_id: int | None, bot: str | None) -> None:
        """Seat a user (or bot) at ``seat``; ``user_id`` None empties it."""

    @abstractmethod
    async def tables(self, statuses: tuple[str, ...]) -> list[TableRow]:
        """Every table whose status is one of ``statuses``, with seats."""

    @abstractmethod
    async def seated(self, user_id: int, limit: int) -> list[TableRow]:
        """The waiting and playing tables where ``user_id`` holds a seat, newest first (at most
        ``limit``): a returning player's games."""

    @abstractmethod
    async def unfinished(self, table_ids: list[str]) -> list[str]:
        """Those of ``table_ids`` that are waiting or playing."""

    @abstractmethod
    async def table(self, table_id: str) -> TableRow | None:
        """One table with its seats."""

    @abstractmethod
    async def start_game(
        self, table_id: str, number: int, header: dict[str, Any], seats: list[int], *, at: float | None = None
    ) -> int:
        """Store a new game (its record without moves), started ``at`` (Unix time; None: now), and mark
        the table playing; returns its id."""

    @abstractmethod
    async def append_move(self, game_id: int, move: MoveRow, epoch: int | None = None) -> None:
        """Append one move to a game's record, committed when this returns. With ``epoch`` (a
        fencing token from ``claim_table``) the move is written only if no process has claimed
        the table since; otherwise ``StaleOwnerError`` is raised and nothing is written."""

    @abstractmethod
    async def claim_table(self, table_id: str) -> int:
        """Take over a table's ownership: returns its new epoch, which fences out earlier owners."""

    @abstractmethod
    async def claim_tables(self, table_ids: list[str], chat_lines: int) -> list[Claimed]:
        """``claim_table`` for many tables at once, each with what loading it needs (its last
        ``chat_lines`` of chat): a process taking a dead one's tables over reads them in a few
        queries, not several per table. Tables that do not exist are left out."""

    @abstractmethod
    async def finish_game(
        self, game_id: int, result: dict[str, Any], ratings: list[Rating], *, at: float | None = None
    ) -> None:
        """Mark a game over (finished ``at``; None: now), store each seat's finish and the new ratings,
        in one transaction (the game is rated if there are any); a game already over is left as it
        is (a retry after a lost reply changes nothing)."""

    @abstractmethod
    async def rated_together(self, one: int, other: int, since: float) -> int:
        """How many rated games users ``one`` and ``other`` finished together since ``since``."""

    @abstractmethod
    async def game(self, game_id: int) -> GameRow | None:
        """A game with its moves."""

    @abstractmethod
    async def current_game(self, table_id: str) -> GameRow | None:
        """The newest game at a table, with its moves."""

    @abstractmethod
    async def finished_games(
        self,
        *,
        table_id: str | None = None,
        user_id: int | None = None,
        limit: int = 50,
        viewer_id: int | None = None,
    ) -> list[GameRow]:
        """Finished games, newest first, without moves. Games at private tables are left out unless
        ``table_id`` names their table (its id is the invitation) or ``viewer_id`` played in them."""

    @abstractmethod
    async def ratings(
        self, user_ids: list[int], game: str | None = None, seats: int | None = None
    ) -> list[Rating]:
        """Stored ratings of these users (optionally for one game and seat count)."""

    @abstractmethod
    async def leaderboard(
        self, game: str, seats: int, limit: int, *, settled_after: int = 0
    ) -> list[tuple[User, Rating]]:
        """The best ``limit`` ratings for ``game`` at ``seats`` seats with their players: those of
        at least ``settled_after`` games first, each part by skill (mu)."""

    @abstractmethod
    async def results(self, user_id: int, limit: int = 50, viewer_id: int | None = None) -> list[ResultRow]:
        """A user's finishes, newest first, that ``viewer_id`` (None: anybody) may see: none at a
        private table unless the viewer played in that game."""

    @abstractmethod
    async def record(self, user_id: int, viewer_id: int | None = None) -> tuple[int, int]:
        """How many finished games of a user's ``viewer_id`` may see (as ``results``), and in how
        many of them the user placed first."""

    @abstractmethod
    async def save_review(self, game_id: int, version: int, review: dict[str, Any]) -> None:
        """Keep the review of a finished game (replacing an older one)."""

    @abstractmethod
    async def review(self, game_id: int, version: int) -> dict[str, Any] | None:
        """The stored review of a game made by this ``version`` of the review, if any."""

    @abstractmethod
    async def reviews(self, version: int, limit: int = 200) -> list[tuple[int, dict[str, Any]]]:
        """The newest stored reviews made by this ``version`` of games at public tables: (game id,
        review)."""

    @abstractmethod
    async def accuracies(
        self, user_id: int, limit: int = 50, viewer_id: int | None = None
    ) -> list[AccuracyRow]:
        """A user's accuracy in each of their reviewed games, newest first, that ``viewer_id`` may
        see (as ``results``)."""

    @abstractmethod
    async def answer(self, user_id: int, trainer: str, right: bool) -> tuple[int, int]:
        """Count an answer in a trainer: a right one extends the player's streak, a wrong one ends
        it. Returns the streak now and the longest."""

    @abstractmethod
    async def add_chat(self, table_id: str, user_id: int, text: str, at: float) -> None:
        """Keep a chat line."""

    @abstractmethod
    async def chat(self, table_id: str, limit: int = 50) -> list[tuple[int, str, float]]:
        """The last chat lines of a table, oldest first: (user id, text, time)."""

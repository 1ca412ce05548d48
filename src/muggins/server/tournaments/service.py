"""Tournaments as a service: members make them, players enter before the start, and each second
one process (the one that claimed it in the store) starts those due, scores the games of the round
as their tables finish them, pairs the next round, and ends them; everyone watching is told."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets

from muggins.bots.registry import bot_names
from muggins.games.registry import new_game
from muggins.server import messages
from muggins.server.accounts import CENTRE, display, user_info
from muggins.server.bus import player_channel, tournament_channel
from muggins.server.loop import Every
from muggins.server.pairing import FOR_PEOPLE, PairingError, asked_game, may_play, open_table, request_of
from muggins.server.store import EntrantRow, PairingRow, TournamentError, TournamentRow, User
from muggins.server.tables import Tables, TableSettingsError
from muggins.server.tournaments.arena import Free, arena_pairs, arena_standings
from muggins.server.tournaments.swiss import (
    BYE_POINTS,
    Result,
    Standing,
    pair_round,
    place_points,
    players_for_next_round,
    standings,
)

log = logging.getLogger(__name__)

RUN_EVERY = 1.0
"""Seconds between two looks at the tournaments this process runs."""

RUNNER_SILENT = 10.0
"""A tournament whose runner has not been heard of in this long is taken over by another process."""

OPEN_TOURNAMENTS = 3
"""Tournaments one member may have to come or running."""

MOST_ENTRANTS = 512
"""Players one tournament takes."""

LISTED = 50
"""Tournaments the list gives (to come and running; then the latest finished)."""


class TournamentNotFoundError(TableSettingsError):
    """No tournament has that id."""

    status = 404


class Tournaments:
    """This process's part of the tournaments."""

    def __init__(self, tables: Tables) -> None:
        self.tables, self.store, self.bus = tables, tables.store, tables.bus
        self.runner = secrets.token_hex(6)
        self.looks = Every("tournaments", RUN_EVERY, self.advance)
        """The look at the tournaments this process runs, each ``RUN_EVERY`` seconds."""

    # --- what members and players ask ---------------------------------------------------------

    async def create(
        self,
        user: User,
        *,
        name: str,
        asked: messages.Seek,
        starts_in: float,
        rounds: int = 0,
        minutes: int = 0,
        streaks: bool = False,
    ) -> messages.TournamentInfo:
        """A tournament of the games ``asked`` says (two to four seats, each playing for themselves),
        starting in ``starts_in`` seconds, made by a member: Swiss of ``rounds`` rounds, or
        (``minutes`` given) an arena that long."""
        if user.kind != "member":
            raise PairingError("tournaments are made by members: sign up first")
        request = request_of(asked)
        if (
            len(new_game(request["game"], players=request["players"], seed=0, **request["options"]).sides)
            < request["players"]
        ):
            raise TableSettingsError("a tournament's players each play for themselves: no partnerships")
        now = self.tables.clock.time()
        row = TournamentRow(
            secrets.token_urlsafe(8).replace("-", "x").replace("_", "y"),
            name,
            "arena" if minutes else "swiss",
            request,
            0 if minutes else rounds,
            now + starts_in,
            user.id,
            now,
            minutes=minutes,
            streaks=streaks and bool(minutes),
        )
        try:
            await self.store.create_tournament(row, at_most=OPEN_TOURNAMENTS)
        except TournamentError as exc:
            raise PairingError(str(exc)) from None
        return await self.info(row.id)

    async def enter(self, user: User, tournament_id: str, bot: str | None = None) -> messages.TournamentInfo:
        """``user`` enters (or, by its maker, a bot of level ``bot``), before the start."""
        row = await self._row(tournament_id)
        entrant = user
        if bot is not None:
            if row.created_by != user.id:
                raise PairingError("only the tournament's maker enters bots")
            game = row.request["game"]
            if any(e.bot for e in await self.store.entrants(tournament_id)):
                raise PairingError(
                    "a tournament takes one bot (two bots would play each other with nobody watching)"
                )
            if bot not in bot_names(game):
                raise TableSettingsError(
                    f"no bot {bot!r} for {game}: expected one of {', '.join(bot_names(game))}"
                )
            entrant = await self.store.bot_user(game, bot)
        else:
            if user.kind == "bot_account":
                raise PairingError(FOR_PEOPLE)
            await may_play(self.tables, user, bool(row.request["rated"]))
        ratings = await self.store.ratings([entrant.id], row.request["game"], row.request["players"])
        rating = display(ratings[0]) if ratings else CENTRE
        try:
            entry = EntrantRow(entrant.id, rating, self.tables.clock.time(), bot=bot)
            await self.store.enter(tournament_id, entry, at_most=MOST_ENTRANTS, late=row.kind == "arena")
        except TournamentError as exc:
            raise PairingError(str(exc)) from None
        return await self.changed(tournament_id)

    async def start_now(self, user: User, tournament_id: str) -> messages.TournamentInfo:
        """The maker starts an upcoming tournament now (at the next look, within a second)."""
        row = await self._row(tournament_id)
        if row.created_by != user.id:
            raise PairingError("only the tournament's maker starts it early")
        if not await self.store.start_now(tournament_id, self.tables.clock.time()):
            raise PairingError("this tournament has begun")
        return await self.changed(tournament_id)

    async def withdraw(self, user: User, tournament_id: str) -> messages.TournamentInfo:
        """``user`` withdraws: off the list before the start, paired no more after it."""
        await self._row(tournament_id)
        if not await self.store.withdraw(tournament_id, user.id):
            raise PairingError("you are not in this tournament")
        return await self.changed(tournament_id)

    async def listing(self) -> list[messages.TournamentInfo]:
        """The tournaments to come and running, then the latest finished (without their games)."""
        rows = await self.store.tournaments(("upcoming", "running"), LISTED)
        rows += await self.store.tournaments(("finished",), LISTED - len(rows)) if len(rows) < LISTED else []
        return [await self.info(row.id, games_round=-1) for row in rows]

    async def info(self, tournament_id: str, games_round: int | None = None) -> messages.TournamentInfo:
        """The tournament as it stands, with the pairings of ``games_round`` (None: the current
        round; -1: none)."""
        row = await self._row(tournament_id)
        entrants = await self.store.entrants(tournament_id)
        pairings = await self.store.pairings(tournament_id)
        placed = _standings(row, entrants, pairings)
        by_id = {e.user_id: e for e in entrants}
        users = {uid: await self._user(uid) for uid in by_id}
        shown = row.round if games_round is None else games_round
        maker = await self._user(row.created_by)
        return messages.TournamentInfo(
            **asked_game(row.request),
            id=row.id,
            name=row.name,
            kind=row.kind,  # type: ignore[arg-type]
            rounds=row.rounds,
            minutes=row.minutes,
            ends_at=row.starts_at + 60 * row.minutes if row.minutes else None,
            streaks=row.streaks,
            round=row.round,
            starts_at=row.starts_at,
            status=row.status,  # type: ignore[arg-type]
            finished_at=row.finished_at,
            created_by=user_info(maker),
            entrants=len(entrants),
            standings=[
                messages.TournamentStanding(
                    place=s.place,
                    user=user_info(users[s.user_id]),
                    rating=s.rating,
                    points=s.points,
                    buchholz=s.buchholz,
                    wins=s.wins,
                    games=s.games,
                    byes=s.byes,
                    withdrawn=by_id[s.user_id].withdrawn,
                    bot=by_id[s.user_id].bot,
                )
                for s in placed
            ],
            games_round=shown,
            games=[
                messages.TournamentGame(
                    round=p.round,
                    players=[user_info(await self._user(uid)) for uid in p.seats],
                    table_id=p.table_id,
                    points=None if p.points is None or p.bye else list(p.points),
                    bye=p.bye,
                )
                for p in pairings
                if p.round == shown
            ],
        )

    async def changed(self, tournament_id: str) -> messages.TournamentInfo:
        """Tell everyone watching the tournament how it stands now."""
        info = await self.info(tournament_id)
        await self.bus.publish(
            tournament_channel(tournament_id), messages.TournamentUpdate(tournament=info).model_dump_json()
        )
        return info

    async def _row(self, tournament_id: str) -> TournamentRow:
        row = await self.store.tournament(tournament_id)
        if row is None:
            raise TournamentNotFoundError(f"there is no tournament {tournament_id!r}")
        return row

    async def _user(self, user_id: int) -> User:
        user = await self.store.user(user_id)
        assert user is not None  # players are never deleted
        return user

    # --- running them --------------------------------------------------------------------------

    def start(self) -> None:
        self.looks.start()

    async def close(self) -> None:
        await self.looks.close()

    async def advance(self) -> None:
        """Claim the tournaments due or running (those of a silent process too) and move each on."""
        now = self.tables.clock.time()
        for row in await self.store.claim_tournaments(self.runner, now, stale_before=now - RUNNER_SILENT):
            try:
                if await self._advance(row):
                    await self.changed(row.id)
            except Exception:
                log.exception("tournament %s could not move on; trying again", row.id)

    async def _advance(self, row: TournamentRow) -> bool:
        """Start, score, pair or end one tournament as far as it can go now; whether it changed."""
        entrants = await self.store.entrants(row.id)
        if row.kind == "arena":
            return await self._advance_arena(row, entrants)
        playing = {e.user_id for e in entrants if not e.withdrawn}
        seats = row.request["players"]
        if row.status == "upcoming":
            if len(playing) < seats:
                await self.store.finish_tournament(row.id, self.tables.clock.time())
                log.info("tournament %s: %d players came; it is over", row.id, len(playing))
                return True
            return await self._pair(row, 1, entrants, [])
        pairings = await self.store.pairings(row.id)
        changed = await self._play(row, pairings, entrants)  # the earlier rounds are all scored
        if any(p.round == row.round and not p.bye and p.points is None for p in pairings):
            return changed
        if row.round >= row.rounds or len(playing) < seats:
            await self.store.finish_tournament(row.id, self.tables.clock.time())
            return True
        return await self._pair(row, row.round + 1, entrants, pairings)

    async def _play(self, row: TournamentRow, pairings: list[PairingRow], entrants: list[EntrantRow]) -> bool:
        """Make any table of these pairings not made yet (a runner stopped before), and score
        those whose game is over (``pairings`` as they are scored); whether anything changed."""
        changed = await self._seat(row, [p for p in pairings if not p.bye and p.table_id is None], entrants)
        waiting = {
            p.table_id: n for n, p in enumerate(pairings) if p.table_id is not None and p.points is None
        }
        for table_id, ranks in (await self.store.first_results(list(waiting))).items():
            points = place_points(ranks)
            await self.store.score_pairing(row.id, table_id, points)
            pairings[waiting[table_id]] = dataclasses.replace(pairings[waiting[table_id]], points=points)
            changed = True
        return changed

    async def _advance_arena(self, row: TournamentRow, entrants: list[EntrantRow]) -> bool:
        """An arena: begun at its start, its games scored as they end, every free player online
        paired, until its time is up and its last games are over."""
        changed = False
        if row.status == "upcoming":
            if not await self.store.start_round(row.id, 1, []):
                return False
            row.round, changed = 1, True
        pairings = await self.store.pairings(row.id)
        changed |= await self._play(row, pairings, entrants)
        playing = [p for p in pairings if not p.bye and p.points is None]
        if self.tables.clock.time() >= row.starts_at + 60 * row.minutes:
            if not playing:
                await self.store.finish_tournament(row.id, self.tables.clock.time())
                return True
            return changed  # time is up: no new games, those going are played out
        busy = {uid for p in playing for uid in p.seats}
        free = [e for e in entrants if not e.withdrawn and e.user_id not in busy]
        online = await self.bus.followed([player_channel(e.user_id) for e in free])
        placed = {s.user_id: s for s in _standings(row, entrants, pairings)}
        last: dict[int, frozenset[int]] = {}
        for p in pairings:
            for uid in p.seats:
                last[uid] = frozenset(p.seats) - {uid}
        ready = [
            Free(
                e.user_id,
                placed[e.user_id].points,
                e.rating,
                last.get(e.user_id, frozenset()),
                placed[e.user_id].firsts,
            )
            for e, on in zip(free, online, strict=True)
            if on or e.bot is not None
        ]
        tables = arena_pairs(ready, row.request["players"])
        if not tables:
            return changed
        rows = [PairingRow(row.round + 1, seats, None) for seats in tables]
        if not await self.store.start_round(row.id, row.round + 1, rows):
            return changed
        await self._seat(row, rows, entrants)
        return True

    async def _pair(
        self, row: TournamentRow, number: int, entrants: list[EntrantRow], pairings: list[PairingRow]
    ) -> bool:
        """Pair round ``number`` after the rounds of ``pairings`` (stored first, so that a process
        taking over makes any table not yet made), then make its tables."""
        placed = _standings(row, entrants, pairings)
        playing = {e.user_id for e in entrants if not e.withdrawn}
        # a big round's matching takes CPU (0.75 s for 256 players): off the event loop
        pairing = await asyncio.to_thread(
            pair_round, players_for_next_round(placed, playing), row.request["players"]
        )
        rows = [PairingRow(number, seats, None) for seats in pairing.tables]
        rows += [PairingRow(number, (bye,), None, (BYE_POINTS,)) for bye in pairing.byes]
        if not await self.store.start_round(row.id, number, rows):
            return False
        log.info("tournament %s: round %d paired (%d tables)", row.id, number, len(pairing.tables))
        await self._seat(row, [r for r in rows if not r.bye], entrants)
        return True

    async def _seat(self, row: TournamentRow, pairings: list[PairingRow], entrants: list[EntrantRow]) -> bool:
        """Make the tables of these pairings and tell their players."""
        bots = {e.user_id: e.bot for e in entrants if e.bot is not None}
        for pairing in pairings:
            people: dict[int, User] = {}
            seated_bots: dict[int, str] = {}
            for seat, uid in enumerate(pairing.seats):
                if uid in bots:
                    seated_bots[seat] = bots[uid]
                else:
                    people[seat] = await self._user(uid)
            maker = None if people else await self._user(row.created_by)
            table = await open_table(self.tables, row.request, people, seated_bots, maker)
            await self.store.seat_pairing(row.id, pairing.round, pairing.first, table.id)
            paired = messages.Paired(table=table.info()).model_dump_json()
            for person in people.values():
                await self.bus.publish(player_channel(person.id), paired)
        return bool(pairings)


def _standings(row: TournamentRow, entrants: list[EntrantRow], pairings: list[PairingRow]) -> list[Standing]:
    """The standings by the tournament's own rules."""
    ratings = {e.user_id: e.rating for e in entrants}
    results, byes = _scored(pairings)
    if row.kind == "arena":
        return arena_standings(ratings, results, row.streaks)
    return standings(ratings, results, byes)


def _scored(pairings: list[PairingRow]) -> tuple[list[Result], list[tuple[int, int]]]:
    """The finished games and the byes among a tournament's pairings."""
    results = [Result(p.round, p.seats, p.points) for p in pairings if not p.bye and p.points is not None]
    byes = [(p.round, p.first) for p in pairings if p.bye]
    return results, byes

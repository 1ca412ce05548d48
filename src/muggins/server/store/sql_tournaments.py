"""The store's tournaments in SQL (a part of ``SqlStore``): each change one transaction, and the
changes two processes could make at once (a round stored, a tournament claimed) conditional, so
that one of them makes it."""

from __future__ import annotations

import dataclasses
from typing import Any

import sqlalchemy as sa

from muggins.server.store import schema as s
from muggins.server.store.base import EntrantRow, PairingRow, TournamentError, TournamentRow
from muggins.server.store.sql_part import SqlPart

UNFINISHED = ("upcoming", "running")


class SqlTournaments(SqlPart):
    """``Store``'s tournament methods, for ``SqlStore``, which gives the engines and threads."""

    async def create_tournament(self, row: TournamentRow, *, at_most: int) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                if not self.is_sqlite:  # the maker's creations count one at a time
                    c.execute(sa.select(s.users.c.id).where(s.users.c.id == row.created_by).with_for_update())
                made = sa.select(sa.func.count()).where(
                    s.tournaments.c.created_by == row.created_by, s.tournaments.c.status.in_(UNFINISHED)
                )
                if int(c.execute(made).scalar_one()) >= at_most:
                    raise TournamentError(
                        f"you have {at_most} tournaments to come or running: let one finish first"
                    )
                c.execute(s.tournaments.insert().values(**dataclasses.asdict(row)))

        await self._run(run)

    async def tournaments(self, statuses: tuple[str, ...], limit: int) -> list[TournamentRow]:
        query = (
            sa.select(s.tournaments)
            .where(s.tournaments.c.status.in_(statuses))
            .order_by(s.tournaments.c.starts_at.desc())
            .limit(limit)
        )

        def run() -> list[TournamentRow]:
            with self.reader.connect() as c:
                return [_tournament(r) for r in c.execute(query)][::-1]

        return await self._read(run)

    async def tournament(self, tournament_id: str) -> TournamentRow | None:
        def run() -> TournamentRow | None:
            with self.reader.connect() as c:
                found = c.execute(sa.select(s.tournaments).where(s.tournaments.c.id == tournament_id)).first()
            return None if found is None else _tournament(found)

        return await self._read(run)

    async def start_now(self, tournament_id: str, at: float) -> bool:
        t = s.tournaments

        def run() -> bool:
            with self.engine.begin() as c:
                started = (
                    t.update().where(t.c.id == tournament_id, t.c.status == "upcoming").values(starts_at=at)
                )
                return bool(c.execute(started).rowcount)

        return await self._run(run)

    async def enter(
        self, tournament_id: str, entrant: EntrantRow, *, at_most: int, late: bool = False
    ) -> bool:
        def run() -> bool:
            with self.engine.begin() as c:
                status = c.execute(
                    sa.select(s.tournaments.c.status)
                    .where(s.tournaments.c.id == tournament_id)
                    .with_for_update()
                    if not self.is_sqlite
                    else sa.select(s.tournaments.c.status).where(s.tournaments.c.id == tournament_id)
                ).scalar_one_or_none()
                if status == "finished" or (status != "upcoming" and not late):
                    when = "ended" if status == "finished" else "begun"
                    raise TournamentError(f"this tournament has {when}: it takes no more players")
                mine = (s.entrants.c.tournament_id == tournament_id) & (
                    s.entrants.c.user_id == entrant.user_id
                )
                held = c.execute(sa.select(s.entrants.c.withdrawn).where(mine)).first()
                if held is not None:
                    c.execute(s.entrants.update().where(mine).values(withdrawn=False))
                    return bool(held.withdrawn)
                count = sa.select(sa.func.count()).where(s.entrants.c.tournament_id == tournament_id)
                if int(c.execute(count).scalar_one()) >= at_most:
                    raise TournamentError(f"this tournament is full ({at_most} players)")
                c.execute(
                    s.entrants.insert().values(tournament_id=tournament_id, **dataclasses.asdict(entrant))
                )
                return True

        return await self._run(run)

    async def withdraw(self, tournament_id: str, user_id: int) -> bool:
        def run() -> bool:
            with self.engine.begin() as c:
                mine = (s.entrants.c.tournament_id == tournament_id) & (s.entrants.c.user_id == user_id)
                status = c.execute(
                    sa.select(s.tournaments.c.status).where(s.tournaments.c.id == tournament_id)
                ).scalar_one_or_none()
                if status == "upcoming":
                    return bool(c.execute(s.entrants.delete().where(mine)).rowcount)
                return bool(
                    c.execute(
                        s.entrants.update().where(mine, ~s.entrants.c.withdrawn).values(withdrawn=True)
                    ).rowcount
                )

        return await self._run(run)

    async def entrants(self, tournament_id: str) -> list[EntrantRow]:
        query = (
            sa.select(s.entrants)
            .where(s.entrants.c.tournament_id == tournament_id)
            .order_by(s.entrants.c.joined_at, s.entrants.c.user_id)
        )

        def run() -> list[EntrantRow]:
            with self.reader.connect() as c:
                return [
                    EntrantRow(r.user_id, r.rating, r.joined_at, r.withdrawn, r.bot) for r in c.execute(query)
                ]

        return await self._read(run)

    async def pairings(self, tournament_id: str) -> list[PairingRow]:
        p = s.tournament_pairings
        query = sa.select(p).where(p.c.tournament_id == tournament_id).order_by(p.c.round, p.c.first)

        def run() -> list[PairingRow]:
            with self.reader.connect() as c:
                return [
                    PairingRow(
                        r.round, tuple(r.seats), r.table_id, None if r.points is None else tuple(r.points)
                    )
                    for r in c.execute(query)
                ]

        return await self._read(run)

    async def start_round(self, tournament_id: str, number: int, pairings: list[PairingRow]) -> bool:
        def run() -> bool:
            with self.engine.begin() as c:
                moved = c.execute(
                    s.tournaments.update()
                    .where(s.tournaments.c.id == tournament_id, s.tournaments.c.round == number - 1)
                    .values(round=number, status="running")
                ).rowcount
                if not moved:
                    return False
                for row in pairings:
                    c.execute(
                        s.tournament_pairings.insert().values(
                            tournament_id=tournament_id,
                            round=row.round,
                            first=row.first,
                            seats=list(row.seats),
                            table_id=row.table_id,
                            points=None if row.points is None else list(row.points),
                        )
                    )
                return True

        return await self._run(run)

    async def score_pairing(self, tournament_id: str, table_id: str, points: tuple[float, ...]) -> None:
        p = s.tournament_pairings

        def run() -> None:
            with self.engine.begin() as c:
                c.execute(
                    p.update()
                    .where(p.c.tournament_id == tournament_id, p.c.table_id == table_id)
                    .values(points=list(points))
                )

        await self._run(run)

    async def seat_pairing(self, tournament_id: str, number: int, first: int, table_id: str) -> None:
        p = s.tournament_pairings

        def run() -> None:
            with self.engine.begin() as c:
                c.execute(
                    p.update()
                    .where(p.c.tournament_id == tournament_id, p.c.round == number, p.c.first == first)
                    .values(table_id=table_id)
                )

        await self._run(run)

    async def finish_tournament(self, tournament_id: str, at: float) -> None:
        def run() -> None:
            with self.engine.begin() as c:
                c.execute(
                    s.tournaments.update()
                    .where(s.tournaments.c.id == tournament_id)
                    .values(status="finished", finished_at=at, runner="")
                )

        await self._run(run)

    async def claim_tournaments(self, runner: str, at: float, stale_before: float) -> list[TournamentRow]:
        t = s.tournaments
        due = t.c.status.in_(UNFINISHED) & (t.c.starts_at <= at)
        ours = (t.c.runner == runner) | (t.c.runner_seen < stale_before)

        def run() -> list[TournamentRow]:
            with self.engine.begin() as c:
                c.execute(t.update().where(due, ours).values(runner=runner, runner_seen=at))
                return [_tournament(r) for r in c.execute(sa.select(t).where(due, t.c.runner == runner))]

        return await self._run(run)

    async def first_results(self, table_ids: list[str]) -> dict[str, list[int]]:
        if not table_ids:
            return {}
        g = s.games
        query = sa.select(g.c.table_id, g.c.result).where(
            g.c.table_id.in_(table_ids), g.c.number == 1, g.c.status == "over"
        )

        def run() -> dict[str, list[int]]:
            with self.reader.connect() as c:
                return {r.table_id: list(r.result["ranks"]) for r in c.execute(query) if r.result}

        return await self._read(run)


def _tournament(r: Any) -> TournamentRow:
    return TournamentRow(
        r.id,
        r.name,
        r.kind,
        dict(r.request),
        r.rounds,
        r.starts_at,
        r.created_by,
        r.created_at,
        r.status,
        r.round,
        r.finished_at,
        r.minutes,
        r.streaks,
    )

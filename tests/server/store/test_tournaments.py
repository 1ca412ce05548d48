"""Tournaments as the store keeps them, on SQLite and PostgreSQL: a maker's unfinished ones are
bounded; players enter before the start only, up to a limit, and withdraw; a round is stored once
however many processes try; a tournament is run by one process until it falls silent."""

from __future__ import annotations

import asyncio

import pytest

from muggins.server.store import EntrantRow, PairingRow, SqlStore, TournamentError, TournamentRow
from tests.server.people import members


def test_a_tournament_from_entries_to_its_last_round(url: str) -> None:
    async def run() -> None:
        store, other = SqlStore(url), SqlStore(url)
        await store.start()
        await other.start()
        try:
            ann, bea, cal = await members(store, *"abc")
            row = TournamentRow("t1", "Friday", "swiss", {"game": "cribbage"}, 3, 100.0, ann.id, 0.0)
            await store.create_tournament(row, at_most=1)
            with pytest.raises(TournamentError, match="1 tournaments"):
                await store.create_tournament(
                    TournamentRow("t2", "x", "swiss", {}, 3, 1.0, ann.id, 0.0), at_most=1
                )
            for user in (ann, bea, cal):
                assert await store.enter("t1", EntrantRow(user.id, 1500, 1.0), at_most=3)
            assert not await store.enter("t1", EntrantRow(ann.id, 1500, 2.0), at_most=3)  # in already
            dee = await store.create_user("d", "member", login="d", password_hash="-")
            with pytest.raises(TournamentError, match="full"):
                await store.enter("t1", EntrantRow(dee.id, 1500, 2.0), at_most=3)
            assert await store.withdraw("t1", cal.id)  # before the start: off the list
            assert [e.user_id for e in await store.entrants("t1")] == [ann.id, bea.id]
            # not due before its start; then one runner at a time
            assert await store.claim_tournaments("p1", at=50.0, stale_before=40.0) == []
            assert [t.id for t in await store.claim_tournaments("p1", at=100.0, stale_before=90.0)] == ["t1"]
            assert await other.claim_tournaments("p2", at=101.0, stale_before=91.0) == []
            assert [t.id for t in await other.claim_tournaments("p2", at=120.0, stale_before=110.0)] == ["t1"]
            rounds = [PairingRow(1, (ann.id, bea.id), None), PairingRow(1, (cal.id,), None, (1.0,))]
            started = await asyncio.gather(
                store.start_round("t1", 1, rounds), other.start_round("t1", 1, rounds)
            )
            assert sorted(started) == [False, True]
            got = await store.tournament("t1")
            assert got is not None and (got.status, got.round) == ("running", 1)
            with pytest.raises(TournamentError, match="begun"):
                await store.enter("t1", EntrantRow(dee.id, 1500, 2.0), at_most=9)
            assert await store.withdraw("t1", bea.id)  # after the start: paired no more, still listed
            assert [(e.user_id, e.withdrawn) for e in await store.entrants("t1")] == [
                (ann.id, False),
                (bea.id, True),
            ]
            assert [(p.seats, p.points) for p in await store.pairings("t1")] == [
                ((ann.id, bea.id), None),
                ((cal.id,), (1.0,)),
            ]
            await store.finish_tournament("t1", at=200.0)
            assert [t.id for t in await store.tournaments(("finished",), 10)] == ["t1"]
            assert await store.claim_tournaments("p1", at=300.0, stale_before=290.0) == []
        finally:
            await store.close()
            await other.close()

    asyncio.run(run())

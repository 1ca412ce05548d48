"""Challenges as the store keeps them, on SQLite and PostgreSQL: a challenger's open ones are
bounded (expired ones do not count), only the player challenged accepts or declines and only the
challenger cancels, an expired one takes no answer, and of two answers at once one wins."""

from __future__ import annotations

import asyncio

import pytest

from muggins.server.store import ChallengeRow, SqlStore, TooManyChallengesError


def test_challenges_open_answered_and_expired(url: str) -> None:
    async def run() -> None:
        store = SqlStore(url)
        await store.start()
        try:
            ann, bea, cal = [await store.create_guest(n) for n in ("Ann", "Bea", "Cal")]
            old = ChallengeRow("old", ann.id, bea.id, {"game": "g"}, made_at=0.0)
            await store.challenge(old, open_since=-100.0, at_most=2)
            await store.challenge(ChallengeRow("c1", ann.id, bea.id, {}, 50.0), open_since=-50.0, at_most=2)
            with pytest.raises(TooManyChallengesError, match="2 challenges open"):
                await store.challenge(
                    ChallengeRow("c2", ann.id, cal.id, {}, 60.0), open_since=-40.0, at_most=2
                )
            # at 130, "old" (made at 0) expired 120 s on: it no longer counts, nor takes an answer
            await store.challenge(ChallengeRow("c2", ann.id, cal.id, {}, 130.0), open_since=10.0, at_most=2)
            assert await store.answer_challenge("old", "accepted", by=bea.id, open_since=10.0) is None
            assert [r.id for r in await store.open_challenges(bea.id, open_since=10.0)] == ["c1"]
            assert [r.id for r in await store.open_challenges(ann.id, open_since=10.0)] == ["c1", "c2"]
            assert (
                await store.answer_challenge("c1", "cancelled", by=bea.id, open_since=10.0) is None
            )  # not hers
            assert (
                await store.answer_challenge("c1", "accepted", by=ann.id, open_since=10.0) is None
            )  # not his
            taken = await store.answer_challenge("c1", "accepted", by=bea.id, open_since=10.0)
            assert taken is not None and (taken.by_user, taken.to_user, taken.status) == (
                ann.id,
                bea.id,
                "accepted",
            )
            assert (
                await store.answer_challenge("c1", "declined", by=bea.id, open_since=10.0) is None
            )  # answered
            await store.challenge_accepted("c1", "table1")
            assert await store.answer_challenge("c2", "cancelled", by=ann.id, open_since=10.0) is not None
            assert await store.open_challenges(ann.id, open_since=10.0) == []
        finally:
            await store.close()

    asyncio.run(run())


def test_of_two_answers_at_once_one_wins(url: str) -> None:
    async def run() -> None:
        one, two = SqlStore(url), SqlStore(url)
        await one.start()
        await two.start()
        try:
            ann, bea = await one.create_guest("Ann"), await one.create_guest("Bea")
            for n in range(10):
                await one.challenge(
                    ChallengeRow(f"c{n}", ann.id, bea.id, {}, 0.0), open_since=-1.0, at_most=1
                )
                answers = await asyncio.gather(
                    one.answer_challenge(f"c{n}", "accepted", by=bea.id, open_since=-1.0),
                    two.answer_challenge(f"c{n}", "cancelled", by=ann.id, open_since=-1.0),
                )
                assert sum(answer is not None for answer in answers) == 1
        finally:
            await one.close()
            await two.close()

    asyncio.run(run())

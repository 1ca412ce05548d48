"""The garbage-collection policy: the surviving heap is frozen, and the periodic sweep reclaims
cycles. Its periods run on a clock the test moves itself, so no test waits on real time."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from muggins.server.edge.heap import YOUNG_THRESHOLD, keep_full_collections_short
from tests.server.manual_clock import ManualClock


class Node:
    """A self-referencing object: only the cyclic collector can free it."""

    def __init__(self) -> None:
        self.me = self


@asynccontextmanager
async def policy(clock: ManualClock, *, freeze_every: float, sweep_every: float) -> AsyncIterator[None]:
    """The policy running on ``clock`` (started from an unfrozen heap), stopped on leaving."""
    gc.unfreeze()
    task = asyncio.create_task(
        keep_full_collections_short(freeze_every=freeze_every, sweep_every=sweep_every, clock=clock)
    )
    clock.tasks = {task}
    await clock.settle()
    try:
        yield
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def full_collections() -> tuple[list[int], Callable[[str, dict[str, int]], None]]:
    """A list that grows by one at the start of each full collection, and its callback."""
    started: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            started.append(1)

    return started, note


def test_the_surviving_heap_is_frozen_and_unfrozen_when_the_policy_stops() -> None:
    async def run() -> None:
        clock = ManualClock()
        async with policy(clock, freeze_every=10, sweep_every=3600):
            assert gc.get_freeze_count() == 0
            await clock.advance(10)
            assert gc.get_freeze_count() > 0
        assert gc.get_freeze_count() == 0

    asyncio.run(run())


def test_automatic_full_collections_wait_for_the_sweep() -> None:
    async def run() -> None:
        before = gc.get_threshold()
        full, note = full_collections()
        async with policy(ManualClock(), freeze_every=3600, sweep_every=3600):
            gc.callbacks.append(note)
            try:
                # enough surviving containers for many middle collections, so a full one by default
                kept = [[i] for i in range(200_000)]
                del kept
            finally:
                gc.callbacks.remove(note)
            assert not full, "a full collection ran while the policy was on"
        assert gc.get_threshold() == before

    asyncio.run(run())


def test_young_collections_wait_for_the_young_threshold_while_the_policy_runs() -> None:
    async def run() -> None:
        before = gc.get_threshold()
        young: list[int] = []

        def note(phase: str, info: dict[str, int]) -> None:
            if phase == "start" and info["generation"] == 0:
                young.append(1)

        async with policy(ManualClock(), freeze_every=3600, sweep_every=3600):
            assert gc.get_threshold()[0] == max(before[0], YOUNG_THRESHOLD)
            gc.collect()  # counts start afresh
            gc.callbacks.append(note)
            try:
                kept = [[i] for i in range(YOUNG_THRESHOLD // 2)]  # half the threshold: no collection
            finally:
                gc.callbacks.remove(note)
            assert len(kept) == YOUNG_THRESHOLD // 2
            assert not young, "a young collection ran before the threshold"
        assert gc.get_threshold() == before

    asyncio.run(run())


def test_the_sweep_reclaims_cyclic_garbage_that_was_frozen() -> None:
    async def run() -> None:
        clock = ManualClock()
        async with policy(clock, freeze_every=10, sweep_every=600):
            node = Node()
            alive = weakref.ref(node)
            await clock.advance(10)  # frozen while still referenced
            del node
            gc.collect()
            assert alive() is not None, "a frozen cycle is out of the collector's reach until the sweep"
            grown = [[i] for i in range(gc.get_freeze_count())]  # the heap doubles: a sweep pays
            await clock.advance(580)
            assert alive() is not None, "swept before sweep_every had passed"
            await clock.advance(20)
            assert alive() is None
            del grown

    asyncio.run(run())


def test_the_frozen_heap_is_counted_only_when_a_sweep_may_run(monkeypatch: pytest.MonkeyPatch) -> None:
    counted: list[int] = []
    count = gc.get_freeze_count

    def counting() -> int:
        counted.append(1)
        return count()

    monkeypatch.setattr(gc, "get_freeze_count", counting)

    async def run() -> None:
        clock = ManualClock()
        async with policy(clock, freeze_every=10, sweep_every=600):
            await clock.advance(590)  # 59 freezes
            assert len(counted) == 1, "counted at the first freeze only"
            await clock.advance(600)  # a sweep may run from 600 s: counted ten times a period
            assert 1 + 9 <= len(counted) <= 1 + 11

    asyncio.run(run())


def test_no_sweep_while_the_frozen_heap_has_not_grown_by_a_quarter() -> None:
    async def run() -> None:
        clock = ManualClock()
        sweeps, note = full_collections()
        async with policy(clock, freeze_every=10, sweep_every=20):
            node = Node()
            alive = weakref.ref(node)
            await clock.advance(10)
            del node
            gc.callbacks.append(note)
            try:
                await clock.advance(3000)  # 150 sweep periods, and the heap as it was
            finally:
                gc.callbacks.remove(note)
        assert not sweeps and alive() is not None, "a sweep ran though the frozen heap had not grown"
        gc.collect()
        assert alive() is None

    asyncio.run(run())

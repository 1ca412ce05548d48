"""The garbage-collection policy: the surviving heap is frozen, and the periodic sweep reclaims cycles."""

from __future__ import annotations

import asyncio
import gc
import weakref

from muggins.server.heap import keep_full_collections_short


class Node:
    """A self-referencing object: only the cyclic collector can free it."""

    def __init__(self) -> None:
        self.me = self


def test_the_surviving_heap_is_frozen_and_unfrozen_when_the_policy_stops() -> None:
    asyncio.run(_frozen_then_unfrozen())


async def _frozen_then_unfrozen() -> None:
    gc.unfreeze()
    task = asyncio.create_task(keep_full_collections_short(freeze_every=0.01, sweep_every=3600))
    await asyncio.sleep(0.05)
    assert gc.get_freeze_count() > 0
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert gc.get_freeze_count() == 0


def test_automatic_full_collections_wait_for_the_sweep() -> None:
    asyncio.run(_no_automatic_full_collections())


async def _no_automatic_full_collections() -> None:
    gc.unfreeze()
    before = gc.get_threshold()
    full: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    task = asyncio.create_task(keep_full_collections_short(freeze_every=3600, sweep_every=3600))
    await asyncio.sleep(0)
    gc.callbacks.append(note)
    try:
        # Enough surviving containers to trigger many middle collections, and so a full one by default.
        kept = [[i] for i in range(200_000)]
        del kept
    finally:
        gc.callbacks.remove(note)
    assert not full, "a full collection ran while the policy was on"
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert gc.get_threshold() == before


def test_the_sweep_reclaims_cyclic_garbage_that_was_frozen() -> None:
    asyncio.run(_sweep_reclaims())


async def _sweep_reclaims() -> None:
    gc.unfreeze()
    node = Node()
    alive = weakref.ref(node)
    task = asyncio.create_task(keep_full_collections_short(freeze_every=0.01, sweep_every=0.2))
    await asyncio.sleep(0.05)  # frozen while still referenced
    del node
    gc.collect()
    assert alive() is not None, "a frozen cycle is out of the collector's reach until the sweep"
    grown = [[i] for i in range(gc.get_freeze_count())]  # the heap doubles: a sweep pays
    await asyncio.sleep(0.3)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert alive() is None
    del grown


def test_no_sweep_while_the_frozen_heap_has_not_grown_by_a_quarter() -> None:
    asyncio.run(_no_sweep_without_growth())


async def _no_sweep_without_growth() -> None:
    gc.unfreeze()
    sweeps: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            sweeps.append(1)

    node = Node()
    alive = weakref.ref(node)
    task = asyncio.create_task(keep_full_collections_short(freeze_every=0.01, sweep_every=0.02))
    await asyncio.sleep(0.05)
    del node
    gc.callbacks.append(note)
    try:
        await asyncio.sleep(0.3)  # many sweep periods, and the heap as it was
    finally:
        gc.callbacks.remove(note)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert not sweeps and alive() is not None, "a sweep ran though the frozen heap had not grown"
    gc.collect()
    assert alive() is None

"""The server's garbage-collection policy: full collections stay short however many players are seated.

CPython's full collection walks every tracked object, and a server with a thousand connections and
hundreds of tables holds half a million of them: each full collection stopped every table for about
250 ms on this machine. The long-lived heap (connections, tables, game histories) is therefore moved to
the permanent generation at a steady pace, so automatic collections only walk what is new; once in a
long while everything is unfrozen and collected in one sweep, so cyclic garbage among once-frozen
objects (a closed connection's frames, say) is reclaimed and memory stays flat. Automatic full
collections are switched off meanwhile: between two freezes they walked everything that had survived
since the last one, and under load (1,000 games on a process) that paused it for 50-180 ms several
times a minute (timed with ``gc.callbacks``), the largest part of the tail of move latency.

The sweep itself walks the whole heap: 370-430 ms under 1,000 games, while it reclaimed only 250-1,300
objects (refcounting frees the rest, frozen or not). So it runs only when it can pay, by CPython's own
rule for full collections applied to the frozen heap: when the heap has grown by a quarter since the
last sweep (or since the first freeze), and at most once in ``sweep_every`` seconds.

Young collections are made rarer too (``YOUNG_THRESHOLD``): at CPython's default, one ran every few
hundred allocations and walked every object of the moves in flight at that moment, a tenth of a busy
server's CPU (py-spy, the cluster benchmark).
"""

from __future__ import annotations

import gc
from typing import Final

from muggins.server.clock import Clock, LoopClock

NO_AUTOMATIC_FULL_COLLECTION: Final = 2**30
"""A threshold the count of middle-generation collections never reaches."""

YOUNG_THRESHOLD: Final = 10_000
"""Allocations (less deallocations) between young collections, against CPython's 700: the objects of
a move live for a few milliseconds, and most of them are freed before a collection at this pace
ever walks them. Under ``bench/cluster.py`` (1,000 games, 2 processes) the collector's share of the
server's busy time fell from 10.7 % to 1.6 %, and its CPU per move from 0.361 to 0.33 ms."""


SWEEP_GROWTH: Final = 0.25
"""The growth of the frozen heap since the last sweep that calls for the next (CPython's full
collections wait for a quarter of the long-lived heap to be new, too)."""

GROWTH_CHECKS: Final = 10
"""Once a sweep may run but the heap has not grown enough, it is counted again this many times a
sweep period (not at every freeze)."""


async def keep_full_collections_short(
    freeze_every: float = 10.0,
    sweep_every: float = 600.0,
    growth: float = SWEEP_GROWTH,
    clock: Clock | None = None,
) -> None:
    """Freeze the surviving heap every ``freeze_every`` seconds; unfreeze and collect it all when
    the frozen heap has grown by ``growth`` since the last sweep, at most once in ``sweep_every``
    seconds (of ``clock``: the server's). Young collections run every ``YOUNG_THRESHOLD`` allocations;
    the oldest generation is collected only by the sweep."""
    clock = clock or LoopClock()
    next_sweep = clock.time() + sweep_every
    swept_size: int | None = None  # the frozen heap's size after the last sweep (or the first freeze)
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, YOUNG_THRESHOLD), middle, NO_AUTOMATIC_FULL_COLLECTION)
    try:
        while True:
            await clock.sleep(freeze_every)
            # the frozen heap is counted only when a sweep may run: counting walks all of it
            # (17 ms a million objects here), and every freeze used to
            if swept_size is not None and clock.time() >= next_sweep:
                if gc.get_freeze_count() > swept_size * (1 + growth):
                    gc.unfreeze()
                    gc.collect()
                    swept_size = None
                next_sweep = clock.time() + (
                    sweep_every if swept_size is None else sweep_every / GROWTH_CHECKS
                )
            gc.freeze()
            if swept_size is None:
                swept_size = gc.get_freeze_count()
    finally:
        gc.set_threshold(young, middle, old)
        gc.unfreeze()

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
"""

from __future__ import annotations

import asyncio
import gc
from typing import Final

NO_AUTOMATIC_FULL_COLLECTION: Final = 2**30
"""A threshold the count of middle-generation collections never reaches."""


async def keep_full_collections_short(freeze_every: float = 10.0, sweep_every: float = 600.0) -> None:
    """Freeze the surviving heap every ``freeze_every`` seconds; unfreeze and collect it all every
    ``sweep_every`` seconds (one full pause, at a known rhythm, instead of one per heap growth).
    Young collections go on as usual; the oldest generation is collected only by the sweep."""
    loop = asyncio.get_running_loop()
    next_sweep = loop.time() + sweep_every
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, NO_AUTOMATIC_FULL_COLLECTION)
    try:
        while True:
            await asyncio.sleep(freeze_every)
            if loop.time() >= next_sweep:
                gc.unfreeze()
                gc.collect()
                next_sweep = loop.time() + sweep_every
            gc.freeze()
    finally:
        gc.set_threshold(young, middle, old)
        gc.unfreeze()

"""The server's garbage-collection policy: full collections stay short however many players are seated.

CPython's full collection walks every tracked object, and a server with a thousand connections and
hundreds of tables holds half a million of them: each full collection stopped every table for about
250 ms on this machine. The long-lived heap (connections, tables, game histories) is therefore moved to
the permanent generation at a steady pace, so automatic collections only walk what is new; once in a
long while everything is unfrozen and collected in one sweep, so cyclic garbage among once-frozen
objects (a closed connection's frames, say) is reclaimed and memory stays flat.
"""

from __future__ import annotations

import asyncio
import gc


async def keep_full_collections_short(freeze_every: float = 10.0, sweep_every: float = 600.0) -> None:
    """Freeze the surviving heap every ``freeze_every`` seconds; unfreeze and collect it all every
    ``sweep_every`` seconds (one full pause, at a known rhythm, instead of one per heap growth)."""
    loop = asyncio.get_running_loop()
    next_sweep = loop.time() + sweep_every
    try:
        while True:
            await asyncio.sleep(freeze_every)
            if loop.time() >= next_sweep:
                gc.unfreeze()
                gc.collect()
                next_sweep = loop.time() + sweep_every
            gc.freeze()
    finally:
        gc.unfreeze()

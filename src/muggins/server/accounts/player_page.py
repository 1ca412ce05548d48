"""A player page's statistics: the player's listed games replayed off the loop and kept until they
finish another. Replaying is the page's cost (0.54 s for 30 games, cold), so at most ``AT_ONCE``
pages replay at once and ``WAITING`` more wait; beyond that a page is refused as busy, and
walking ``/api/players/1..N`` cannot load the server."""

from __future__ import annotations

import asyncio
import collections
from typing import Any

from muggins.analysis.stats import player_stats
from muggins.server.store import Store

AT_ONCE = 1
"""Pages whose games are replayed at once (a replay holds a core)."""

WAITING = 4
"""Pages that may wait for a replay; more are refused (503)."""

CACHED = 256
"""How many players' statistics are kept: a page asked for again costs no replay until they play."""

Listed = tuple[int, str, int]
"""A listed result: the game's id, the game's name and the player's seat in it."""


class StatsBusyError(RuntimeError):
    """Too many players' pages are being replayed: try again in a few seconds."""


class PlayerStats:
    """Each player's statistics over their listed games, replayed boundedly and kept."""

    def __init__(self, store: Store, *, at_once: int = AT_ONCE, waiting: int = WAITING) -> None:
        self.store = store
        self.slots = asyncio.Semaphore(at_once)
        self.most = at_once + waiting
        self.asked = 0
        """Pages replaying or waiting to."""
        self.kept: collections.OrderedDict[tuple[int, tuple[int, ...]], dict[str, dict[str, Any]]] = (
            collections.OrderedDict()
        )

    async def of(self, user_id: int, listed: list[Listed]) -> dict[str, dict[str, Any]]:
        """Each game's statistics of ``user_id`` over ``listed`` (at most 50 results)."""
        key = (user_id, tuple(game_id for game_id, _, _ in listed))
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        if self.asked >= self.most:
            raise StatsBusyError("players' pages are busy being worked out: try again in a few seconds")
        self.asked += 1
        try:
            async with self.slots:
                stats = self.kept.get(key)  # asked again meanwhile: worked out once
                if stats is None:
                    stats = self.kept[key] = await self._replayed(listed)
        finally:
            self.asked -= 1
        while len(self.kept) > CACHED:
            self.kept.popitem(last=False)
        return stats

    async def _replayed(self, listed: list[Listed]) -> dict[str, dict[str, Any]]:
        by_game: dict[str, list[tuple[dict[str, Any], int]]] = {}
        for game_id, game, seat in listed:
            row = await self.store.game(game_id)
            if row is not None:
                by_game.setdefault(game, []).append((row.record(), seat))
        stats: dict[str, dict[str, Any]] = {}
        for game, games in by_game.items():
            figures = await asyncio.to_thread(player_stats, game, games)
            if figures is not None:
                stats[game] = figures
        return stats

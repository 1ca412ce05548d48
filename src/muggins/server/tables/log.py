"""A table's log as its messages carry it: each event's JSON text, the events every seat sees alike
told once and kept while they are among the latest, so a player joining (or a whole table's players
coming back after a takeover) costs no retelling of the game."""

from __future__ import annotations

import collections
import itertools

import pydantic_core

from muggins.games.base import Game
from muggins.games.events import Event
from muggins.games.words import told


def event_text(game_name: str, event: Event, viewer: int | None) -> str:
    """One event's JSON text as ``viewer`` (a seat, None: a spectator) may see it: ``told`` written."""
    return pydantic_core.to_json(told(game_name, event, viewer)).decode()


UNTOLD = ""
"""Kept for an event not told yet (no event's JSON text is empty)."""


class TableLog:
    """The JSON text of the latest ``keep`` events of a table's game: the public ones (not secret)
    told once for everybody, when first asked for, the secret ones told for each viewer as asked.
    It follows whichever game it is given; a new game (the next of a match, a rematch, a game
    loaded again) starts it afresh."""

    def __init__(self, game_name: str, keep: int) -> None:
        self.game_name = game_name
        self.keep = keep
        self._game: Game | None = None
        self._seen = 0
        """How many of ``_game``'s events have been looked at."""
        self._public: collections.deque[str | None] = collections.deque(maxlen=keep)
        """For each of the latest events (aligned with the game's last): its text, None for a
        secret one, ``UNTOLD`` for one nobody has asked for yet."""

    def _catch_up(self, game: Game) -> None:
        if game is not self._game:
            self._game, self._seen = game, 0
            self._public.clear()
        events = len(game.events)
        self._public.extend(itertools.repeat(UNTOLD, min(events - self._seen, self.keep)))
        self._seen = events

    def latest(self, game: Game, viewer: int | None, count: int) -> list[str]:
        """The texts of ``game``'s last ``count`` events as ``viewer`` may see them, oldest first."""
        self._catch_up(game)
        events = game.events[max(0, len(game.events) - count) :]
        public, texts = self._public, []
        for back, event in zip(range(len(events), 0, -1), events, strict=True):
            text = public[-back] if back <= len(public) else None  # past what is kept: told afresh
            if text == UNTOLD:
                text = public[-back] = None if event.secret else event_text(self.game_name, event, None)
            texts.append(text if text is not None else event_text(self.game_name, event, viewer))
        return texts

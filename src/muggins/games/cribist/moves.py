"""Cribist's own verb: ``timeup``, which only the table's clock may send."""

from __future__ import annotations

from muggins.games.moves import BareMove, move_type


class TimeUp(BareMove):
    """The agreed time has run out (sent by the server's clock, recorded like any move): the hand in
    progress is finished and the game ends."""


move_type(TimeUp, "timeup", server_only=True)

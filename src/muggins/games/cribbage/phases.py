"""The phases of a cribbage hand, shared by the engine (``game``) and its quick path (``quick``)."""

from __future__ import annotations

import enum
from typing import Final


class Phase(enum.StrEnum):
    """Where the hand is: bidding for the crib (Auction cribbage), discarding to the crib, the
    play, the pause before the show, the show (a claim under manual counting), its muggins window,
    the pause after it, or the end of the game."""

    BID = "bid"
    DISCARD = "discard"
    PLAY = "play"
    PRE_SHOW = "pre-show"
    SHOW = "show"
    MUGGINS = "muggins"
    POST_SHOW = "post-show"
    OVER = "over"


# The phases as compiled constants: the engine compares them on every move.
BID: Final = Phase.BID
DISCARD: Final = Phase.DISCARD
PLAY: Final = Phase.PLAY
PRE_SHOW: Final = Phase.PRE_SHOW
SHOW: Final = Phase.SHOW
MUGGINS: Final = Phase.MUGGINS
POST_SHOW: Final = Phase.POST_SHOW
OVER: Final = Phase.OVER

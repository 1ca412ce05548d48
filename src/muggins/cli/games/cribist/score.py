"""``muggins score`` for Cribist: a trick of four cards under a trump suit."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from muggins.cards import Card, Suit, format_cards
from muggins.cli.common import CommandError
from muggins.cli.score import Flag, Scored

SUMMARY = "a Cribist trick"
EXAMPLES = ("muggins score --game cribist 5C 5D 4H 6S --trump H",)
FLAGS = (Flag("trump", "the trump suit (C D H S)"),)

_TRUMPS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
_TRUMPS.update({s.symbol: s for s in Suit})


def score(cards: Sequence[Card], args: argparse.Namespace) -> Scored:
    from muggins.scoring.cribist.trick import score_trick

    if not args.trump:
        raise CommandError("cribist scoring needs --trump, one of C D H S")
    if args.trump.upper() not in _TRUMPS:
        raise CommandError(f"--trump is one of C D H S, not {args.trump!r}")
    trump = _TRUMPS[args.trump.upper()]
    title = f"Cribist trick {format_cards(cards)}, trumps {trump.name.lower()}"
    return Scored(title, (("", score_trick(cards, trump)),))

"""``muggins score`` for Cribbage Squares: a full grid (sixteen cards, row by row from the top left)
and the starter, each row and column scored as a hand, his heels once."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from muggins.cards import Card, format_cards, parse_card
from muggins.cli.common import CommandError
from muggins.cli.score import Flag, Scored

SUMMARY = "a Cribbage Squares grid"
EXAMPLES = ("muggins score --game squares 5H 5D 5S JC AH 2H 3H 4H KD QD 9D 8D 7S 7C 6S 6C --starter 5C",)
FLAGS = (Flag("starter", "the starter (turn-up) card", "card"),)


def score(cards: Sequence[Card], args: argparse.Namespace) -> Scored:
    from muggins.scoring.squares.grid import SIDE, GridError, heels, score_grid

    if args.starter is None:
        raise CommandError("a squares grid needs --starter")
    starter = parse_card(args.starter)
    try:
        lines = score_grid(cards, starter)
    except GridError as exc:
        raise CommandError(f"{exc} (give the grid row by row from the top left)") from None
    rows = " / ".join(format_cards(cards[r * SIDE : (r + 1) * SIDE]) for r in range(SIDE))
    parts = [(line.name, line.score) for line in lines]
    if heels(starter).total:
        parts.append(("his heels", heels(starter)))
    return Scored(f"Grid {rows} starter {starter}", tuple(parts))

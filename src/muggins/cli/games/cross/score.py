"""``muggins score`` for Cross Cribbage: one row or column of the grid, five cards, counted as a
line is (a flush of four or five; nobs only when the cut card, ``--starter``, is in the line)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from muggins.cards import Card, format_cards, parse_card
from muggins.cli.common import CommandError
from muggins.cli.score import Flag, Scored

SUMMARY = "a Cross Cribbage line"
EXAMPLES = ("muggins score --game cross 5H 5D 5S JC 5C --starter 5C",)
FLAGS = (Flag("starter", "the cut card, in the centre of the grid", "card"),)


def score(cards: Sequence[Card], args: argparse.Namespace) -> Scored:
    from muggins.scoring.cross.grid import SIDE, score_line

    if args.starter is None:
        raise CommandError(
            "a cross line needs --starter (the cut card; give it among the cards too if it is in the line)"
        )
    if len(cards) != SIDE or len(set(cards)) != SIDE:
        raise CommandError(f"a cross line is {SIDE} different cards, not {format_cards(cards)}")
    cut = parse_card(args.starter)
    return Scored(f"Line {format_cards(cards)} cut card {cut}", (("", score_line(cards, cut)),))

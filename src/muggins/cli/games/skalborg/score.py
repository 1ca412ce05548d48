"""``muggins score`` for Skalborg: a player's hand with the four community cards (the board)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from muggins.cards import Card, format_cards, parse_cards
from muggins.cli.common import CommandError
from muggins.cli.score import Flag, Scored

SUMMARY = "a Skalborg hand"
EXAMPLES = ("muggins score --game skalborg 5S 5H 3S JKB --board 6D 7H QH JH",)
FLAGS = (Flag("board", "the four community (crib) cards", "cards"),)


def score(cards: Sequence[Card], args: argparse.Namespace) -> Scored:
    from muggins.scoring.skalborg.hand import score_skalborg

    if not args.board:
        raise CommandError("skalborg scoring needs --board with the four community cards")
    board = parse_cards(args.board)
    title = f"Skalborg: {format_cards(cards)} | {format_cards(board)}"
    return Scored(title, (("", score_skalborg(cards, board)),))

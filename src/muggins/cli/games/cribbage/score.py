"""``muggins score`` for cribbage: a hand or crib with its starter, or the last card of a play."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from muggins.cards import Card, format_cards, parse_card
from muggins.cli.common import CommandError, refuse_flags
from muggins.cli.score import Flag, Scored

SUMMARY = "a hand, crib or pegging play"
EXAMPLES = (
    "muggins score 5H 5D 5S JC --starter 5C",
    "muggins score 5H 5D 5S JKR --starter 5C --wild",
    "muggins score --pegging 7H 8D",
)
FLAGS = (
    Flag("starter", "the starter (turn-up) card", "card"),
    Flag("crib", "score as the crib (a flush needs all five)", "switch"),
    Flag("wild", "jokers are wild: each is called as the card that makes the most", "switch"),
    Flag("pegging", "points for the last card laid", "switch"),
    Flag("go", "with --pegging: add the go point for the last card", "switch"),
    Flag("last", "with --pegging: add the last-card point", "switch"),
)


def score(cards: Sequence[Card], args: argparse.Namespace) -> Scored:
    if args.pegging:
        refuse_flags(args, ("starter", "crib", "wild"), "with --pegging (the play has no starter or crib)")
        from muggins.scoring.cribbage.pegging import pile_count, score_go, score_play

        if args.go and args.last:
            raise CommandError("--go and --last are two names for the same point; give one")
        points = score_play(cards)
        if args.go or args.last:
            points = points + score_go(cards, last_card=args.last)
        return Scored(f"Pegging {format_cards(cards)} (count {pile_count(cards)})", (("", points),))
    refuse_flags(args, ("go", "last"), "without --pegging")
    if args.starter is None:
        raise CommandError("a cribbage hand needs --starter (or use --pegging for the play)")
    starter = parse_card(args.starter)
    title = f"{'Crib' if args.crib else 'Hand'} {format_cards(cards)} starter {starter}"
    if args.wild:
        from muggins.scoring.wild import best_wild_show

        wild = best_wild_show(cards, starter, crib=args.crib)
        calls = ", ".join(f"{joker} called {called}" for joker, called in wild.calls)
        return Scored(f"{title} ({calls or 'no joker'})", (("", wild.score),))
    from muggins.scoring.show import itemise_show

    if starter.is_joker or any(card.is_joker for card in cards):
        raise CommandError(
            "a joker counts only when wild: --wild counts each as the card that makes the most"
        )
    return Scored(title, (("", itemise_show(cards, starter, args.crib)),))

"""``muggins score``: the itemised score of a cribbage hand or crib, a pegging play,
a Skalborg hand with its board, or a Cribist trick."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from muggins.cards import Suit, format_cards, parse_card, parse_cards
from muggins.cli.common import CommandError, console, print_json, refuse_flags

if TYPE_CHECKING:
    from muggins.scoring.items import Score

_TRUMPS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
_TRUMPS.update({s.symbol: s for s in Suit})


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "score",
        help="score a hand, crib, pegging play, Skalborg hand or Cribist trick",
        description="Itemised score. Examples: 'muggins score 5H 5D 5S JC --starter 5C', "
        "'muggins score --pegging 7H 8D', 'muggins score --game skalborg 5S 5H 3S JKB --board 6D 7H QH JH', "
        "'muggins score --game cribist 5C 5D 4H 6S --trump H'.",
    )
    p.add_argument("cards", nargs="+", help="the cards, e.g. 5H 5D 5S JC (10 or T for ten; jokers JKB JKR)")
    p.add_argument("--game", choices=("cribbage", "skalborg", "cribist"), default="cribbage")
    p.add_argument("--starter", help="cribbage: the starter (turn-up) card")
    p.add_argument("--crib", action="store_true", help="cribbage: score as the crib (flush needs all five)")
    p.add_argument("--pegging", action="store_true", help="cribbage: points for the last card laid")
    p.add_argument("--go", action="store_true", help="with --pegging: add the go point for the last card")
    p.add_argument("--last", action="store_true", help="with --pegging: add the last-card point")
    p.add_argument("--board", nargs="+", help="skalborg: the four community (crib) cards")
    p.add_argument("--trump", help="cribist: the trump suit (C D H S)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from muggins.scoring.speech import say_count

    score, title = _score(args)
    if args.json:
        print_json(score.to_dict())
        return 0
    out = console()
    out.print(f"[bold]{title}[/bold]")
    for item in score.items:
        out.print(f"  {item.points:>3}  {item.kind:<18} {format_cards(item.cards, pretty=True)}")
    out.print(f"  [bold]{score.total:>3}[/bold]  total")
    out.print(f"[italic]{say_count(score)}[/italic]")
    return 0


FLAGS = {
    "cribbage": ("starter", "crib", "pegging", "go", "last"),
    "skalborg": ("board",),
    "cribist": ("trump",),
}
"""The flags of each game's scoring; the others are refused."""


def _score(args: argparse.Namespace) -> tuple[Score, str]:
    others = [flag for game, flags in FLAGS.items() if game != args.game for flag in flags]
    refuse_flags(args, others, f"to {args.game} scoring")
    if args.pegging:
        refuse_flags(args, ("starter", "crib"), "with --pegging (the play has no starter or crib)")
    else:
        refuse_flags(args, ("go", "last"), "without --pegging")
    cards = parse_cards(args.cards)
    if args.game == "skalborg":
        from muggins.scoring.skalborg.hand import score_skalborg

        if not args.board:
            raise CommandError("skalborg scoring needs --board with the four community cards")
        board = parse_cards(args.board)
        return score_skalborg(cards, board), f"Skalborg: {format_cards(cards)} | {format_cards(board)}"
    if args.game == "cribist":
        from muggins.scoring.cribist.trick import score_trick

        if not args.trump:
            raise CommandError("cribist scoring needs --trump, one of C D H S")
        if args.trump.upper() not in _TRUMPS:
            raise CommandError(f"--trump is one of C D H S, not {args.trump!r}")
        trump = _TRUMPS[args.trump.upper()]
        return score_trick(cards, trump), f"Cribist trick {format_cards(cards)}, trumps {trump.name.lower()}"
    if args.pegging:
        from muggins.scoring.cribbage.pegging import pile_count, score_go, score_play

        if args.go and args.last:
            raise CommandError("--go and --last are two names for the same point; give one")
        score = score_play(cards)
        if args.go or args.last:
            score = score + score_go(cards, last_card=args.last)
        return score, f"Pegging {format_cards(cards)} (count {pile_count(cards)})"
    if args.starter is None:
        raise CommandError("a cribbage hand needs --starter (or use --pegging for the play)")
    from muggins.scoring.show import itemise_show

    starter = parse_card(args.starter)
    what = "Crib" if args.crib else "Hand"
    return itemise_show(cards, starter, args.crib), f"{what} {format_cards(cards)} starter {starter}"

"""``muggins equity`` for Skalborg: the chance a hand wins the showdown, exact by enumeration where
feasible (heads-up at the turn or river), else Monte Carlo with its 95% error shown."""

from __future__ import annotations

import argparse

from muggins.cards import format_cards, parse_card, parse_cards
from muggins.cli.common import CommandError, console, print_json

SUMMARY = "the chance a Skalborg hand wins the showdown"
EXAMPLES = ("muggins equity --game skalborg --hand 5S 5H 3S JKB --board 6D 7H QH",)


def add_flags(p: argparse._ArgumentGroup) -> None:
    p.add_argument("--hand", nargs="+", help="your four cards (after the throw)")
    p.add_argument("--board", nargs="*", default=[], help="the crib cards face up (0-4)")
    p.add_argument("--thrown", help="your thrown card, if it is still face down (it will come up)")
    p.add_argument("--players", type=int, default=2, help="players still in the hand, you included (2-4)")
    p.add_argument("--samples", type=int, default=100_000, help="Monte Carlo deals when not exact")
    p.add_argument("--seed", type=int, default=0, help="Monte Carlo seed")


def run(args: argparse.Namespace) -> int:
    from muggins.strategy.skalborg.equity import equity

    if not args.hand:
        raise CommandError("give --hand: your four cards")
    hand = parse_cards(" ".join(args.hand))
    board = parse_cards(" ".join(args.board))
    thrown = parse_card(args.thrown) if args.thrown else None
    if thrown is not None and thrown in board:
        raise CommandError(
            f"--thrown {thrown} is on the board already: "
            "give --thrown only while your thrown card is face down"
        )
    if args.samples < 2:
        raise CommandError(f"--samples must be at least 2, not {args.samples}")
    result = equity(hand, board, players=args.players, thrown=thrown, samples=args.samples, seed=args.seed)
    if args.json:
        data = result.to_dict()
        data.update(hand=[str(c) for c in hand], board=[str(c) for c in board], players=args.players)
        print_json(data)
        return 0
    out = console()
    how = (
        f"exact over {result.hands:,} deals"
        if result.exact
        else f"Monte Carlo, {result.hands:,} deals; equity between {100 * result.interval[0]:.2f}% and "
        f"{100 * result.interval[1]:.2f}% (95%, Wilson)"
    )
    out.print(
        f"[bold]{format_cards(hand, pretty=True)}[/bold] | board {format_cards(board, pretty=True) or '-'}"
    )
    out.print(f"  against {args.players - 1} opponent(s): {how}")
    out.print(f"  win {100 * result.win:6.2f}%")
    out.print(f"  tie {100 * result.tie:6.2f}%")
    out.print(f"  lose {100 * (1 - result.win - result.tie):5.2f}%")
    out.print(f"  [bold]equity {100 * result.share:6.2f}%[/bold] (expected share of the pot)")
    return 0

"""``muggins analyze`` for Skalborg: what each throw of a five-card deal is worth."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from muggins.cards import Card, format_cards
from muggins.cli.common import check_table, console, print_json

SUMMARY = "every throw of a Skalborg deal"
EXAMPLES = ("muggins analyze --game skalborg 5S 5H 3S JKB 6D --players 3",)
DESCRIPTION = (
    "Each throw of a Skalborg deal shows the opponents' expected best count and your showdown equity."
)
FLAGS: tuple[str, ...] = ()
SAMPLES = 20_000


def add_flags(p: argparse._ArgumentGroup) -> None:
    """Skalborg reads only the flags every game shares."""


def analyze(cards: Sequence[Card], args: argparse.Namespace) -> int:
    """Print every throw, best first: your expected final count (the same for every throw, since
    the thrown card comes back on the board), the opponents' best count, and your showdown equity."""
    from muggins.strategy.skalborg.equity import analyze_throws

    players = args.players
    check_table("skalborg", players)
    options = analyze_throws(cards, players=players, samples=SAMPLES)
    if args.json:
        print_json(
            {
                "cards": [str(c) for c in cards],
                "players": players,
                "samples": SAMPLES,
                "throws": [
                    {
                        "throw": str(o.throw),
                        "keep": [str(c) for c in o.keep],
                        "expected_final": round(o.mine, 3),
                        "opponents_expected": round(o.theirs, 3),
                        "equity": round(o.share, 4),
                        "error": round(o.error, 4),
                    }
                    for o in options
                ],
            }
        )
        return 0
    out = console()
    out.print(f"[bold]Skalborg deal {format_cards(cards, pretty=True)}[/bold], {players} players")
    out.print(f"  expected final count (yours, whatever you throw): {options[0].mine:.2f}")
    out.print("  throw  keep              opponents' best  equity")
    for o in options:
        out.print(
            f"  {o.throw.pretty:<5}  {format_cards(o.keep, pretty=True):<16}  {o.theirs:>15.2f}"
            f"  {100 * o.share:5.1f}% ±{100 * o.error:.1f}"
        )
    return 0

"""``muggins analyze`` for cribbage: every way to discard from a deal, with the kept hand's exact
expected show, its range and distribution over the starters, the expected crib and the net."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from muggins.cards import Card, format_cards
from muggins.cli.common import CommandError, check_table, console, print_json, whole_number
from muggins.games.cribbage.variants import VARIANTS, Variant

if TYPE_CHECKING:
    from muggins.analysis.cribbage.discard import Split

SUMMARY = "every discard of a cribbage deal"
EXAMPLES = ("muggins analyze 5H 5D JC QS 2D 9C --dealer",)
DESCRIPTION = (
    "Each discard of a cribbage deal shows the kept hand's exact expected show over every starter, its "
    "min, max and distribution, the expected crib and the net (crib added for the dealer, subtracted for "
    "the pone)."
)
FLAGS = ("dealer", "pone", "seat", "variant", "partnerships", "exact_crib", "top")
"""The flags only cribbage reads (about the crib and the deal's form)."""


def add_flags(p: argparse._ArgumentGroup) -> None:
    seat = p.add_mutually_exclusive_group()
    seat.add_argument("--dealer", action="store_true", help="the crib is yours")
    seat.add_argument("--pone", action="store_true", help="the crib is your opponent's")
    seat.add_argument(
        "--seat", type=int, metavar="N", help="you play N places after the dealer (2: the dealer's partner)"
    )
    p.add_argument("--variant", choices=VARIANTS, default=None, help="cribbage variant (default six-card)")
    p.add_argument("--partnerships", action="store_true", help="four players in two partnerships")
    p.add_argument(
        "--exact-crib",
        nargs="?",
        const="uniform",
        choices=("uniform", "expert"),
        help="average the crib over every possible opponent throw (uniform, or weighted like the "
        "expert's throws) instead of the crib tables",
    )
    p.add_argument("--top", type=whole_number, default=None, help="show only the best N splits")


def analyze(cards: Sequence[Card], args: argparse.Namespace) -> int:
    if not (args.dealer or args.pone or args.seat is not None):
        raise CommandError("say whose crib it is: --dealer (yours), --pone (your opponent's) or --seat N")
    args.variant = args.variant or "six-card"
    check_table("cribbage", args.players, variant=args.variant, partnerships=args.partnerships)
    if args.top is not None and args.top < 1:
        raise CommandError(f"--top must be at least 1, not {args.top}")
    from muggins.analysis.cribbage.discard import CribMode
    from muggins.analysis.cribbage.discard import analyze as rank_splits

    mode = cast(CribMode, args.exact_crib or "tables")
    splits = rank_splits(
        cards,
        dealer=args.dealer,
        seat=args.seat,
        variant=cast(Variant, args.variant),
        players=args.players,
        partnerships=args.partnerships,
        crib=mode,
    )
    shown = splits[: args.top] if args.top else splits
    if args.json:
        print_json(
            {
                "cards": [str(c) for c in cards],
                "dealer": args.dealer,
                "seat": args.seat,
                "variant": args.variant,
                "players": args.players,
                "crib": mode,
                "splits": [s.to_dict() for s in shown],
            }
        )
        return 0
    _print(cards, args, mode, shown, len(splits))
    return 0


def _distribution(counts: dict[int, int]) -> str:
    return " ".join(f"{points}:{n}" for points, n in sorted(counts.items()))


def _print(cards: Any, args: argparse.Namespace, mode: str, splits: list[Split], total: int) -> None:
    from rich.table import Table

    out = console()
    mine = bool(splits) and splits[0].crib_weight > 0
    whose = "dealer (your crib)" if args.dealer else "pone (opponent's crib)"
    if args.seat is not None:
        whose = f"{args.seat} places after the dealer ({'your side' if mine else 'an opponent'}'s crib)"
    crib = {"tables": "crib tables", "uniform": "exact, uniform throws", "expert": "exact, expert throws"}
    out.print(
        f"[bold]{format_cards(cards, pretty=True)}[/bold] — {args.variant}, {args.players} players, "
        f"{whose}; crib from {crib[mode]}"
    )
    own = any(s.own is not None for s in splits)
    columns = ["keep", "throw", *(["own crib", "own avg"] if own else []), "avg", "min", "max"]
    table = Table(*columns, "crib", "net", "hand points:starters")
    for split in splits:
        extra = [format_cards(split.own_crib, pretty=True), f"{split.own.mean:.2f}"] if split.own else []
        table.add_row(
            format_cards(split.kept, pretty=True),
            format_cards(split.thrown, pretty=True),
            *extra,
            f"{split.hand.mean:.2f}",
            str(split.hand.low),
            str(split.hand.high),
            f"{split.crib_weight * split.crib:+.2f}",
            f"{split.net:.2f}",
            _distribution(split.hand.counts),
        )
    out.print(table)
    weight = splits[0].crib_weight if splits else 1.0
    if abs(weight) != 1.0:
        out.print(f"(an opponent's crib counts {weight:+.2f} a point: one of several opponents scores it)")
    if len(splits) < total:
        out.print(f"(best {len(splits)} of {total} splits)")

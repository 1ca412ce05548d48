"""``muggins analyze`` for cribbage: every way to discard from a deal, with the kept hand's exact
expected show, its range and distribution over the starters, the expected crib and the net."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from muggins.cards import Card, CardError, format_cards, parse_cards
from muggins.cli.common import CommandError, check_table, console, print_json, whole_number
from muggins.games.cribbage.variants import VARIANTS, Variant

if TYPE_CHECKING:
    from muggins.analysis.cribbage.discard import Split

SUMMARY = "every discard of a cribbage deal (or every card to lay in its play)"
EXAMPLES = (
    "muggins analyze 5H 5D JC QS 2D 9C --dealer",
    "muggins analyze 5H 5S 10C JD --play --seen 6D 2C 3C",
)
DESCRIPTION = (
    "Each discard of a cribbage deal shows the kept hand's exact expected show over every starter, its "
    "min, max and distribution, the expected crib and the net (crib added for the dealer, subtracted for "
    "the pone). With --play the cards are your hand in a two-player play: each card you may lay on "
    "--pile is valued by searching the rest of the play to its end, over every holding of the other "
    "player's --other cards among those you have not --seen (your discards, the starter, cards "
    "played earlier this hand)."
)
FLAGS: tuple[str, ...] = ("dealer", "pone", "seat", "variant", "partnerships", "exact_crib", "top")
FLAGS += ("play", "pile", "seen", "other", "go")
"""The flags only cribbage reads (about the crib and the deal's form, and the play)."""


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
    p.add_argument("--play", action="store_true", help="value each card to lay in a two-player play")
    p.add_argument(
        "--pile", nargs="+", default=[], metavar="CARD", help="with --play: laid since the count reset"
    )
    p.add_argument(
        "--seen", nargs="+", default=[], metavar="CARD", help="with --play: other cards you have seen"
    )
    p.add_argument(
        "--other", type=whole_number, default=None, metavar="N",
        help="with --play: cards the other player holds (default: as many as you)",
    )  # fmt: skip
    p.add_argument("--go", action="store_true", help="with --play: the other player has said go")


def analyze(cards: Sequence[Card], args: argparse.Namespace) -> int:
    if args.play:
        return analyze_play(cards, args)
    for flag in ("pile", "seen", "other", "go"):
        if getattr(args, flag) not in (None, [], False):
            raise CommandError(f"--{flag} is for the play: add --play")
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
    play = any(s.play for s in splits)
    columns = ["keep", "throw", *(["own crib", "own avg"] if own else []), "avg", "min", "max", "crib"]
    table = Table(*columns, *(["play"] if play else []), "net", "hand points:starters")
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
            *([f"{split.play:+.2f}"] if play else []),
            f"{split.net:.2f}",
            _distribution(split.hand.counts),
        )
    out.print(table)
    weight = splits[0].crib_weight if splits else 1.0
    if abs(weight) != 1.0:
        out.print(f"(an opponent's crib counts {weight:+.2f} a point: one of several opponents scores it)")
    if play:
        out.print("(play: what the kept hand can expect to peg less the other's, from expert self-play)")
    if len(splits) < total:
        out.print(f"(best {len(splits)} of {total} splits)")


def analyze_play(cards: Sequence[Card], args: argparse.Namespace) -> int:
    """``--play``: every card of the hand valued by the search of the rest of the play."""
    if args.players != 2 or (args.variant or "six-card") != "six-card":
        raise CommandError("--play searches two-player six-card plays: leave --players and --variant out")
    from muggins.analysis.cribbage.pegging import PeggingAnalysisError, searched_plays

    try:
        pile, seen = parse_cards(args.pile), parse_cards(args.seen)
        other = len(cards) if args.other is None else args.other
        plays = searched_plays(cards, pile, seen, other=other, go=args.go)
    except (CardError, PeggingAnalysisError) as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        print_json(
            {
                "hand": [str(c) for c in cards],
                "pile": [str(c) for c in pile],
                "seen": [str(c) for c in seen],
                "other": other,
                "go": args.go,
                "plays": [{"card": str(p.card), "value": round(p.value, 4)} for p in plays],
            }
        )
        return 0
    out = console()
    on = f"on {format_cards(pile, pretty=True)}" if pile else "to lead"
    out.print(
        f"[bold]{format_cards(cards, pretty=True)}[/bold] {on}; the other holds {other}"
        f"{' and has said go' if args.go else ''}"
    )
    if not plays:
        out.print("No card fits: say go.")
        return 0
    for play in plays:
        out.print(f"  {format_cards([play.card], pretty=True)}  {play.value:+.2f}")
    out.print("(points from now to the end of the play, yours less theirs, over every holding of theirs)")
    return 0

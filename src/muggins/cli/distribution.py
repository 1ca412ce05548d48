"""``muggins distribution``: the exact number of hands (or cribs) for every show score."""

from __future__ import annotations

import argparse
from typing import Any

from muggins.cli.common import console, print_json


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "distribution",
        help="exact score distribution over all 12,994,800 hands with a starter",
        description="Count every four-card hand with every starter (12,994,800 in all) by its score.",
    )
    p.add_argument("--crib", action="store_true", help="score as cribs (a flush needs all five cards)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rich.table import Table

    from muggins.scoring.distribution import show_distribution

    dist = show_distribution(crib=args.crib)
    if args.json:
        print_json(dist.to_dict())
        return 0
    table = Table(title=f"{'Crib' if args.crib else 'Hand'} scores over {dist.total:,} hands with a starter")
    table.add_column("score", justify="right")
    table.add_column("hands", justify="right")
    table.add_column("share", justify="right")
    for score, count in sorted(dist.counts.items()):
        table.add_row(str(score), f"{count:,}", f"{100 * count / dist.total:.4f}%")
    out = console()
    out.print(table)
    out.print(f"mean {dist.mean:.4f}")
    return 0

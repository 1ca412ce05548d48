"""``muggins simulate``: bots against bots for any registered game, with a progress bar, win rates
with 95% confidence intervals and (cribbage) points per deal by source for dealer and pone."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muggins.bots.registry import bot_names
from muggins.cli.common import (
    CommandError,
    add_bots_option,
    add_engine_options,
    check_table,
    engine_commands,
    parse_options,
    print_json,
    progress_bar,
    whole_number,
)
from muggins.cli.report import Report
from muggins.games.registry import game_class, game_names

if TYPE_CHECKING:
    from muggins.analysis.spec import Spec


MAX_GAMES = 10**9
"""The most games one run may ask for (a billion takes years at the fastest measured rate)."""


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "simulate",
        help="play bots against bots and report win rates and points",
        description="Example: 'muggins simulate --game cribbage --players 2 --bots expert,greedy "
        "--games 2000 --seed 1 --duplicate --workers 2'.",
    )
    p.add_argument("--game", choices=game_names(), default=game_names()[0])
    p.add_argument(
        "--players",
        type=whole_number,
        default=None,
        help="seats (default: 2 where the game allows it, else its only number)",
    )
    add_bots_option(
        p,
        "",
        lambda: (
            "bot names, cycled over the seats (e.g. expert,greedy; default: the game's strongest "
            "in every seat); "
            + "; ".join(f"{game} has {', '.join(bot_names(game))}" for game in game_names())
        ),
    )
    add_engine_options(p)
    p.add_argument("--games", type=whole_number, default=1000)
    p.add_argument("--seed", type=whole_number, default=0)
    p.add_argument("--workers", type=whole_number, default=1, help="processes; results do not depend on it")
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play on the Dask cluster whose scheduler is at ADDRESS (e.g. tcp://host:8786), "
        "instead of --workers; results do not depend on it (needs muggins[dask])",
    )
    p.add_argument(
        "--checkpoint",
        metavar="FOLDER",
        type=Path,
        help="keep each finished chunk of games in FOLDER; run again with the same FOLDER and "
        "options to resume a stopped run, with the same results",
    )
    p.add_argument("--duplicate", action="store_true", help="play every deal once per seat rotation")
    p.add_argument(
        "--fixed-seats",
        action="store_true",
        help="seat the bots as listed in every game, not rotated (for seats that differ, as "
        "Captain's cribbage's captain): each bot's figures are then its seat's",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. variant=ten-hand or partnerships=true (repeatable)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--plot", metavar="FILE.png", help="draw the score race and point histograms")
    p.set_defaults(run=run_simulate)


def make_spec(args: argparse.Namespace) -> Spec:
    from muggins.analysis.spec import Spec

    engines = engine_commands(args.engine, bot_names(args.game))
    known = bot_names(args.game) + list(engines)
    players = args.players
    if players is None:  # each game's own default, so that a bare --game just works
        cls = game_class(args.game)
        players = 2 if cls.min_players <= 2 <= cls.max_players else cls.min_players
    given = args.bots or known[-1]  # the strongest, weakest first as listed
    bots = tuple(name.strip() for name in given.split(",") if name.strip())
    unknown = [b for b in bots if b not in known]
    if not bots or unknown:
        raise CommandError(
            f"no bot {', '.join(unknown) or '(none given)'} for {args.game}: "
            f"expected names from {', '.join(known)}"
        )
    if not 1 <= args.games <= MAX_GAMES:
        raise CommandError(f"--games must be 1 to {MAX_GAMES:,}, not {args.games}")
    if args.workers < 1:
        raise CommandError(f"--workers must be at least 1, not {args.workers}")
    if args.fixed_seats and args.duplicate:
        raise CommandError(
            "--duplicate rotates the seats over each deal; --fixed-seats keeps them: choose one"
        )
    if args.dask is not None and args.workers != 1:
        raise CommandError("--workers is for this machine; with --dask the cluster's workers play")
    options = parse_options(args.option)
    check_table(args.game, players, **options)
    return Spec(
        args.game,
        players,
        bots,
        args.games,
        args.seed,
        args.duplicate,
        options,
        engines=tuple(engines.items()),
        engine_seconds=args.engine_seconds,
        fixed=args.fixed_seats,
    )


def run_simulate(args: argparse.Namespace) -> int:
    from muggins.analysis.checkpoint import CheckpointError
    from muggins.analysis.runners import RunnerError
    from muggins.analysis.simulate import SimulationError, stream
    from muggins.analysis.tally import Tally

    spec = make_spec(args)
    plot = None
    if args.plot:
        from muggins.analysis.plot import RacePlot, require_matplotlib

        require_matplotlib()  # before the games are played, not after
        folder = Path(args.plot).parent
        if not folder.is_dir():
            raise CommandError(f"cannot write {args.plot}: there is no folder {folder}")
        plot = RacePlot(spec)
    tally = Tally(spec)
    with progress_bar("simulating", "games", total=spec.games, quiet=args.json) as meter:
        records = stream(
            spec,
            workers=args.workers,
            progress=meter.advance,
            cluster=args.dask,
            checkpoint=args.checkpoint,
        )
        try:
            for record in records:
                for failure in record["engine_failures"]:
                    print(f"muggins: {failure}", file=sys.stderr)
                tally.add(record)
                if plot is not None:
                    plot.add(record)
        except (RunnerError, CheckpointError) as error:
            raise CommandError(str(error)) from error
        except SimulationError as error:  # random players can bid away what they score (Auction)
            raise CommandError(f"{error}; a lower --target or other --bots may let the games end") from error
    summary = tally.summary()
    if plot is not None:
        plot.save(args.plot)
    if args.json:
        print_json(summary)
    else:
        _print(summary)
    return 0


def _pct(rate: dict[str, float]) -> str:
    return f"{100 * rate['mean']:.1f}% ± {100 * rate['ci95']:.1f}"


def _print(summary: dict[str, Any]) -> None:
    out = Report()
    out.line(
        f"{summary['game']}, {summary['players']} players, {summary['games']} games, "
        f"seed {summary['seed']}{', duplicate deals' if summary['duplicate'] else ''}"
        f"{', fixed seats' if summary.get('fixed_seats') else ''}",
        bold=True,
    )
    dealt = "deals_per_game" in summary  # a game played in deals; Squares is one grid
    per_deal = ("points/deal", "score change/deal") if dealt else ()
    rows = []
    for name, bot in summary["by_bot"].items():
        deal_cells = (
            (f"{bot['points_per_deal']:.2f}", f"{bot['score_change_per_deal']:+.2f}") if dealt else ()
        )
        rows.append((name, _pct(bot["win_rate"]), *deal_cells, f"{bot['final_score']:.1f}"))
    out.table(("bot", "wins (95% CI)", *per_deal, "final score"), rows)
    seats = ", ".join(f"seat {n} {_pct(rate)}" for n, rate in enumerate(summary["by_seat"]))
    out.line(f"wins by seat: {seats}")
    if summary["tie_rate"]:
        out.line(f"tied games {100 * summary['tie_rate']:.1f}% (a tied win counts as a share)")
    length = f"moves per game {summary['moves_per_game']:.1f}"
    if dealt:
        deals = summary["deals_per_game"]
        length = f"deals per game {deals['mean']:.2f} ± {deals['ci95']:.2f}; {length}"
    out.line(length)
    if "engine_failures" in summary:
        failed = summary["engine_failures"]
        out.line(f"engine failures: {failed['count']}" + "".join(f"\n  {f}" for f in failed["first"]))
    if "first_dealer_win_rate" in summary:
        out.line(f"first dealer wins {_pct(summary['first_dealer_win_rate'])}")
    if "skunk_rate" in summary:
        skunks = ", ".join(f"{kind} {100 * r:.1f}%" for kind, r in summary["skunk_rate"].items())
        out.line(f"skunks (share of losing seats): {skunks}")
    if "per_deal" in summary:
        columns = sorted({k for role in summary["per_deal"].values() for k in role} - {"deals"})
        out.table(
            ("per deal", *columns),
            [
                (role, *(f"{points[c]:.2f}" if c in points else "-" for c in columns))
                for role, points in summary["per_deal"].items()
            ],
        )
    out.show()

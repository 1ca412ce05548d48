"""Cribbage show scoring: cold distributions, scalar and batch rates, cribbage-scorer comparison."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bench.commands import command_figure, muggins
from bench.figures import Figure, best_seconds, figure, interleaved_seconds
from muggins.cards import STANDARD_CARDS, Card
from muggins.scoring.batch import keep_expectations, show_points_batch
from muggins.scoring.fast import rank_table, show_points
from muggins.scoring.show import score_show
from muggins.strategy.cribbage.keeps import keep_means

SEED = 2026
HANDS = 100_000
BATCH = 1_000_000
COLD_RUNS = 3
C_SOURCE = Path(__file__).resolve().parent / "c" / "show_batch.c"
C_ROUNDS = 3


def random_deals(count: int, cards: int = 5, seed: int = SEED) -> npt.NDArray[np.intp]:
    """``count`` rows of ``cards`` distinct card indices: a hand and, last, its starter."""
    rng = np.random.default_rng(seed)
    return rng.random((count, 52)).argpartition(cards, axis=1)[:, :cards]


def _cold_distribution(crib: bool) -> Figure:
    """``muggins distribution`` as a user runs it, in fresh processes: interpreter start, imports,
    table building, counting and printing."""
    name = "distribution_crib_cold" if crib else "distribution_hand_cold"
    return command_figure(
        name, muggins("distribution", *(["--crib"] if crib else [])), runs=COLD_RUNS, cpu="<=1"
    )


def bench_distribution_hand_cold() -> Figure:
    return _cold_distribution(crib=False)


def bench_distribution_crib_cold() -> Figure:
    return _cold_distribution(crib=True)


def _shows(deals: npt.NDArray[np.intp]) -> list[tuple[tuple[Card, ...], Card]]:
    return [(tuple(STANDARD_CARDS[i] for i in row[:4]), STANDARD_CARDS[row[4]]) for row in deals.tolist()]


def _scalar_rate(shows: list[tuple[tuple[Card, ...], Card]]) -> float:
    def score_all() -> None:
        for hand, starter in shows:
            show_points(hand, starter)

    return len(shows) / best_seconds(score_all)


def bench_show_scalar() -> Figure:
    shows = _shows(random_deals(HANDS))
    rate = _scalar_rate(shows)
    return figure("show_scalar", round(rate), "hands/s", ">=250000", hands=HANDS, api="fast.show_points")


def bench_show_total() -> Figure:
    """``score_show(...).total``, the call the README shows, against ``fast.show_points`` on the
    same hands, CPU time, interleaved: the items are worked out only when read."""
    shows = _shows(random_deals(HANDS))
    seconds = interleaved_seconds(
        {
            "score_show_total": lambda: [score_show(hand, starter).total for hand, starter in shows],
            "show_points": lambda: [show_points(hand, starter) for hand, starter in shows],
        }
    )
    rate = {side: 3 * HANDS / s for side, s in seconds.items()}
    return figure(
        "show_total",
        round(rate["score_show_total"]),
        "hands/s",
        hands=HANDS,
        runs_each=3,
        api="score_show(...).total",
        show_points_hands_per_s=round(rate["show_points"]),
        ratio_to_show_points=round(rate["score_show_total"] / rate["show_points"], 2),
    )


def bench_show_itemised() -> Figure:
    """``score_show(...).items`` (every fifteen, pair, run, flush and nobs named) against
    ``fast.show_points`` (the total alone) on the same hands, CPU time, interleaved: the README's
    "times faster than itemising" is ``show_points_times_faster``."""
    shows = _shows(random_deals(HANDS // 10))
    seconds = interleaved_seconds(
        {
            "itemised": lambda: [score_show(hand, starter).items for hand, starter in shows],
            "show_points": lambda: [show_points(hand, starter) for hand, starter in shows],
        }
    )
    rate = {side: 3 * len(shows) / s for side, s in seconds.items()}
    return figure(
        "show_itemised",
        round(rate["itemised"]),
        "hands/s",
        hands=len(shows),
        runs_each=3,
        api="score_show(...).items",
        show_points_hands_per_s=round(rate["show_points"]),
        show_points_times_faster=round(rate["show_points"] / rate["itemised"], 1),
    )


def c_reference() -> Callable[[npt.NDArray[np.int64], npt.NDArray[np.int64]], npt.NDArray[np.uint8]] | None:
    """``bench/c/show_batch.c`` compiled (``cc -O2``) and loaded: four-card show totals of int64
    hands and starters (not a crib) from the same rank table; None without a C compiler."""
    compiler = shutil.which("cc")
    if compiler is None:
        return None
    folder = Path(tempfile.mkdtemp(prefix="muggins-bench-"))
    library = folder / "show_batch.so"
    subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", str(library), str(C_SOURCE)], check=True)
    scorer = ctypes.CDLL(str(library)).show_batch
    shutil.rmtree(folder)  # loaded: the file is no longer needed
    ranks = rank_table(5)

    def score(hands: npt.NDArray[np.int64], starters: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]:
        out = np.empty(len(starters), dtype=np.uint8)
        scorer(
            hands.ctypes.data_as(ctypes.c_void_p),
            starters.ctypes.data_as(ctypes.c_void_p),
            ctypes.c_int64(len(starters)),
            ranks.ctypes.data_as(ctypes.c_void_p),
            out.ctypes.data_as(ctypes.c_void_p),
        )
        return out

    return score


def bench_show_batch() -> list[Figure]:
    """The batch scorer, checked and unchecked (its slowest integer dtype is the figure), against a
    plain C loop over the same rank table on the same int64 hands (interleaved, CPU time)."""
    deals = random_deals(BATCH).astype(np.int64)
    hands, starters = deals[:, :4].copy(), deals[:, 4].copy()
    show_points_batch(hands[:10], starters[:10])  # build the tables outside the timing
    checked = BATCH / best_seconds(lambda: show_points_batch(hands, starters))
    by_dtype = {}
    for dtype in ("int64", "int32", "uint8"):
        typed_hands, typed_starters = hands.astype(dtype), starters.astype(dtype)
        seconds = best_seconds(partial(show_points_batch, typed_hands, typed_starters, check=False))
        by_dtype[dtype] = BATCH / seconds
    peer: dict[str, float] = {}
    reference = c_reference()
    if reference is not None:
        assert (reference(hands, starters) == show_points_batch(hands, starters)).all()
        sides = interleaved_seconds(
            {
                "muggins": lambda: show_points_batch(hands, starters, check=False),
                "c": lambda: reference(hands, starters),
            },
            rounds=C_ROUNDS,
        )
        peer = {
            "c_reference_hands_per_s": round(C_ROUNDS * BATCH / sides["c"]),
            "int64_ratio_to_c_reference": round(sides["c"] / sides["muggins"], 2),
        }
    return [
        figure("show_batch", round(checked), "hands/s", ">=5000000", hands=BATCH, dtype="int64"),
        figure(
            "show_batch_unchecked",
            round(min(by_dtype.values())),
            "hands/s",
            ">=60000000",
            hands=BATCH,
            slowest_dtype=min(by_dtype, key=by_dtype.__getitem__),
            **{f"{dtype}_hands_per_s": round(rate) for dtype, rate in by_dtype.items()},
            **peer,
            note="the slowest of int64, int32 and uint8 input; the C reference is bench/c/show_batch.c "
            "(cc -O2) on the same int64 hands, interleaved",
        ),
    ]


def bench_keep_expectations() -> list[Figure]:
    """The expert's discard read: the mean show of every way to keep 4 of 6 over the 46 starters,
    through ``keep_means`` (what the bot calls) and through the batch API ``keep_expectations``."""
    rng = np.random.default_rng(SEED)
    deals = [[STANDARD_CARDS[i] for i in rng.choice(52, size=6, replace=False)] for _ in range(200)]
    seconds = interleaved_seconds(
        {
            "keep_means": lambda: [keep_means(deal, 4) for deal in deals],
            "keep_expectations": lambda: [keep_expectations(deal) for deal in deals],
        }
    )
    runs = 3 * len(deals)
    note = "15 ways to keep 4 of 6, each over its 46 starters; CPU time, interleaved"
    return [
        figure(
            "keep_expectations",
            round(seconds["keep_means"] / runs * 1000, 3),
            "ms/deal",
            "<=5",
            api="bots.cribbage.keeps.keep_means (the expert's path)",
            deals=runs,
            note=note,
        ),
        figure(
            "keep_expectations_batch_api",
            round(seconds["keep_expectations"] / runs * 1000, 3),
            "ms/deal",
            api="scoring.batch.keep_expectations",
            deals=runs,
            note=note,
        ),
    ]


def bench_cribbage_scorer_ratio() -> Figure:
    """Itemised against itemised: our ``score_show`` with its items read, and PyPI ``cribbage-scorer``'s
    ``show_calc_score`` (which itemises), on the same hands, the same number of runs, CPU time,
    interleaved. Our totals-only path against the same peer call is in the detail, named as such."""
    from cribbage_scorer import cribbage_scorer  # type: ignore[import-untyped]

    shows = _shows(random_deals(HANDS // 10))
    theirs_shows = [
        ([(c.rank, str(c)[-1]) for c in hand], (starter.rank, str(starter)[-1])) for hand, starter in shows
    ]
    seconds = interleaved_seconds(
        {
            "ours_itemised": lambda: [score_show(hand, starter).items for hand, starter in shows],
            "ours_totals": lambda: [show_points(hand, starter) for hand, starter in shows],
            "cribbage_scorer": lambda: [cribbage_scorer.show_calc_score(s, h) for h, s in theirs_shows],
        }
    )
    ours = [score_show(hand, starter).total for hand, starter in shows]
    theirs = [cribbage_scorer.show_calc_score(starter, hand)[0] for hand, starter in theirs_shows]
    rate = {side: 3 * len(shows) / s for side, s in seconds.items()}
    return figure(
        "cribbage_scorer_ratio",
        round(rate["ours_itemised"] / rate["cribbage_scorer"], 2),
        "x (itemised vs itemised)",
        hands=len(shows),
        runs_each=3,
        ours_itemised_hands_per_s=round(rate["ours_itemised"]),
        cribbage_scorer_hands_per_s=round(rate["cribbage_scorer"]),
        ours_totals_hands_per_s=round(rate["ours_totals"]),
        totals_only_vs_their_itemised=round(rate["ours_totals"] / rate["cribbage_scorer"], 1),
        totals_differ=sum(a != b for a, b in zip(ours, theirs, strict=True)),
    )

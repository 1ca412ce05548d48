"""Pictures with matplotlib (the optional ``plot`` extra): of a simulation, the score race (each
bot's score deal by deal in a few games, and its average) and each bot's points-per-deal histogram;
of a game review, the score race and each reviewed seat's margin with and without its lost points."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from muggins.analysis.simulate import Spec

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from muggins.analysis.review import GameReview

SAMPLE_RACES = 20
"""Games drawn individually (thin lines) in the score race."""


class PlotError(RuntimeError):
    """matplotlib is missing, or the picture could not be written."""


def plot_simulation(spec: Spec, records: Sequence[dict[str, Any]], path: str) -> None:
    """Write the score race and the point histograms of ``records`` to ``path`` (PNG)."""
    plt = _pyplot()
    names = sorted(set(spec.bots))
    colours = {name: f"C{i}" for i, name in enumerate(names)}
    fig, (race, hist) = plt.subplots(1, 2, figsize=(13, 5))
    sums: dict[str, list[float]] = {name: [] for name in names}
    counts: dict[str, list[int]] = {name: [] for name in names}
    per_deal: dict[str, list[int]] = {name: [] for name in names}
    for number, record in enumerate(records):
        for seat, name in enumerate(record["bots"]):
            points = [deal[seat] for deal in record["deal_points"]]
            per_deal[name].extend(points)
            scores = list(accumulate(points))
            for deal, score in enumerate(scores):
                if deal == len(sums[name]):
                    sums[name].append(0.0)
                    counts[name].append(0)
                sums[name][deal] += score
                counts[name][deal] += 1
            if number < SAMPLE_RACES:
                race.plot(range(1, len(scores) + 1), scores, color=colours[name], alpha=0.15, linewidth=0.8)
    for name in names:
        means = [
            s / c for s, c in zip(sums[name], counts[name], strict=True) if c >= max(1, len(records) // 20)
        ]
        race.plot(range(1, len(means) + 1), means, color=colours[name], linewidth=2.5, label=f"{name} (mean)")
        top = max(per_deal[name], default=0)
        hist.hist(
            per_deal[name], bins=range(0, top + 2), alpha=0.5, color=colours[name], label=name, density=True
        )
    race.set(title="Score race", xlabel="deal", ylabel="score")
    race.legend()
    hist.set(title="Points per deal", xlabel="points", ylabel="share of deals")
    hist.legend()
    fig.suptitle(f"{spec.game}: {', '.join(spec.bots)}, {len(records)} games, seed {spec.seed}")
    _save(fig, path)


def plot_review(review: GameReview, path: str) -> None:
    """Write a reviewed game's score race, and each reviewed seat's margin over the best other seat
    as played and with the expected points it lost added back, deal by deal, to ``path`` (PNG)."""
    plt = _pyplot()
    fig, (race, margin) = plt.subplots(1, 2, figsize=(13, 5))
    deals = range(1, len(review.race) + 1)
    for seat in range(review.players):
        race.plot(deals, [scores[seat] for scores in review.race], color=f"C{seat}", label=f"seat {seat}")
    for reviewed in review.seats:
        seat = reviewed.seat
        played = [s[seat] - max(v for i, v in enumerate(s) if i != seat) for s in review.race]
        lost = review.lost_by_deal(seat)
        margin.plot(deals, played, color=f"C{seat}", label=f"seat {seat} as played")
        perfect = [m + x for m, x in zip(played, lost, strict=True)]
        margin.plot(deals, perfect, color=f"C{seat}", linestyle="--", label=f"seat {seat}, no points lost")
    margin.axhline(0, color="grey", linewidth=0.8)
    race.set(title="Score race", xlabel="deal", ylabel="score")
    race.legend()
    margin.set(title="Margin over the best other seat", xlabel="deal", ylabel="points")
    margin.legend()
    accuracy = ", ".join(f"seat {s.seat} {s.accuracy:.1f}%" for s in review.seats)
    fig.suptitle(f"{review.game} review: accuracy {accuracy}")
    _save(fig, path)


def _pyplot() -> Any:
    """matplotlib's pyplot on the file-only backend, or a PlotError saying how to install it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotError("--plot needs matplotlib: pip install 'muggins[plot]'") from None
    return plt


def _save(fig: Figure, path: str) -> None:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    try:
        fig.savefig(path, dpi=110)
    except OSError as exc:
        raise PlotError(f"cannot write {path}: {exc}") from None
    finally:
        plt.close(fig)

"""Pictures of a simulation with matplotlib (the optional ``plot`` extra): the score race (each
bot's score deal by deal in a few games, and its average) and each bot's points-per-deal histogram."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import Any

from muggins.analysis.simulate import Spec

SAMPLE_RACES = 20
"""Games drawn individually (thin lines) in the score race."""


class PlotError(RuntimeError):
    """matplotlib is missing, or the picture could not be written."""


def plot_simulation(spec: Spec, records: Sequence[dict[str, Any]], path: str) -> None:
    """Write the score race and the point histograms of ``records`` to ``path`` (PNG)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotError("--plot needs matplotlib: pip install 'muggins[plot]'") from None
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
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=110)
    except OSError as exc:
        raise PlotError(f"cannot write {path}: {exc}") from None
    finally:
        plt.close(fig)

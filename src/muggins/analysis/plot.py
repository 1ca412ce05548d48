"""Pictures with matplotlib (the optional ``plot`` extra): of a simulation, the score race (each
bot's score deal by deal in a few games, and its average) and each bot's points-per-deal histogram;
of a game review, the score race and each reviewed seat's margin with and without its lost points."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import accumulate
from types import ModuleType
from typing import TYPE_CHECKING, Any

from muggins.analysis.spec import Spec
from muggins.errors import UserError
from muggins.extras import require

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from muggins.analysis.review import GameReview

SAMPLE_RACES = 20
"""Games drawn individually (thin lines) in the score race."""


class PlotError(UserError):
    """The picture could not be written."""


def require_matplotlib() -> ModuleType:
    """matplotlib, or ``MissingExtraError`` naming the ``plot`` extra: checked before a long run."""
    return require("matplotlib", "plot", "--plot")


class RacePlot:
    """The score race and the point histograms of a simulation, added up one game's record at a
    time (a few games drawn whole, the rest as sums), then drawn with matplotlib."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.names = sorted(set(spec.bots))
        self.games = 0
        self.sums: dict[str, list[float]] = {name: [] for name in self.names}
        self.counts: dict[str, list[int]] = {name: [] for name in self.names}
        self.per_deal: dict[str, Counter[int]] = {name: Counter() for name in self.names}
        self.races: list[tuple[str, list[int]]] = []

    def add(self, record: dict[str, Any]) -> None:
        for seat, name in enumerate(record["bots"]):
            points = [deal[seat] for deal in record["deal_points"]]
            self.per_deal[name].update(points)
            scores = list(accumulate(points))
            for deal, score in enumerate(scores):
                if deal == len(self.sums[name]):
                    self.sums[name].append(0.0)
                    self.counts[name].append(0)
                self.sums[name][deal] += score
                self.counts[name][deal] += 1
            if self.games < SAMPLE_RACES:
                self.races.append((name, scores))
        self.games += 1

    def save(self, path: str) -> None:
        """Draw the picture into ``path`` (PNG)."""
        plt = _pyplot()
        colours = {name: f"C{i}" for i, name in enumerate(self.names)}
        fig, (race, hist) = plt.subplots(1, 2, figsize=(13, 5))
        for name, scores in self.races:
            race.plot(range(1, len(scores) + 1), scores, color=colours[name], alpha=0.15, linewidth=0.8)
        for name in self.names:
            enough = max(1, self.games // 20)
            means = [s / c for s, c in zip(self.sums[name], self.counts[name], strict=True) if c >= enough]
            label = f"{name} (mean)"
            race.plot(range(1, len(means) + 1), means, color=colours[name], linewidth=2.5, label=label)
            points = self.per_deal[name]
            top = max(points, default=0)
            hist.hist(
                list(points),
                weights=list(points.values()),
                bins=range(top + 2),
                alpha=0.5,
                color=colours[name],
                label=name,
                density=True,
            )
        race.set(title="Score race", xlabel="deal", ylabel="score")
        race.legend()
        hist.set(title="Points per deal", xlabel="points", ylabel="share of deals")
        hist.legend()
        spec = self.spec
        fig.suptitle(f"{spec.game}: {', '.join(spec.bots)}, {self.games} games, seed {spec.seed}")
        _save(fig, path)


def plot_simulation(spec: Spec, records: Iterable[dict[str, Any]], path: str) -> None:
    """Write the score race and the point histograms of ``records`` to ``path`` (PNG)."""
    plot = RacePlot(spec)
    for record in records:
        plot.add(record)
    plot.save(path)


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
    accuracy = ", ".join(f"seat {s.seat} {s.accuracy_text}" for s in review.seats)
    fig.suptitle(f"{review.game} review: accuracy {accuracy}")
    _save(fig, path)


def _pyplot() -> Any:
    """matplotlib's pyplot on the file-only backend, or ``MissingExtraError`` naming the extra."""
    require_matplotlib().use("Agg")
    import matplotlib.pyplot as plt

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

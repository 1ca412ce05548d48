"""The outcome of a finished game: ranks, winners, skunks and match points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended. Per-player tuples are indexed by seat; partners share ranks and points.

    ``ranks`` are 1 for first place, equal for ties and partners; ``skunks`` name the skunk a
    losing seat suffered ("skunk", "double skunk", "triple skunk") or None.
    """

    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    skunks: tuple[str | None, ...] = ()
    match_points: tuple[int, ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats ranked first."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: each field as a list (``reason`` as text) and ``winners``."""
        return {
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "reason": self.reason,
            "skunks": list(self.skunks),
            "match_points": list(self.match_points),
            "winners": list(self.winners),
        }


def rank_by(values: Sequence[float], *, order: Sequence[int] | None = None) -> tuple[int, ...]:
    """Competition ranks (1 = highest value; ties share a rank, the next rank skips).

    With ``order`` (worst first: seats that must rank below everyone still playing, e.g. players
    who left), those seats take the worst ranks in that order.
    """
    n = len(values)
    ranks = [0] * n
    forced = list(order or ())
    playing = [s for s in range(n) if s not in forced]
    for seat in playing:
        ranks[seat] = 1 + sum(1 for other in playing if values[other] > values[seat])
    for position, seat in enumerate(forced):
        ranks[seat] = n - position
    return tuple(ranks)

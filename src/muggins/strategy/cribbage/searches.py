"""The two searches of a two-player play at C speed: ``play_values`` and ``counter_values``, with
the arguments and values of ``play.play_values`` and ``counterplay.counter_values``.

They run in the C extension ``_pegsearch`` where the build made it, else in those two (compiled by
mypyc, or pure Python). The C is a step-for-step copy of them and gives the same values to the last
bit (``tests/strategy/test_cribbage_searches.py`` holds it to them): the expert spends most of its
time in these searches, and in C they run about ten times faster (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from muggins.strategy.cribbage import counterplay, play
from muggins.strategy.cribbage.play import Ranks, hand_code
from muggins.strategy.cribbage.race import Race


def _extension() -> ModuleType | None:
    """The C searches, or None where the build did not make them."""
    try:
        from muggins.strategy.cribbage import _pegsearch  # optional: absent in a pure build
    except ImportError:
        return None
    return _pegsearch


_C = _extension()


def in_c() -> bool:
    """Whether the searches run in C."""
    return _C is not None


def play_values(
    hand: Ranks, pile: Ranks, go: bool, others: Iterable[tuple[Ranks, float]]
) -> dict[int, float]:
    """``play.play_values``: each rank the seat may lay, averaged over the other's holdings, each
    searched with every card known."""
    if _C is None:
        return play.play_values(hand, pile, go, others)
    codes, weights = _coded(others)
    found: dict[int, float] = _C.play_values(hand_code(hand), tuple(pile), go, codes, weights)
    return found


def counter_values(
    hand: Ranks,
    pile: Ranks,
    go: bool,
    others: Iterable[tuple[Ranks, float]],
    race: Race | None = None,
) -> dict[int, float]:
    """``counterplay.counter_values``: each rank the seat may lay, searched from what the seat can
    know against the model of the other (for the margin of points, or the chance to win the
    ``race``)."""
    if _C is None:
        return counterplay.counter_values(hand, pile, go, others, race)
    codes, weights = _coded(others)
    after, mine, theirs = (race.after, race.mine, race.theirs) if race is not None else (None, 0, 0)
    found: dict[int, float] = _C.counter_values(
        hand_code(hand), tuple(pile), go, codes, weights, after, mine, theirs
    )
    return found


def _coded(others: Iterable[tuple[Ranks, float]]) -> tuple[list[int], list[float]]:
    """The holdings as the C searches take them: coded hands, and their weights."""
    codes: list[int] = []
    weights: list[float] = []
    for held, weight in others:
        codes.append(hand_code(held))
        weights.append(float(weight))
    return codes, weights

"""The two searches of a two-player play, in C (``_pegsearch.c``; ``searches`` calls them)."""

from collections.abc import Sequence

def play_values(
    hand: int, pile: tuple[int, ...], go: bool, codes: list[int], weights: list[float]
) -> dict[int, float]:
    """``play.play_values`` on a coded hand and coded holdings with their weights."""

def counter_values(
    hand: int,
    pile: tuple[int, ...],
    go: bool,
    codes: list[int],
    weights: list[float],
    after: Sequence[Sequence[float]] | None,
    mine: int,
    theirs: int,
) -> dict[int, float]:
    """``counterplay.counter_values``; ``after``: the race's chances (``Race.after``), or None."""

def start_afresh() -> None:
    """Empty the tables: the memory back, and the next search cold."""

"""Two-player cribbage played to its end by random moves, in C (``_quickplay.c``; ``quick`` calls it)."""

import random
from collections.abc import Sequence

DIRECT: int
"""1 where the import found CPython's generator layout, so ``random.Random`` objects are read in
place; 0 where generators are passed as ``getstate()[1]``'s numbers."""

def play(
    numbers: tuple[int, ...],
    hand0: Sequence[int],
    hand1: Sequence[int],
    kept0: Sequence[int],
    kept1: Sequence[int],
    crib: Sequence[int],
    pile: Sequence[int],
    deals: tuple[int, ...] | random.Random,
    draws: tuple[object, ...],
    choice: bool,
    keys: tuple[object, ...] | None,
) -> tuple[
    tuple[int, int], int, list[tuple[int, dict[object, int]]] | None, tuple[tuple[int, ...] | None, ...]
]:
    """``quick._Table`` played to its end from ``numbers`` (its scores, target, heels, dealer and
    the rest in ``_in_c``'s order) and its cards; the final scores, the moves made, the ledger
    (with its ``keys``: ``quick.SCORED``) and, unless ``choice``, the draws' generator states after
    (None for a ``random.Random`` given where ``DIRECT``: it is left where its draws left it)."""

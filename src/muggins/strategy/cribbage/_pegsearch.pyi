"""The searches of a two-player play, in C (``_pegsearch.c``; ``searches`` calls them)."""

from array import array
from collections.abc import Sequence

def play_values(
    hand: int, pile: tuple[int, ...], go: bool, codes: array[int], weights: array[float]
) -> dict[int, float]:
    """``play.play_values`` on a coded hand and coded holdings with their weights."""

def counter_values(
    hand: int,
    pile: tuple[int, ...],
    go: bool,
    codes: array[int],
    weights: array[float],
    after: array[float] | None,
    mine: int,
    theirs: int,
) -> dict[int, float]:
    """``counterplay.counter_values``; ``after``: the race's chances (``Race.after``, read in place),
    or None."""

def race_values(
    hand: int,
    pile: tuple[int, ...],
    go: bool,
    codes: array[int],
    weights: array[float],
    after: array[float],
    mine: int,
    theirs: int,
) -> dict[int, float]:
    """``race.race_values`` on a coded hand and coded holdings; ``after``: ``Race.after``."""

def holdings(
    unseen: Sequence[int], size: int, lowest: int, kept: Sequence[float] | None
) -> tuple[bytes, bytes]:
    """``play.holdings`` coded, each weighed by its ways times its ranks' ``kept`` weights: the
    bytes of the codes' ``array("I")`` and of the weights' ``array("d")``."""

def drawn(codes: array[int], weights: array[float], words: bytes) -> tuple[bytes, bytes]:
    """``random.choices`` by weight given the words of its ``random()`` draws
    (``getrandbits(64 * k)`` as little-endian bytes), each holding drawn once with its count, as
    ``holdings`` gives them."""

def reply_worths(
    hand: int, pile: tuple[int, ...], chances: Sequence[float] | None, sign: float
) -> dict[int, float]:
    """``reply.card_worth`` of each distinct rank of a coded hand that fits on the pile
    (``reply.alone`` where ``chances`` is None)."""

def start_afresh() -> None:
    """Empty the tables: the memory back, and the next search cold."""

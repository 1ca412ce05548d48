"""The searches of a two-player play at C speed, with the other's holdings they search over:
``holdings`` and ``drawn`` make those as ``play.holdings`` and a draw by weight make them, coded,
and ``play_values``, ``counter_values`` and ``race_values`` search them as ``play.play_values``,
``counterplay.counter_values`` and ``race.race_values`` do; ``reply_worths`` is the reply model's
value of each card (``reply.card_worth``), for any number of players.

They run in the C extension ``_pegsearch`` where the build made it, else in Python (the searches
compiled by mypyc, or pure). The C is a step-for-step copy and gives the same values to the last
bit (``tests/strategy/test_cribbage_searches.py`` holds it to them): the expert spends most of its
time here, and in C it runs several times faster (docs/architecture.md).
"""

from __future__ import annotations

import random
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import NamedTuple

from muggins.strategy.cribbage import counterplay, play, race
from muggins.strategy.cribbage.play import LIMIT, VALUE, Ranks, hand_code, hand_ranks, pile_count
from muggins.strategy.cribbage.reply import alone, card_worth


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


class Holdings(NamedTuple):
    """The other's holdings as the searches take them: each coded (``play.hand_code``), with its
    weight, in two arrays (which the C reads whole, not item by item)."""

    codes: array[int]
    weights: array[float]


def coded(others: Iterable[tuple[Ranks, float]]) -> Holdings:
    """Holdings given as ranks with their weights, coded as the searches take them."""
    found = Holdings(array("I"), array("d"))
    for held, weight in others:
        found.codes.append(hand_code(held))
        found.weights.append(weight)
    return found


def holdings(
    unseen: Sequence[int], size: int, lowest: int = 1, kept: Sequence[float] | None = None
) -> Holdings:
    """``play.holdings`` (every holding of ``size`` cards among the ``unseen``, none worth less than
    ``lowest``, weighed by its ways), each weight times its ranks' ``kept`` weights where given
    (by rank - 1: how much likelier than average the other is to hold it)."""
    if _C is not None:
        codes, weights = _C.holdings(unseen, size, lowest, kept)
        return Holdings(array("I", codes), array("d", weights))
    return coded(
        (held, ways * kept_weight(held, kept) if kept is not None else ways)
        for held, ways in play.holdings(unseen, size, lowest)
    )


def kept_weight(held: Ranks, kept: Sequence[float]) -> float:
    """How much likelier than average a holding is, its cards' ``kept`` weights multiplied."""
    weight = 1.0
    for rank in held:
        weight *= kept[rank - 1]
    return weight


def drawn(found: Holdings, samples: int | None, rng: random.Random | None) -> Holdings:
    """Every holding, or ``samples`` of them drawn by weight (``rng.choices``) where there are
    more, each drawn once or more weighing as many draws (searched once)."""
    if samples is None or len(found.codes) <= samples:
        return found
    rng = rng or random.Random(0)
    if _C is not None:
        words = rng.getrandbits(64 * samples).to_bytes(8 * samples, "little")  # the random() draws
        codes, weights = _C.drawn(found.codes, found.weights, words)
        return Holdings(array("I", codes), array("d", weights))
    times = Counter(rng.choices(range(len(found.codes)), weights=found.weights, k=samples))
    return Holdings(array("I", [found.codes[at] for at in times]), array("d", map(float, times.values())))


def ranked(found: Holdings) -> list[tuple[Ranks, float]]:
    """The holdings as ranks (ascending) with their weights, as the Python searches take them."""
    return [(hand_ranks(code), weight) for code, weight in zip(found.codes, found.weights, strict=True)]


def play_values(hand: Ranks, pile: Ranks, go: bool, others: Holdings) -> dict[int, float]:
    """``play.play_values``: each rank the seat may lay, averaged over the other's holdings, each
    searched with every card known."""
    if _C is None:
        return play.play_values(hand, pile, go, ranked(others))
    found: dict[int, float] = _C.play_values(hand_code(hand), tuple(pile), go, others.codes, others.weights)
    return found


def counter_values(
    hand: Ranks, pile: Ranks, go: bool, others: Holdings, state: race.Race | None = None
) -> dict[int, float]:
    """``counterplay.counter_values``: each rank the seat may lay, searched from what the seat can
    know against the model of the other (for the margin of points, or the chance to win the
    race ``state``)."""
    if _C is None:
        return counterplay.counter_values(hand, pile, go, ranked(others), state)
    after, mine, theirs = (state.after, state.mine, state.theirs) if state is not None else (None, 0, 0)
    found: dict[int, float] = _C.counter_values(
        hand_code(hand), tuple(pile), go, others.codes, others.weights, after, mine, theirs
    )
    return found


def race_values(state: race.Race, hand: Ranks, pile: Ranks, go: bool, others: Holdings) -> dict[int, float]:
    """``race.race_values``: each rank the seat may lay, with its chance to win the game, averaged
    over the other's holdings, each searched with every card known, both sides laying for the game."""
    if _C is None:
        return race.race_values(state, hand, pile, go, ranked(others))
    found: dict[int, float] = _C.race_values(
        hand_code(hand), tuple(pile), go, others.codes, others.weights, state.after, state.mine, state.theirs
    )
    return found


def reply_worths(hand: Ranks, pile: Ranks, chances: Sequence[float] | None, sign: float) -> dict[int, float]:
    """Each distinct rank of ``hand`` (ascending) that fits on ``pile``, with the reply model's
    worth of laying it (``reply.card_worth``: the next player holding each rank with ``chances``,
    ``sign`` -1 an opponent, +1 a partner), or with ``chances`` None what it pegs when nobody else
    can lay (``reply.alone``). In C for hands of four cards at most."""
    if _C is not None and len(hand) <= play.HAND_CARDS:
        found: dict[int, float] = _C.reply_worths(hand_code(hand), tuple(pile), chances, sign)
        return found
    mine = tuple(sorted(hand))
    room = LIMIT - pile_count(pile)
    fits = sorted({rank for rank in mine if VALUE[rank] <= room})
    if chances is None:
        return {rank: float(alone(pile, mine, rank)) for rank in fits}
    return {rank: card_worth(pile, mine, rank, chances, sign) for rank in fits}

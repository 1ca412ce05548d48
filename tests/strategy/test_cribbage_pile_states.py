"""The play search's pile states score every card to come as the plain pegging scorer scores the
whole pile, and a hand laid out alone scores as every order on it: merging piles that differ only
where nothing can score again (``play.live_end``) loses nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.strategy.cribbage.play import (
    LIMIT,
    VALUE,
    live_end,
    pile_start,
    play_points,
    run_out,
    state_after,
    state_points,
)


def test_the_live_end_drops_what_no_card_to_come_can_run_with() -> None:
    assert live_end((9, 2, 3, 4), 18) == (2, 3, 4)  # a run with the 9 needs 5-6-7-8: 26, and 13 are left
    assert live_end((6, 2, 3, 4), 15) == (6, 2, 3, 4)  # a 5 (16 are left) makes six in a row
    assert live_end((7, 7), 14) == (7, 7)  # a pair's end is kept whole
    assert live_end((13, 1), 11) == (1,)  # 2 to Q are far more than the 20 left


@st.composite
def plays(draw: st.DrawFn) -> list[int]:
    """The ranks of a count from its start, at most four of a rank and never past 31."""
    laid: list[int] = []
    for rank in draw(st.lists(st.integers(1, 13), max_size=14)):
        if laid.count(rank) < 4 and sum(VALUE[r] for r in laid) + VALUE[rank] <= LIMIT:
            laid.append(rank)
    return laid


@settings(max_examples=400, deadline=None)
@given(plays(), st.integers(0, 14))
def test_the_states_score_every_card_to_come_as_the_whole_pile(laid: list[int], split: int) -> None:
    pile = tuple(laid[:split])
    state = pile_start(pile)
    for rank in laid[split:]:
        for any_rank in range(1, 14):
            fits = sum(VALUE[r] for r in pile) + VALUE[any_rank] <= LIMIT
            assert state_points(state, any_rank) == (play_points(pile, any_rank) if fits else -1)
        if sum(VALUE[r] for r in pile) + VALUE[rank] == LIMIT:
            break  # 31: the count starts again
        state = state_after(state, rank)
        pile = (*pile, rank)


def _run_out_plainly(pile: tuple[int, ...], ranks: tuple[int, ...]) -> int:
    """The most one player pegs laying ``ranks`` alone on the whole ``pile``, every order tried,
    with the go point for the last card unless it makes 31."""
    count = sum(VALUE[r] for r in pile)
    best = -1
    for i, rank in enumerate(ranks):
        if count + VALUE[rank] <= LIMIT:
            rest = ranks[:i] + ranks[i + 1 :]
            best = max(best, play_points(pile, rank) + _run_out_plainly((*pile, rank), rest))
    if best >= 0:
        return best
    return 0 if count == LIMIT or not pile else 1


@settings(max_examples=400, deadline=None)
@given(plays(), st.integers(0, 14), st.integers(0, 4))
def test_running_out_alone_scores_as_every_order_on_the_whole_pile(
    laid: list[int], split: int, held: int
) -> None:
    pile, rest = tuple(laid[:split]), laid[split:]
    ranks = tuple(rest[:held])  # cards still to come from one hand
    assert run_out(pile, ranks) == _run_out_plainly(pile, ranks)

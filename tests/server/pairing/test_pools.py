"""The pools' rule (docs/server.md, "Quick pairing"): nearest ratings first, within every member's
reach, which widens with the wait; nobody twice; no group left unmade that the rule allows;
partners evened out, single seats drawn at random."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from muggins.server.pairing import REACH, WIDENS, Waiting, groups, reach, seating


def fits(group: list[Waiting] | tuple[Waiting, ...], now: float) -> bool:
    """Every member's reach takes in every other member."""
    return all(abs(a.rating - b.rating) <= reach(now - a.since) for a in group for b in group)


def test_the_reach_widens_with_the_wait() -> None:
    assert reach(0) == REACH
    assert reach(30) == REACH + 30 * WIDENS
    assert reach(-5) == REACH  # a clock a little behind another process's never narrows it
    assert [reach(t) for t in range(0, 120, 7)] == sorted(reach(t) for t in range(0, 120, 7))


def test_two_far_apart_wait_until_their_reaches_meet() -> None:
    low, high = Waiting(1, 1400, 0.0), Waiting(2, 1800, 0.0)  # 400 apart: 30 s of waiting each
    assert groups([low, high], 2, now=0.0) == []
    assert groups([low, high], 2, now=29.0) == []
    assert groups([low, high], 2, now=30.0) == [[low, high]]


def test_the_newcomer_must_reach_too() -> None:
    """One who waited long takes in anybody; one just come does not reach far yet."""
    old, new = Waiting(1, 1500, 0.0), Waiting(2, 1900, 100.0)
    assert groups([old, new], 2, now=100.0) == []
    assert groups([old, new], 2, now=130.0) == [[old, new]]


def test_one_just_come_is_passed_over_for_one_beyond_who_waited() -> None:
    """Between two who waited long sits one who just came, whose reach takes in neither."""
    ann, cal = Waiting(1, 1500, 0.0), Waiting(3, 1800, 0.0)
    bea = Waiting(2, 1650, 60.0)
    assert groups([ann, bea, cal], 2, now=60.0) == [[ann, cal]]


def test_the_nearest_rated_is_the_one_paired() -> None:
    me = Waiting(1, 1500, 0.0)
    near, far = Waiting(2, 1530, 0.0), Waiting(3, 1460, 0.0)
    assert groups([far, me, near], 2, now=0.0) == [[me, near]]


waiting_players = st.lists(
    st.tuples(st.integers(1000, 2200), st.floats(0, 120, allow_nan=False)), min_size=0, max_size=9
).map(lambda ws: [Waiting(uid, rating, since) for uid, (rating, since) in enumerate(ws)])


@given(waiting_players, st.integers(2, 4), st.floats(0, 150, allow_nan=False))
def test_groups_are_whole_fitting_disjoint_and_leave_none_to_make(
    waiting: list[Waiting], size: int, now: float
) -> None:
    made = groups(waiting, size, now)
    placed = [w.user_id for group in made for w in group]
    assert len(placed) == len(set(placed))
    assert set(placed) <= {w.user_id for w in waiting}
    for group in made:
        assert len(group) == size
        assert fits(group, now)
    left = [w for w in waiting if w.user_id not in set(placed)]
    assert not any(fits(group, now) for group in itertools.combinations(left, size))


@given(waiting_players)
def test_the_closest_pair_is_made_first(waiting: list[Waiting]) -> None:
    made = groups(waiting, 2, now=60.0)
    possible = [abs(a.rating - b.rating) for a, b in itertools.combinations(waiting, 2) if fits((a, b), 60.0)]
    if possible:
        assert min(abs(a.rating - b.rating) for a, b in made) == min(possible)


def test_partners_even_out() -> None:
    four = [Waiting(1, 1900, 0.0), Waiting(2, 1700, 0.0), Waiting(3, 1600, 0.0), Waiting(4, 1300, 0.0)]
    for seed in range(20):
        seated = seating(four, [(0, 2), (1, 3)], random.Random(seed))
        assert sorted(w.user_id for w in seated) == [1, 2, 3, 4]
        sides = [{seated[0].user_id, seated[2].user_id}, {seated[1].user_id, seated[3].user_id}]
        assert {1, 4} in sides and {2, 3} in sides  # the best with the weakest


def test_players_alone_are_seated_at_random() -> None:
    three = [Waiting(1, 1500, 0.0), Waiting(2, 1600, 0.0), Waiting(3, 1700, 0.0)]
    orders = {
        tuple(w.user_id for w in seating(three, [(0,), (1,), (2,)], random.Random(seed)))
        for seed in range(60)
    }
    assert len(orders) == 6  # every order comes up

"""The play searches in C (``searches``, over ``_pegsearch``) against the searches they copy,
``play.play_values`` and ``counterplay.counter_values``: the same values to the last bit, over
positions of every kind, with the other's holdings weighed and sampled as the expert takes them,
for points and for the race; and bad input refused as the Python searches refuse it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.build import compiled
from muggins.strategy.cribbage import counterplay, play, searches
from muggins.strategy.cribbage.race import Race
from muggins.strategy.cribbage.winchance import TARGET

Ranks = tuple[int, ...]
Holdings = list[tuple[Ranks, float]]

in_c = pytest.mark.skipif(not searches.in_c(), reason="the C searches were not built (a pure-Python build)")


def test_a_compiled_build_runs_the_searches_in_c() -> None:
    assert searches.in_c() == compiled()


@st.composite
def positions(draw: st.DrawFn) -> tuple[Ranks, Ranks, bool, Holdings]:
    """A two-player play: the seat's hand (1-4 cards, one fitting), the pile since the count was
    reset, whether the other has said go, and the other's holdings of 1-4 cards among the cards
    unseen (all of them or a part, weighed as the expert weighs them: by ways, by their kept ranks,
    or by sample counts)."""
    deck = draw(st.permutations([rank for rank in range(1, 14) for _ in range(4)]))
    size = draw(st.integers(1, 4))
    hand = tuple(sorted(deck[:size]))
    pile: Ranks = ()
    count = 0
    for rank in deck[size : size + draw(st.integers(0, 6))]:
        if count + play.VALUE[rank] < 31:
            pile, count = (*pile, rank), count + play.VALUE[rank]
    if not any(count + play.VALUE[rank] <= 31 for rank in hand):
        pile = ()
    unseen = [4] * 13
    for rank in (*hand, *pile):
        unseen[rank - 1] -= 1
    others = play.holdings(unseen, draw(st.integers(1, 4)), draw(st.sampled_from([1, 1, 1, 5, 8])))
    if not others:
        others = play.holdings(unseen, 1)
    rng = random.Random(draw(st.integers(0, 2**32)))
    kind = draw(st.sampled_from(["ways", "kept", "sampled"]))
    if kind == "kept":
        others = [(held, ways * rng.uniform(0.05, 3.0)) for held, ways in others]
    elif kind == "sampled":
        others = [
            (held, float(rng.randint(1, 4)))
            for held in rng.sample([h for h, _ in others], min(40, len(others)))
        ]
    return hand, pile, draw(st.booleans()), others


@in_c
@settings(max_examples=150, deadline=None)
@given(positions())
def test_play_values_in_c_are_the_searchs_to_the_bit(position: tuple[Ranks, Ranks, bool, Holdings]) -> None:
    hand, pile, go, others = position
    assert searches.play_values(hand, pile, go, others) == play.play_values(hand, pile, go, others)


@in_c
@settings(max_examples=150, deadline=None)
@given(positions())
def test_counter_values_in_c_are_the_searchs_to_the_bit(
    position: tuple[Ranks, Ranks, bool, Holdings],
) -> None:
    hand, pile, go, others = position
    assert searches.counter_values(hand, pile, go, others) == counterplay.counter_values(
        hand, pile, go, others
    )


@in_c
@settings(max_examples=100, deadline=None)
@given(positions(), st.integers(95, 120), st.integers(95, 120), st.integers(0, 2**32))
def test_the_race_in_c_is_the_searchs_to_the_bit(
    position: tuple[Ranks, Ranks, bool, Holdings], mine: int, theirs: int, seed: int
) -> None:
    """Near the target the play is laid for the game: reaching 121 wins at once, and a play ending
    below it is worth the race's chance from where it ends (here any table of chances)."""
    hand, pile, go, others = position
    rng = random.Random(seed)
    race = Race(mine, theirs, [[rng.random() for _ in range(TARGET)] for _ in range(TARGET)])
    found = searches.counter_values(hand, pile, go, others, race)
    assert found == counterplay.counter_values(hand, pile, go, others, race)


@in_c
def test_values_do_not_depend_on_what_the_tables_remember() -> None:
    """The same search cold (tables emptied) and warm (after others) gives the same values."""
    from muggins.strategy.cribbage import _pegsearch

    hand, pile = (1, 5, 10, 12), (6, 9)
    unseen = [4] * 13
    for rank in (*hand, *pile):
        unseen[rank - 1] -= 1
    others = play.holdings(unseen, 4)
    _pegsearch.start_afresh()
    cold = searches.play_values(hand, pile, False, others), searches.counter_values(hand, pile, False, others)
    for lead in range(1, 14):
        searches.play_values((lead,), (), False, others[:50])
        searches.counter_values((lead,), (), True, others[:50])
    warm = searches.play_values(hand, pile, False, others), searches.counter_values(hand, pile, False, others)
    assert cold == warm
    assert cold[0] == play.play_values(hand, pile, False, others)


@pytest.mark.parametrize("search", [searches.play_values, searches.counter_values])
def test_bad_positions_are_refused_with_what_was_wrong(search: object) -> None:
    assert callable(search)
    with pytest.raises(ValueError, match="no holding of the other player is possible"):
        search((1, 2), (), False, [])
    with pytest.raises(ValueError, match="4 cards at most, not 5"):
        search((1, 2, 3, 4, 5), (), False, [((6,), 1.0)])
    with pytest.raises(ValueError, match="4 cards at most, not 5"):
        search((1, 2), (), False, [((6, 7, 8, 9, 10), 1.0)])


@in_c
def test_bad_piles_are_refused_by_the_c_searches() -> None:
    """The Python searches trust their callers' piles; the C ones check them (memory is at stake)."""
    with pytest.raises(ValueError, match="ranks 1-13, not 14"):
        searches.play_values((1,), (14,), False, [((2,), 1.0)])
    with pytest.raises(ValueError, match="passes 31"):
        searches.counter_values((1,), (10, 10, 10, 5), False, [((2,), 1.0)])
    with pytest.raises(ValueError, match="a row for each score below 121"):
        searches.counter_values((1,), (), False, [((2,), 1.0)], Race(100, 100, [[0.5] * TARGET]))


def test_without_the_c_the_python_searches_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pure-Python build (no ``_pegsearch``) plays by the searches the C copies."""
    monkeypatch.setattr(searches, "_C", None)
    hand, pile, others = (2, 3, 9, 13), (5,), [((4, 5, 6), 1.0), ((1, 10, 12), 2.0)]
    assert not searches.in_c()
    assert searches.play_values(hand, pile, False, others) == play.play_values(hand, pile, False, others)
    race = Race(110, 100, [[0.25] * TARGET] * TARGET)
    found = searches.counter_values(hand, pile, False, others, race)
    assert found == counterplay.counter_values(hand, pile, False, others, race)

"""The play searches in C (``searches``, over ``_pegsearch``) against what they copy: the other's
holdings as ``play.holdings`` makes them and a draw by weight (``random.choices``) samples them,
and the searches ``play.play_values``, ``counterplay.counter_values`` and ``race.race_values``: the
same holdings, draws and values to the last bit, over positions of every kind, for points and for
the race; and bad input refused as the Python refuses it."""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.build import compiled
from muggins.strategy.cribbage import counterplay, play, race, reply, searches
from muggins.strategy.cribbage.race import Race
from muggins.strategy.cribbage.winchance import TARGET

Ranks = tuple[int, ...]
Holdings = list[tuple[Ranks, float]]

in_c = pytest.mark.skipif(not searches.in_c(), reason="the C searches were not built (a pure-Python build)")


def test_a_compiled_build_runs_the_searches_in_c() -> None:
    assert searches.in_c() == compiled()


coded = searches.coded


@in_c
@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=13, max_size=13),
    st.integers(0, 4),
    st.sampled_from([1, 1, 3, 5, 8, 10]),
    st.none() | st.lists(st.floats(0.05, 3.0), min_size=13, max_size=13),
)
def test_the_holdings_are_plays_weighed_by_what_is_kept(
    unseen: list[int], size: int, lowest: int, kept: list[float] | None
) -> None:
    expected = [
        (held, ways * searches.kept_weight(held, kept) if kept is not None else ways)
        for held, ways in play.holdings(unseen, size, lowest)
    ]
    found = searches.holdings(unseen, size, lowest, kept)
    assert found == coded(expected)
    assert searches.ranked(found) == expected


@in_c
@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.floats(0.01, 50.0) | st.sampled_from([0.0, 1.0, 2.0]), min_size=1, max_size=300).filter(
        lambda weights: sum(weights) > 0
    ),
    st.integers(1, 450),
    st.integers(0, 2**32),
)
def test_the_draw_is_random_choices_by_weight_counted(weights: list[float], samples: int, seed: int) -> None:
    """The same draws as ``rng.choices`` over the holdings with their weights (the rng left in the
    same state), each holding drawn weighing as many draws, in the order first drawn; weights
    alike and of nothing included."""
    found = searches.Holdings(array("I", range(len(weights))), array("d", weights))
    expected = random.Random(seed)
    choices = expected.choices(found.codes, weights=weights, k=samples)
    rng = random.Random(seed)
    drawn = searches.drawn(found, samples, rng)
    if len(weights) <= samples:
        assert drawn is found
        return
    assert drawn.codes.tolist() == list(dict.fromkeys(choices))
    assert drawn.weights.tolist() == [float(choices.count(code)) for code in drawn.codes]
    assert rng.random() == expected.random()


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


def _reply_model(hand: Ranks, pile: Ranks, chances: list[float] | None, sign: float) -> dict[int, float]:
    """The reply model in Python, card by card, as the expert used it before the C."""
    fits = sorted({rank for rank in hand if play.pile_count(pile) + play.VALUE[rank] <= 31})
    if chances is None:
        return {rank: float(reply.alone(pile, hand, rank)) for rank in fits}
    return {rank: reply.card_worth(pile, hand, rank, chances, sign) for rank in fits}


chance = st.one_of(st.sampled_from([0.0, 0.0, 0.01, 0.5, 1.0]), st.floats(0.0, 1.0))


@in_c
@settings(max_examples=400, deadline=None)
@given(
    positions(),
    st.one_of(st.none(), st.lists(chance, min_size=13, max_size=13)),
    st.sampled_from([-1.0, 1.0]),
)
def test_the_reply_model_in_c_is_the_pythons_to_the_bit(
    position: tuple[Ranks, Ranks, bool, Holdings], chances: list[float] | None, sign: float
) -> None:
    """Every card's worth by the reply model (``reply.card_worth``, or ``reply.alone`` when nobody
    else can lay), for an opponent and a partner answering, with any chances of their ranks."""
    hand, pile, _, _ = position
    assert searches.reply_worths(hand, pile, chances, sign) == _reply_model(hand, pile, chances, sign)


@in_c
def test_the_reply_model_in_c_refuses_chances_not_by_rank() -> None:
    with pytest.raises(ValueError, match="13 floats"):
        searches.reply_worths((1, 5), (), [0.5] * 12, -1.0)
    with pytest.raises(TypeError, match="a sequence of 13 floats"):
        searches.reply_worths((1, 5), (), 0.5, -1.0)  # type: ignore[arg-type]


def test_hands_of_more_than_four_cards_are_worth_what_the_python_reply_model_says() -> None:
    hand, pile, chances = (1, 2, 5, 5, 9, 13), (10,), [0.4] * 13
    assert searches.reply_worths(hand, pile, chances, -1.0) == _reply_model(hand, pile, chances, -1.0)


@in_c
@settings(max_examples=150, deadline=None)
@given(positions())
def test_play_values_in_c_are_the_searchs_to_the_bit(position: tuple[Ranks, Ranks, bool, Holdings]) -> None:
    hand, pile, go, others = position
    assert searches.play_values(hand, pile, go, coded(others)) == play.play_values(hand, pile, go, others)


@in_c
@settings(max_examples=150, deadline=None)
@given(positions())
def test_counter_values_in_c_are_the_searchs_to_the_bit(
    position: tuple[Ranks, Ranks, bool, Holdings],
) -> None:
    hand, pile, go, others = position
    found = searches.counter_values(hand, pile, go, coded(others))
    assert found == counterplay.counter_values(hand, pile, go, others)


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
    race = Race.from_rows(mine, theirs, [[rng.random() for _ in range(TARGET)] for _ in range(TARGET)])
    found = searches.counter_values(hand, pile, go, coded(others), race)
    assert found == counterplay.counter_values(hand, pile, go, others, race)


@in_c
@settings(max_examples=100, deadline=None)
@given(positions(), st.integers(90, 120), st.integers(90, 120), st.integers(0, 2**32))
def test_race_values_in_c_are_the_searchs_to_the_bit(
    position: tuple[Ranks, Ranks, bool, Holdings], mine: int, theirs: int, seed: int
) -> None:
    """Both sides laying for the game with every card known, over any table of chances."""
    hand, pile, go, others = position
    rng = random.Random(seed)
    state = Race.from_rows(mine, theirs, [[rng.random() for _ in range(TARGET)] for _ in range(TARGET)])
    expected = race.race_values(state, hand, pile, go, others)
    assert searches.race_values(state, hand, pile, go, coded(others)) == expected
    assert searches.race_values(state, hand, pile, go, coded(others)) == expected


@in_c
def test_the_c_reads_a_race_table_where_it_lies_at_every_search() -> None:
    """The C searches read the chances in place, so a table changed between searches is searched
    as it is now; each of several tables searched in turns gives its own values."""
    hand, pile = (5, 10), ()
    held: Holdings = [((5, 10), 1.0), ((4, 6), 2.0)]
    state = Race.from_rows(100, 100, [[0.25] * TARGET for _ in range(TARGET)])
    before = searches.race_values(state, hand, pile, False, coded(held))
    state.after[:] = array("d", [0.75] * (TARGET * TARGET))
    after = searches.race_values(state, hand, pile, False, coded(held))
    assert before != after == race.race_values(state, hand, pile, False, held)
    states = [Race.from_rows(100, 100, [[0.1 * share] * TARGET] * TARGET) for share in range(1, 8)]
    for _ in range(2):
        for each in states:
            expected = race.race_values(each, hand, pile, False, held)
            assert searches.race_values(each, hand, pile, False, coded(held)) == expected
            assert searches.counter_values(hand, pile, False, coded(held), each) == (
                counterplay.counter_values(hand, pile, False, held, each)
            )


def test_a_race_table_is_121_by_121_doubles() -> None:
    with pytest.raises(ValueError, match="121 x 121 doubles"):
        Race(100, 100, array("d", [0.5] * TARGET))
    with pytest.raises(ValueError, match="121 x 121 doubles"):
        Race(100, 100, array("f", [0.5] * (TARGET * TARGET)))


@in_c
def test_values_do_not_depend_on_what_the_tables_remember() -> None:
    """The same search cold (tables emptied) and warm (after others) gives the same values."""
    from muggins.strategy.cribbage import _pegsearch

    hand, pile = (1, 5, 10, 12), (6, 9)
    unseen = [4] * 13
    for rank in (*hand, *pile):
        unseen[rank - 1] -= 1
    others = searches.holdings(unseen, 4)
    _pegsearch.start_afresh()
    cold = searches.play_values(hand, pile, False, others), searches.counter_values(hand, pile, False, others)
    few = searches.Holdings(others.codes[:50], others.weights[:50])
    for lead in range(1, 14):
        searches.play_values((lead,), (), False, few)
        searches.counter_values((lead,), (), True, few)
    warm = searches.play_values(hand, pile, False, others), searches.counter_values(hand, pile, False, others)
    assert cold == warm
    assert cold[0] == play.play_values(hand, pile, False, searches.ranked(others))


@pytest.mark.parametrize("search", [searches.play_values, searches.counter_values])
def test_bad_positions_are_refused_with_what_was_wrong(search: object) -> None:
    assert callable(search)
    with pytest.raises(ValueError, match="no holding of the other player is possible"):
        search((1, 2), (), False, searches.Holdings(array("I"), array("d")))
    with pytest.raises(ValueError, match="4 cards at most, not 5"):
        search((1, 2, 3, 4, 5), (), False, coded([((6,), 1.0)]))


def test_bad_holdings_are_refused_with_what_was_wrong() -> None:
    with pytest.raises(ValueError, match="4 cards at most, not 5"):
        searches.holdings([4] * 13, 5)


@in_c
def test_bad_piles_are_refused_by_the_c_searches() -> None:
    """The Python searches trust their callers' piles; the C ones check them (memory is at stake)."""
    from muggins.strategy.cribbage import _pegsearch

    with pytest.raises(ValueError, match="ranks 1-13, not 14"):
        searches.play_values((1,), (14,), False, coded([((2,), 1.0)]))
    with pytest.raises(ValueError, match="passes 31"):
        searches.counter_values((1,), (10, 10, 10, 5), False, coded([((2,), 1.0)]))
    with pytest.raises(ValueError, match="121 x 121 doubles"):
        _pegsearch.counter_values(1, (), False, array("I", [2]), array("d", [1.0]), array("d", [0.5]), 0, 0)
    with pytest.raises(TypeError, match="an array of doubles"):
        _pegsearch.counter_values(1, (), False, array("I", [2]), array("d", [1.0]), [[0.5]], 0, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a race is played below 121: not 121 against 3"):
        _c_race(array("d", [0.5] * (TARGET * TARGET)), 121)
    with pytest.raises(TypeError, match="an array of doubles, not None"):
        _c_race(None, 100)
    with pytest.raises(ValueError, match="8 bytes each"):
        _pegsearch.drawn(array("I", [1, 2]), array("d", [1.0, 1.0]), b"1234")
    with pytest.raises(TypeError, match="two arrays of one length"):
        _pegsearch.play_values(1, (), False, [18], [1.0])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="two arrays of one length"):
        _pegsearch.play_values(1, (), False, array("I", [18]), array("d", [1.0, 2.0]))
    with pytest.raises(ValueError, match="four cards at most, not 65536"):
        _pegsearch.play_values(1, (), False, array("I", [1 << 16]), array("d", [1.0]))
    with pytest.raises(ValueError, match="0-4 cards unseen, not 5"):
        searches.holdings([5] + [4] * 12, 2)


def test_without_the_c_the_python_searches_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pure-Python build (no ``_pegsearch``) plays by the searches the C copies."""
    monkeypatch.setattr(searches, "_C", None)
    hand, pile = (2, 3, 9, 13), (5,)
    assert not searches.in_c()
    unseen = [4, 4, 3, 4, 3, 4, 4, 4, 3, 4, 4, 4, 3]
    kept = [1.5, 0.5] * 6 + [1.0]
    found = searches.holdings(unseen, 3, 1, kept)
    expected = [(held, ways * searches.kept_weight(held, kept)) for held, ways in play.holdings(unseen, 3)]
    assert searches.ranked(found) == expected
    others = searches.drawn(found, 40, random.Random(3))
    assert sum(others.weights) == 40
    ranked = searches.ranked(others)
    assert searches.play_values(hand, pile, False, others) == play.play_values(hand, pile, False, ranked)
    state = Race.from_rows(110, 100, [[0.25] * TARGET] * TARGET)
    found_values = searches.counter_values(hand, pile, False, others, state)
    assert found_values == counterplay.counter_values(hand, pile, False, ranked, state)
    assert searches.race_values(state, hand, pile, False, others) == race.race_values(
        state, hand, pile, False, ranked
    )
    chances = [0.3] * 13
    assert searches.reply_worths(hand, pile, chances, -1.0) == _reply_model(hand, pile, chances, -1.0)


def _c_race(after: Any, mine: int) -> dict[int, float]:
    """The C race search called as ``searches`` calls it, with any table and score of mine."""
    from muggins.strategy.cribbage import _pegsearch

    others = coded([((2,), 1.0)])
    return _pegsearch.race_values(
        play.hand_code((1,)), (), False, others.codes, others.weights, after, mine, 3
    )

"""The discard analyzer and the crib tables, checked against exact enumeration with the itemised
and scalar show scorers."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.analysis.cribbage.crib import build, keys
from muggins.analysis.cribbage.crib import main as crib_main
from muggins.analysis.cribbage.discard import AnalysisError, analyze, exact_cribs
from muggins.cards import STANDARD_CARDS, Card, parse_cards
from muggins.scoring.fast import show_points
from muggins.scoring.show import itemise_show
from muggins.strategy.cribbage.cribtables import CribTableError, CribTables, shipped_tables, throw_key
from muggins.strategy.cribbage.keeps import keep_matrix, keep_means, shares_reaching, show_counts


def deal(seed: int, n: int = 6) -> tuple[Card, ...]:
    return tuple(random.Random(seed).sample(STANDARD_CARDS, n))


@pytest.mark.parametrize("seed", range(25))
def test_expected_hand_values_match_exact_enumeration(seed: int) -> None:
    cards = deal(seed)
    dealer = seed % 2 == 0
    splits = analyze(cards, dealer=dealer)
    assert len(splits) == 15
    starters = [c for c in STANDARD_CARDS if c not in cards]
    for split in splits:
        totals = [itemise_show(split.kept, s).total for s in starters]
        assert split.hand.mean == pytest.approx(sum(totals) / len(totals))
        assert (split.hand.low, split.hand.high) == (min(totals), max(totals))
        assert split.hand.counts == {t: totals.count(t) for t in set(totals)}
        assert split.crib_weight == (1.0 if dealer else -1.0)
    nets = [s.net for s in splits]
    assert nets == sorted(nets, reverse=True)


@given(
    st.lists(st.sampled_from(STANDARD_CARDS), min_size=9, max_size=9, unique=True),
    st.sampled_from([(5, 3), (5, 4), (6, 4), (9, 4), (7, 5), (8, 6)]),
    st.booleans(),
    st.integers(0, 3),
)
def test_fast_keep_means_equal_the_keep_matrix(
    cards: list[Card], shape: tuple[int, int], crib: bool, seen: int
) -> None:
    dealt, keep = shape
    hand, others = cards[:dealt], cards[dealt:][:seen]
    matrix = keep_matrix(hand, keep, crib=crib, seen=others)
    assert keep_means(hand, keep, crib=crib, seen=others) == pytest.approx(matrix.means.tolist())
    row = len(matrix.rows) // 2
    starter = STANDARD_CARDS[int(matrix.starters[0])]
    assert matrix.points[row, 0] == itemise_show(matrix.kept(row), starter, crib=crib).total


@given(
    st.lists(st.sampled_from(STANDARD_CARDS), min_size=8, max_size=8, unique=True),
    st.sampled_from([(5, 3), (5, 4), (6, 4), (7, 5), (8, 6)]),
    st.integers(1, 60),
    st.lists(st.sampled_from([0.0, 2.0, 3.5]) | st.floats(-6.0, 12.0), min_size=28, max_size=28),
)
def test_the_shares_of_starters_reaching_a_need_are_the_keep_matrixs(
    cards: list[Card], shape: tuple[int, int], need: int, bases: list[float]
) -> None:
    """The expert's chance to go out, counted starter by starter, is the keep matrix's exactly."""
    dealt, keep = shape
    hand = cards[:dealt]
    matrix = keep_matrix(hand, keep)
    rows = len(matrix.rows)
    reached = (matrix.points + np.asarray(bases[:rows])[:, None] >= need).mean(axis=1)
    assert shares_reaching(hand, keep, need, bases[:rows]) == reached.tolist()


@given(
    st.lists(st.sampled_from(STANDARD_CARDS), min_size=8, max_size=8, unique=True),
    st.sampled_from([(5, 3), (5, 4), (6, 4), (7, 5), (8, 6)]),
)
def test_the_show_counts_are_the_keep_matrix_counted_by_value(
    cards: list[Card], shape: tuple[int, int]
) -> None:
    dealt, keep = shape
    points = keep_matrix(cards[:dealt], keep).points
    width = int(points.max()) + 1
    expected = [np.bincount(row, minlength=width).tolist() for row in points]
    assert show_counts(cards[:dealt], keep) == expected


def _brute_crib(cards: tuple[Card, ...], throw: tuple[Card, ...]) -> float:
    unseen = [c for c in STANDARD_CARDS if c not in cards]
    total = n = 0
    for others in itertools.combinations(unseen, 4 - len(throw)):
        for starter in unseen:
            if starter not in others:
                total += show_points([*throw, *others], starter, crib=True)
                n += 1
    return total / n


def test_exact_crib_equals_brute_force_two_players() -> None:
    cards = parse_cards("5H 5D JC QS 2D 9C")
    throws = [(cards[0], cards[1]), (cards[2], cards[3]), (cards[4], cards[5])]
    got = exact_cribs(cards, throws, "2", 0, None)
    assert got == pytest.approx([_brute_crib(cards, t) for t in throws])


@pytest.mark.slow
def test_exact_crib_equals_brute_force_three_players() -> None:
    cards = parse_cards("JH 4S 6D 6C KH")
    got = exact_cribs(cards, [(cards[0],)], "3", 1, None)
    assert got == pytest.approx([_brute_crib(cards, (cards[0],))])


def test_expert_weighted_crib_is_a_weighted_average() -> None:
    """Weighting by throw frequencies moves the average, but stays within the possible range."""
    cards = parse_cards("5H 5D JC QS 2D 9C")
    throws = [(cards[0], cards[1])]
    expert = exact_cribs(cards, throws, "2", 0, shipped_tables())[0]
    uniform = exact_cribs(cards, throws, "2", 0, None)[0]
    assert 2 <= expert <= 29 and expert != uniform


def test_analyzer_crib_modes_and_variants() -> None:
    cards = parse_cards("5H 5D JC QS 2D 9C")
    for mode in ("tables", "uniform", "expert"):
        best = analyze(cards, dealer=True, crib=mode)[0]
        assert set(best.kept) == set(parse_cards("5H 5D JC QS"))
    assert len(analyze(cards[:5], dealer=False, players=3)) == 5
    assert len(analyze(cards[:5], dealer=False, variant="five-card")) == 10
    ten = analyze(parse_cards("5H 5D JC QS 2D 9C 3S 4S 8H KD"), dealer=True, variant="ten-hand")
    assert len(ten) == 45 * 70
    top = ten[0]
    assert top.own is not None and len(top.own_crib) == 4 and len(top.thrown) == 2
    assert top.net == pytest.approx(top.hand.mean + top.own.mean + top.crib)


def test_partner_of_the_dealer_adds_the_crib() -> None:
    cards = parse_cards("5H 5D JC QS 2D")
    partner = analyze(cards, dealer=False, players=4, partnerships=True, seat=2)
    opponent = analyze(cards, dealer=False, players=4, partnerships=True, seat=3)
    assert {s.crib_weight for s in partner} == {1.0} and {s.crib_weight for s in opponent} == {-1.0}
    with pytest.raises(AnalysisError, match="seat 4 after the dealer"):
        analyze(cards, dealer=False, players=4, seat=4)


def test_analyzer_rejects_bad_deals() -> None:
    with pytest.raises(AnalysisError, match="deals 6 cards, not 5"):
        analyze(parse_cards("5H 5D JC QS 2D"), dealer=True)
    with pytest.raises(AnalysisError, match="a wild joker is not analysed"):
        analyze(parse_cards("5H 5D JC QS 2D JKB"), dealer=True)
    with pytest.raises(AnalysisError, match="partnerships need four"):
        analyze(parse_cards("5H 5D JC QS 2D 9C"), dealer=True, partnerships=True)


def test_shipped_tables_have_every_configuration_and_sensible_values() -> None:
    tables = shipped_tables()
    for config, seats in (("2", 2), ("3", 3), ("4", 4), ("4-partners", 4), ("5", 5)):
        for offset in range(seats):
            values = [tables.tables[config][offset][k] for k in keys(config, offset)]
            assert all(0 < v < 29 for v in values)
    # The five-handed dealer throws nothing: their table is one crib under every key, and the
    # four cards of the others make a crib like the four-player one's.
    assert len(set(tables.tables["5"][0])) == 1
    assert tables.tables["5"][0][0] == pytest.approx(sum(tables.tables["4"][0]) / 13, abs=1.0)
    five_five = throw_key(parse_cards("5H 5D"))
    dealer = tables.tables["2"][0]
    # Two fives are the richest throw: every ten-card and the other fives make fifteens with them.
    assert max(keys("2", 0), key=dealer.__getitem__) == five_five


def test_tables_reject_bad_data() -> None:
    with pytest.raises(CribTableError, match="'tables'"):
        CribTables.from_json({})
    with pytest.raises(CribTableError, match="338 entries"):
        CribTables.from_json({"tables": {"2": [[0.0] * 13]}})


def test_rebuild_runs_and_gives_complete_tables() -> None:
    tables = build(samples=1, rounds=1, seed=3)
    assert set(tables.tables) == {"2", "3", "4", "4-partners", "5"}
    assert tables.meta["round"] == 1
    assert all(tables.tables["2"][0][k] > 0 for k in keys("2", 0))


def test_a_rebuild_of_some_configurations_keeps_the_others_shipped(tmp_path: Path) -> None:
    out = tmp_path / "tables.json"
    out.write_text(json.dumps(shipped_tables().to_json()), encoding="utf-8")
    assert crib_main(["--samples", "1", "--rounds", "0", "--only", "5", "--out", str(out)]) == 0
    rebuilt = CribTables.from_json(json.loads(out.read_text(encoding="utf-8")))
    for config in ("2", "3", "4", "4-partners"):
        assert rebuilt.tables[config] == shipped_tables().tables[config]
        assert rebuilt.throw_frequencies(config, 1) == shipped_tables().throw_frequencies(config, 1)
    assert rebuilt.tables["5"] != shipped_tables().tables["5"]  # one sample a key: not the shipped
    assert rebuilt.meta["rebuilt"]["5"] == {"samples": 1, "rounds": 0, "seed": 2026}

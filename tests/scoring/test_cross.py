"""Cross Cribbage's lines (docs/rules/cross.md) against a plain count written from the rules: every
subset for fifteens and runs, every two cards for pairs, suits counted for the flush of four or five,
nobs only in a line holding the cut card."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins.cards import JACK, STANDARD_CARDS, Card, parse_card, parse_cards
from muggins.scoring.cross.grid import (
    CELLS,
    CENTRE,
    NEIGHBOURS,
    GridError,
    cell_index,
    cell_name,
    count_lines,
    heels,
    score_line,
)


def plain_line(cards: Sequence[Card], cut: Card, *, table_top: bool = False) -> int:
    """A line of cards counted by the rules' words, with nothing shared with the scorer (Table Top
    Cribbage: a flush only of five, no nobs)."""
    values = [min(card.rank, 10) for card in cards]
    points = 0
    for size in range(2, len(cards) + 1):
        points += 2 * sum(1 for combo in itertools.combinations(values, size) if sum(combo) == 15)
    points += 2 * sum(1 for a, b in itertools.combinations(cards, 2) if a.rank == b.rank)
    for size in range(len(cards), 2, -1):  # the longest runs only: five cards hold one length of run
        found = [
            combo
            for combo in itertools.combinations(cards, size)
            if sorted(c.rank for c in combo)
            == list(range(min(c.rank for c in combo), min(c.rank for c in combo) + size))
        ]
        if found:
            points += size * len(found)
            break
    most = max(Counter(card.suit for card in cards).values(), default=0)
    points += most if most >= (5 if table_top else 4) else 0
    if cut in cards and not table_top:
        points += sum(1 for card in cards if card.rank == JACK and card.suit == cut.suit and card != cut)
    return points


lines = st.lists(st.sampled_from(STANDARD_CARDS), min_size=0, max_size=5, unique=True)


@given(lines, st.sampled_from(STANDARD_CARDS), st.booleans(), st.booleans())
def test_a_line_counts_as_the_rules_say(
    cards: list[Card], other: Card, cut_in_line: bool, table_top: bool
) -> None:
    cut = cards[0] if cut_in_line and cards else other
    assert score_line(cards, cut, table_top=table_top).total == plain_line(cards, cut, table_top=table_top)


def test_twenty_nine_in_the_cut_cards_line() -> None:
    line = parse_cards("5H 5D 5S JC 5C")
    assert score_line(line, parse_card("5C")).total == 29
    assert score_line(line, parse_card("KC")).total == 28  # the cut card elsewhere: no nobs


@pytest.mark.parametrize(
    ("line", "flush"),
    [("2H 4H 6H 8H QH", 5), ("2H 4H 6H 8H QS", 4), ("2S 4H 6H 8H QH", 4), ("2S 4H 6H 8D QH", 0)],
)
def test_four_or_five_of_a_suit_in_any_cells_make_a_flush(line: str, flush: int) -> None:
    score = score_line(parse_cards(line), parse_card("AC"))
    assert sum(item.points for item in score.items if item.kind == "flush") == flush


def test_table_top_counts_a_flush_only_of_five_and_no_nobs() -> None:
    cut = parse_card("5H")
    assert score_line(parse_cards("2H 4H 6H 8H QS"), cut, table_top=True).total == 0
    assert score_line(parse_cards("2H 4H 6H 8H QH"), cut, table_top=True).total == 5
    assert score_line(parse_cards("JH 9S 7C 5H AD"), cut, table_top=True).total == 4  # J 5, 9 5 A; no nobs


def test_neighbours_are_the_cells_a_king_could_step_to() -> None:
    assert sorted(NEIGHBOURS[0]) == [1, 5, 6] and len(NEIGHBOURS[CENTRE]) == 8 and len(NEIGHBOURS[2]) == 5


def test_a_line_gains_as_it_fills() -> None:
    cut = parse_card("9C")
    for cards in itertools.islice(itertools.combinations(STANDARD_CARDS[::3], 5), 400):
        for size in range(5):
            assert score_line(cards[:size], cut).total <= score_line(cards[: size + 1], cut).total


def test_heels_is_two_for_a_jack_cut() -> None:
    assert heels(parse_card("JD")).total == 2
    assert heels(parse_card("QD")).total == 0


def test_cells_are_named_column_then_row() -> None:
    assert [cell_name(i) for i in (0, 4, CENTRE, 20, 24)] == ["a1", "e1", "c3", "a5", "e5"]
    assert all(cell_index(cell_name(i)) == i for i in range(CELLS))
    for bad in ("f1", "a6", "a0", "c", "c33", ""):
        assert cell_index(bad) is None


def test_each_side_counts_its_own_lines_of_a_full_grid() -> None:
    grid = list(STANDARD_CARDS[:CELLS])
    rows, columns = count_lines(grid, 0), count_lines(grid, 1)
    assert [line.name for line in rows] == [f"row {r}" for r in range(1, 6)]
    assert [line.name for line in columns] == [f"column {c}" for c in "abcde"]
    assert rows[2].cards == tuple(grid[10:15]) and columns[0].cards == tuple(grid[0:25:5])
    cut = grid[CENTRE]
    assert all(line.score.total == plain_line(line.cards, cut) for line in (*rows, *columns))


def test_a_grid_that_is_not_one_is_refused() -> None:
    with pytest.raises(GridError, match="25 cards"):
        count_lines(list(STANDARD_CARDS[:24]), 0)
    with pytest.raises(GridError, match="twice"):
        count_lines([*STANDARD_CARDS[:24], STANDARD_CARDS[0]], 1)

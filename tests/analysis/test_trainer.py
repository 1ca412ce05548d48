"""Trainer puzzles: made from their seed alone, graded against every split or every scoring item."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muggins.analysis.cribbage.trainer import count_puzzle, discard_puzzle
from muggins.analysis.trainers import SEEDS, PuzzleError, daily_seed, drills, position_games

seeds = st.integers(min_value=0, max_value=SEEDS - 1)


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_a_discard_puzzle_ranks_every_throw_by_the_splits_better_than_it(seed: int) -> None:
    puzzle = discard_puzzle(seed)
    assert puzzle == discard_puzzle(seed) and len(set(puzzle.cards)) == 6
    splits = puzzle.splits()
    assert len(splits) == 15
    ranks = []
    for split in splits:
        table, rank, loss = puzzle.grade(split.thrown)
        assert [s.net for s in table] == [s.net for s in splits]
        assert loss == pytest.approx(splits[0].net - split.net)
        assert rank == 1 + sum(s.net > split.net + 1e-9 for s in splits)
        ranks.append(rank)
    assert ranks[0] == 1 and ranks == sorted(ranks)


def test_a_throw_must_be_two_dealt_cards() -> None:
    puzzle = discard_puzzle(7)
    stranger = next(c for c in discard_puzzle(8).cards if c not in puzzle.cards)
    with pytest.raises(PuzzleError, match=f"{stranger} not dealt"):
        puzzle.grade((puzzle.cards[0], stranger))
    with pytest.raises(PuzzleError, match="two different cards"):
        puzzle.grade((puzzle.cards[0], puzzle.cards[0]))
    with pytest.raises(PuzzleError, match="seed"):
        discard_puzzle(-1)


@settings(max_examples=50, deadline=None)
@given(seeds)
def test_a_count_puzzle_is_four_cards_and_a_starter_and_its_items_make_the_total(seed: int) -> None:
    puzzle = count_puzzle(seed)
    assert len({*puzzle.hand, puzzle.starter}) == 5
    score = puzzle.score()
    assert score.total == sum(item.points for item in score.items)


def test_the_daily_seed_is_the_date() -> None:
    assert daily_seed(datetime.date(2026, 11, 22)) == 20261122
    assert discard_puzzle(daily_seed(datetime.date(2026, 11, 22))) == discard_puzzle(20261122)


def test_every_drill_of_the_registry_makes_the_same_puzzle_of_a_seed() -> None:
    found = drills()
    assert {"discard", "count"} <= set(found)
    for name, (_game, drill) in found.items():
        shown = drill.puzzle(7)
        assert isinstance(shown, drill.shown) and shown == drill.puzzle(7), name
        assert shown != drill.puzzle(8), name
        assert set(drill.graded.model_fields) > set(drill.shown.model_fields), f"{name}: a grade adds nothing"
        with pytest.raises(PuzzleError):
            drill.puzzle(SEEDS)


def test_the_pegging_drill_draws_only_on_games_whose_plays_it_can_show() -> None:
    """A Cribist play is reviewed as a "play" too, but its view has no count or pile to show."""
    assert position_games("pegging") == {"cribbage"}
    assert position_games("no such drill") == set()

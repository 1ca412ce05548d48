"""Cribbage Squares (docs/rules/squares.md): placing, the show of every row and column with the
starter, his heels once, the result alone and in a race, what each seat may see, and the protocol's
conformance suite at every seat count."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muggins import load_game, new_game
from muggins.cards import STANDARD_CARDS, Card, parse_card, parse_cards
from muggins.games.base import Game
from muggins.games.errors import IllegalMoveError, MoveSyntaxError, NotYourTurnError, OptionError
from muggins.games.events import Scored
from muggins.games.squares.events import LaidOut, Placed
from muggins.scoring.show import itemise_show
from muggins.scoring.squares.grid import (
    LINES,
    GridError,
    cell_index,
    cell_name,
    grid_points,
    score_grid,
    so_far,
)
from tests.games.conformance import check_random_game

GRID = "5H 5D 5S JC  AH 2H 3H 4H  KD QD 9D 8D  7S 7C 6S 6C"
"""Sixteen cards, row by row; with the starter 5C they score 88 (counted by hand in the doctest of
muggins.scoring.squares.grid: rows 29, 11, 8, 16 and columns 6, 6, 4, 8)."""
CELLS = [cell_name(i) for i in range(16)]


def fill(game_seats: int, deck: str, starter: str, **options: Any) -> Game:
    """A game whose every seat places the cards on the cells in order: a1, b1, ... d4."""
    game = new_game("squares", players=game_seats, deck=[*deck.split(), starter], **options)
    for cell in CELLS:
        for seat in range(game_seats):
            game.apply(seat, f"place {cell}")
    return game


def test_cells_are_named_by_column_and_row() -> None:
    assert CELLS[:5] == ["a1", "b1", "c1", "d1", "a2"] and CELLS[-1] == "d4"
    assert [cell_index(name) for name in CELLS] == list(range(16))
    assert cell_index("B3") == 9
    for bad in ("e1", "a5", "a0", "a", "a12", "11", ""):
        assert cell_index(bad) is None


def test_lines_are_the_four_rows_and_four_columns() -> None:
    cells = [set(cells) for _, cells in LINES]
    assert len(cells) == 8 and all(len(line) == 4 for line in cells)
    for index in range(16):  # each cell lies in exactly one row and one column
        assert sum(index in line for line in cells) == 2


def test_a_grid_scores_its_lines_and_the_game_says_so() -> None:
    game = fill(1, GRID, "5C")
    assert game.result is not None
    assert game.scores == (88,) and game.result.scores == (88,)
    assert game.result.reason == "player 0 scored 88, 61 or more: a win"
    shown = game.view(0)["lines"][0]
    assert [line["name"] for line in shown] == [
        *(f"row {n}" for n in "1234"),
        *(f"column {c}" for c in "abcd"),
    ]
    assert [line["score"]["total"] for line in shown] == [29, 11, 8, 16, 6, 6, 4, 8]


def test_a_short_grid_is_no_win_and_a_target_can_be_set() -> None:
    game = fill(1, GRID, "5C", target=100)
    assert game.result is not None and game.result.termination == "deals"
    assert game.result.reason == "player 0 scored 88, short of 100"
    assert game.result.ranks == (2,) and game.result.winners == ()
    won = fill(1, GRID, "5C").result
    assert won is not None and won.ranks == (1,)


def test_his_heels_counts_once_for_the_grid() -> None:
    # the same grid with the starter JD: two points for his heels, once, and no line counts it
    game = fill(1, GRID, "JD")
    lines = score_grid(parse_cards(GRID), parse_card("JD"))
    assert game.scores == (sum(line.score.total for line in lines) + 2,)
    heels = [e for e in game.events if isinstance(e, Scored) and e.reason == "his heels"]
    assert len(heels) == 1 and heels[0].points == 2


def test_a_jack_of_the_starters_suit_has_nobs_in_its_row_and_its_column() -> None:
    lines = score_grid(parse_cards(GRID), parse_card("9C"))  # JC lies on d1: row 1 and column d
    with_nobs = [line.name for line in lines if any(item.kind == "nobs" for item in line.score.items)]
    assert with_nobs == ["row 1", "column d"]


def test_a_timed_out_seat_places_on_its_first_empty_cell() -> None:
    game = new_game("squares", players=1, seed=8)
    assert str(game.auto_move(0)) == "place a1"
    game.apply(0, "place a1")
    game.apply(0, "place b1")
    assert str(game.auto_move(0)) == "place c1"


def test_a_line_of_one_suit_is_a_hand_flush() -> None:
    # row 2 (AH 2H 3H 4H): a four-card flush without the starter, five with a heart starter
    def flush(starter: str) -> list[int]:
        row = next(
            line for line in score_grid(parse_cards(GRID), parse_card(starter)) if line.name == "row 2"
        )
        return [item.points for item in row.score.items if item.kind == "flush"]

    assert flush("9C") == [4] and flush("9H") == [5]


@given(st.permutations(STANDARD_CARDS))
def test_the_grid_total_is_the_itemised_count(cards: list[Card]) -> None:
    grid, starter = cards[:16], cards[16]
    itemised = sum(itemise_show([grid[i] for i in cells], starter).total for _, cells in LINES)
    assert grid_points(grid, starter) == itemised + (2 if starter.rank == 11 else 0)


def test_a_grid_must_be_sixteen_distinct_cards() -> None:
    cards = parse_cards(GRID)
    with pytest.raises(GridError, match="16 cards, not 15"):
        score_grid(cards[:15], parse_card("5C"))
    with pytest.raises(GridError, match="twice"):
        score_grid(cards, parse_card("5H"))


def test_placing_is_checked_and_a_refusal_changes_nothing() -> None:
    game = new_game("squares", players=2, seed=3)
    game.apply(0, "place b3")
    before = game.record()
    with pytest.raises(NotYourTurnError, match=r"player 0 has placed .*waiting for the others"):
        game.apply(0, "place c3")
    with pytest.raises(MoveSyntaxError, match="a column a-d and a row 1-4"):
        game.apply(1, "place e9")
    with pytest.raises(MoveSyntaxError, match="unknown move 'go': expected one of leave, place, resign"):
        game.apply(1, "go")  # a cribbage verb, loaded or not
    assert game.record() == before
    game.apply(1, "place b3")
    with pytest.raises(IllegalMoveError, match="b3 already holds"):
        game.apply(0, "place b3")
    assert len(game.legal_moves(0)) == 15


def test_bad_options_and_decks_are_refused() -> None:
    with pytest.raises(OptionError, match="1-4 players, not 5"):
        new_game("squares", players=5)
    with pytest.raises(OptionError, match="target"):
        new_game("squares", players=1, target=0)
    with pytest.raises(OptionError, match="deck 1 has 3 cards; this deal needs 17"):
        new_game("squares", players=1, deck=["AH", "2H", "3H"])


def test_in_a_race_a_seat_sees_where_the_others_placed_only_once_all_have() -> None:
    game = new_game("squares", players=3, seed=5)
    card = game.view(0)["card"]
    game.apply(0, "place a1")
    placed = game.events[-1]
    assert isinstance(placed, Placed)
    cells = [seen.cell for viewer in (0, 1, None) if isinstance(seen := placed.for_viewer(viewer), Placed)]
    assert cells == ["a1", None, None]
    assert game.view(1)["grids"][0] == [None] * 16 and game.view(1)["pending"] is None
    assert game.view(0)["pending"] == "a1" and game.view(1)["placed"] == [True, False, False]
    game.apply(1, "place d4")
    game.apply(2, "place a1")
    laid = [e for e in game.events if isinstance(e, LaidOut)][-1]
    assert laid.cells == ("a1", "d4", "a1") and str(laid.card) == card
    assert game.view(None)["grids"][1][15] == card
    assert game.view(0)["turned"] == 2


def test_the_race_ranks_by_score_and_ties_share() -> None:
    game = new_game("squares", players=2, deck=[*GRID.split(), "5C"])
    for cell in CELLS:
        game.apply(0, f"place {cell}")
        game.apply(1, f"place {cell}")
    assert game.result is not None and game.result.ranks == (1, 1)
    assert game.result.reason == "player 0 & player 1 scored most, 88"


def test_leaving_a_race_lets_the_others_play_on_and_the_last_wins() -> None:
    game = new_game("squares", players=3, seed=9)
    game.apply(0, "place a1")
    game.apply(1, "leave")
    game.apply(2, "place a1")  # the card is laid out without the seat that left
    assert game.view(0)["turned"] == 2 and game.to_move == frozenset({0, 2})
    game.apply(2, "resign")
    assert game.result is not None and game.result.termination == "left"
    assert game.result.ranks[0] == 1 and game.result.reason == "player 2 resigned"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance(players: int) -> None:
    game = check_random_game(lambda seed: new_game("squares", players=players, seed=seed), players)
    assert len(game.moves) == 16 * players


def test_conformance_with_leavers() -> None:
    for seed in range(6):
        check_random_game(lambda s: new_game("squares", players=4, seed=s), seed, leave_rate=0.05)


def test_a_record_replays() -> None:
    game = fill(2, GRID, "JS")
    assert load_game(game.record()).result == game.result


@given(st.permutations(STANDARD_CARDS), st.integers(0, 4))
def test_a_lines_points_so_far_only_grow_to_its_show(order: list[Card], placed: int) -> None:
    """The running total while placing: what the first cards of a line make (fifteens, pairs,
    runs, a four-card flush) never falls as cards are added, nor when the starter is turned."""
    line, starter = order[:4], order[4]
    assert so_far(line[:placed]) <= so_far(line[: placed + 1]) if placed < 4 else True
    assert so_far(line[:placed]) <= so_far(line) <= itemise_show(line, starter).total


def test_each_view_tells_every_lines_points_so_far() -> None:
    game = new_game("squares", players=2, seed=5)
    for _ in range(6):
        for seat in sorted(game.to_move):
            game.apply(seat, game.legal_moves(seat)[0])
    for seat in range(2):
        grid = game.view(seat)["grids"][seat]
        expected = {
            name: so_far([parse_card(c) for i in cells if (c := grid[i]) is not None])
            for name, cells in LINES
        }
        assert game.view(seat)["so_far"][seat] == expected == game.view(None)["so_far"][seat]

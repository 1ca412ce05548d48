"""``muggins score`` for every game through its own ``score`` part in ``muggins.cli.games``: a Cribbage
Squares grid as the rules count it, the flags each game reads, and the others refused."""

from __future__ import annotations

import json

import pytest

from muggins.cards import parse_card, parse_cards
from muggins.cli.main import main
from muggins.cli.score import scorers
from muggins.games.registry import game_names
from muggins.scoring.squares.grid import grid_points, score_grid

GRID = ["5H", "5D", "5S", "JC", "AH", "2H", "3H", "4H", "KD", "QD", "9D", "8D", "7S", "7C", "6S", "6C"]


def scored(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["score", *argv, "--json"]) == 0
    found: dict[str, object] = json.loads(capsys.readouterr().out)
    return found


def test_every_registered_game_is_scored() -> None:
    assert set(scorers()) == set(game_names())


def test_a_squares_grid_scores_each_line_as_the_rules_do(capsys: pytest.CaptureFixture[str]) -> None:
    found = scored(capsys, "--game", "squares", *GRID, "--starter", "5C")
    cards, starter = parse_cards(GRID), parse_card("5C")
    assert found["total"] == grid_points(cards, starter) == 88
    lines = score_grid(cards, starter)
    assert found["parts"] == [{"name": line.name, **line.score.to_dict()} for line in lines]


def test_a_jack_turned_adds_his_heels_once(capsys: pytest.CaptureFixture[str]) -> None:
    grid = [card if card != "JC" else "2C" for card in GRID]
    found = scored(capsys, "--game", "squares", *grid, "--starter", "JC")
    parts = found["parts"]
    assert isinstance(parts, list) and parts[-1] == {
        "name": "his heels",
        "total": 2,
        "items": [{"kind": "his heels", "cards": ["JC"], "points": 2}],
    }
    assert found["total"] == grid_points(parse_cards(grid), parse_card("JC"))


def test_the_grid_is_printed_line_by_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--game", "squares", *GRID, "--starter", "5C"]) == 0
    out = capsys.readouterr().out
    assert "Grid 5H 5D 5S JC / AH 2H 3H 4H / KD QD 9D 8D / 7S 7C 6S 6C starter 5C" in out
    assert "29  row 1" in out and "88  total" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([*GRID, "--starter", "5C", "--crib"], "--crib does not apply to squares scoring"),
        ([*GRID, "--starter", "5C", "--trump", "H"], "--trump does not apply to squares scoring"),
        ([*GRID[:15], "--starter", "5C"], "a grid has 16 cards, not 15 (give the grid row by row"),
        ([*GRID[:15], "5H", "--starter", "5C"], "card 5H appears twice; each card must be distinct"),
        ([*GRID, "--starter", "5H"], "a card appears twice among the grid and the starter (give the grid"),
        ([*GRID], "a squares grid needs --starter"),
    ],
)
def test_a_squares_grid_that_cannot_be_scored_is_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", "--game", "squares", *argv]) == 2
    assert capsys.readouterr().err.startswith(f"muggins score: error: {message}")


def test_a_shared_flag_names_every_game_that_reads_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--starter STARTER cribbage, squares: the starter (turn-up) card" in text
    assert "--trump TRUMP cribist: the trump suit" in text


def test_a_hand_of_five_for_seven_card_cribbage_is_scored(capsys: pytest.CaptureFixture[str]) -> None:
    assert scored(capsys, "4H", "4D", "5S", "5C", "6H", "--starter", "6D")["total"] == 46


def test_wild_jokers_are_called_as_the_cards_that_make_the_most(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "5H", "5D", "5S", "JKR", "--starter", "5C", "--wild"]) == 0
    out = capsys.readouterr().out
    assert "(JKR called 5C)" in out and "40  total" in out
    assert scored(capsys, "5H", "JKB", "5S", "JKR", "--starter", "5C", "--wild")["total"] == 40


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["5H", "5D", "5S", "JKR", "--starter", "5C"], "--wild counts each as the card that makes the most"),
        (["--pegging", "5H", "5D", "--wild"], "--wild"),
        (["--game", "skalborg", "5H", "5D", "5S", "JKR", "--wild"], "--wild does not apply to skalborg"),
    ],
)
def test_jokers_without_wild_and_wild_where_it_means_nothing_are_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert main(["score", *argv]) == 2
    assert said in capsys.readouterr().err

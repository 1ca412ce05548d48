"""Cribbage Squares in the terminal: ``muggins play --game squares`` alone and in a race against
the bot, the grid drawn with its cells named, and every line's points once the starter is turned."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from muggins import new_game
from muggins.cli.games.squares.table import render
from muggins.cli.main import main
from tests.cli.prompts import Noted, first_choice


def drawn(view: dict[str, object]) -> str:
    out = io.StringIO()
    render(view, Console(file=out, width=100))
    return out.getvalue()


def test_alone_the_grid_fills_from_the_top_left_and_is_scored(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = Noted()
    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", "--game", "squares", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert len(answer.prompts) == 16 and answer.prompts[0].startswith("your move (place a1")
    assert "Card 1 of 16:" in out and "The starter is" in out
    # the end says "you" as every other line does (issue 58: "player 0 scored 46")
    assert re.search(r"Game over: (you win \()?you scored \d+, (short of 61|61 or more: a win)", out), out[
        -300:
    ]
    assert "player 0" not in out


def test_a_bare_cell_places_the_card_there(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cells = iter([f"{c}{r}" for r in "1234" for c in "dcba"])  # bare cells, from the top right
    monkeypatch.setattr("builtins.input", lambda prompt: next(cells))
    assert main(["play", "--game", "squares", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "unknown move" not in out and "refused" not in out.lower()
    assert re.search(r"you place \S+ on d1", out), out[:2000]


def test_a_race_against_the_bot_ends_with_the_higher_grid(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", first_choice)
    assert main(["play", "--game", "squares", "--players", "2", "--bots", "expected", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Game over: .*scored most, \d+", out)
    assert re.search(r"player 1 on [a-d][1-4]", out)  # where the bot put each card, once both had


def test_the_grid_names_its_empty_cells_and_hides_a_placing_until_all_have_placed() -> None:
    game = new_game("squares", players=2, seed=2)
    card = game.view(0)["card"]
    game.apply(1, "place c2")
    mine = drawn(game.view(0))
    assert "card 1 of 16" in mine and mine.count("c2") == 2  # player 1's c2 still shows as empty
    game.apply(0, "place a1")
    after = drawn(game.view(0))
    assert card and after.count("c2") == 1 and after.count("a1") == 1  # both laid out


def test_the_end_shows_every_line_and_column_score() -> None:
    game = new_game("squares", players=1, seed=2)
    while not game.is_over:
        game.apply(0, game.legal_moves(0)[0])
    text = drawn(game.view(0))
    assert "every card turned" in text and "Starter:" in text
    lines = game.view(0)["lines"][0]
    assert f"you: {game.scores[0]}" in text
    assert all(str(line["score"]["total"]) in text for line in lines)

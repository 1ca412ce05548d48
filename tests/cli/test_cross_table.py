"""Cross Cribbage in the terminal: ``muggins play --game cross`` against the bot to the end, the
grid drawn with its cells named and its lines' points, your turned card yours alone, the count of
each side after a deal, and ``muggins score --game cross`` for a line."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

from muggins import new_game
from muggins.cli.games.cross.table import render
from muggins.cli.main import main
from tests.cli.prompts import Noted, first_choice


def drawn(view: dict[str, object]) -> str:
    out = io.StringIO()
    render(view, Console(file=out, width=110))
    return out.getvalue()


def test_a_game_against_the_bot_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    answer = Noted()
    monkeypatch.setattr("builtins.input", answer)
    monkeypatch.chdir(str(tmp_path))
    argv = ["play", "--game", "cross", "--bots", "greedy", "--seed", "3", "--option", "target=11"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert answer.prompts[0].startswith("your move (lay ")
    assert "lay it on a cell, or 'throw' it to the crib" in out  # the prompt lists only the first moves
    assert "side counts" in out and "reached 11" in out


def test_the_table_shows_your_card_to_you_alone_and_the_count_after_the_deal() -> None:
    game = new_game("cross", players=2, seed=8)
    card = game.view(1)["card"]
    assert card is not None
    mine, theirs = drawn(game.view(1)), drawn(game.view(0))
    assert "Your card:" in mine and "Your card:" not in theirs and "Player 1 to lay a card" in theirs
    assert "c3" not in mine and mine.count("a1") == 1  # the cut card's cell holds it; a1 is empty
    rng = random.Random(8)
    while game.view(None)["phase"] == "lay":
        seat = min(game.to_move)
        game.apply(seat, rng.choice(game.legal_moves(seat)))
    text = drawn(game.view(0))
    assert "The crib:" in text
    for side in game.view(0)["count"]:
        total = sum(line["score"]["total"] for line in side)
        assert f": {total}" in text


def test_muggins_score_counts_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--game", "cross", "5H", "5D", "5S", "JC", "5C", "--starter", "5C", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 29
    assert main(["score", "--game", "cross", "5H", "5D", "5S", "JC", "--starter", "5C"]) == 2
    assert "5 different cards" in capsys.readouterr().err


def test_three_players_play_in_the_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setattr("builtins.input", first_choice)
    monkeypatch.chdir(str(tmp_path))
    argv = [
        "play",
        "--game",
        "cross",
        "--players",
        "3",
        "--bots",
        "greedy",
        "--seed",
        "2",
        "--option",
        "target=11",
    ]
    assert main(argv) == 0

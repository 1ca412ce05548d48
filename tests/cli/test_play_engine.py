"""``muggins play --engine`` (docs/engines.md): a person plays an engine in the terminal; an engine
that fails leaves the game saying why, and the game is saved as any other; one that cannot start
is refused with the reason."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from muggins.cli.main import main
from muggins.games.registry import load_game
from tests.cli.prompts import first_choice

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "first_legal.py"


def test_a_person_plays_an_engine_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr("builtins.input", first_choice)
    saved = tmp_path / "game.json"
    engine = f"first={shlex.join([sys.executable, str(EXAMPLE)])}"
    assert main(["play", "--engine", engine, "--bots", "first", "--seed", "5", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out and "failed" not in out
    game = load_game(json.loads(saved.read_text()))
    assert game.is_over and not game.left  # played to its end, nobody left


def test_an_engine_that_fails_leaves_and_the_game_is_saved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr("builtins.input", first_choice)
    saved = tmp_path / "game.json"
    crashing = "import sys\nprint('hello 1 bad', flush=True)\n" + "sys.stdin.readline()\n" * 2 + "sys.exit(4)"
    engine = f"bad={shlex.join([sys.executable, '-c', crashing])}"
    assert main(["play", "--engine", engine, "--bots", "bad", "--seed", "5", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "the engine in seat 1 failed: exited with code 4" in out and "player 1 left the table" in out
    game = load_game(json.loads(saved.read_text()))
    assert game.is_over and game.left == [1]


def test_an_engine_that_cannot_start_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = [
        "play",
        "--engine",
        "gone=/nonexistent/engine",
        "--bots",
        "gone",
        "--save",
        str(tmp_path / "g.json"),
    ]
    assert main(argv) == 2
    assert "an engine could not play: engine '/nonexistent/engine' could not start" in capsys.readouterr().err

"""The example engines (examples/first_legal.py and examples/first_legal.c, docs/engines.md) play
every game through ``muggins simulate --engine``, with no failure: the C one built here with the
machine's C compiler."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from muggins.cli.main import main
from muggins.games.registry import game_class, game_names
from tests.services import need_service

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def c_engine(tmp_path_factory: pytest.TempPathFactory) -> str:
    compiler = shutil.which("cc")
    if compiler is None:
        need_service("no C compiler (cc) to build examples/first_legal.c")
        raise AssertionError  # need_service skips or fails
    built = tmp_path_factory.mktemp("engine") / "first_legal"
    subprocess.run(
        [compiler, "-O2", "-Wall", "-Werror", "-o", str(built), str(EXAMPLES / "first_legal.c")], check=True
    )
    return str(built)


def played(capsys: pytest.CaptureFixture[str], game: str, command: str) -> dict[str, object]:
    players = max(2, game_class(game).min_players)
    argv = ["simulate", "--game", game, "--players", str(players), "--games", "3", "--json"]
    assert main([*argv, "--engine", f"first={command}", "--bots", "first,random"]) == 0
    summary: dict[str, object] = json.loads(capsys.readouterr().out)
    return summary


@pytest.mark.parametrize("game", game_names())
def test_the_c_engine_plays_every_game(game: str, c_engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    summary = played(capsys, game, c_engine)
    assert summary["games"] == 3 and summary["engine_failures"] == {"count": 0, "first": []}


@pytest.mark.parametrize("game", game_names())
def test_the_python_engine_plays_every_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    summary = played(capsys, game, shlex.join([sys.executable, str(EXAMPLES / "first_legal.py")]))
    assert summary["games"] == 3 and summary["engine_failures"] == {"count": 0, "first": []}

"""``muggins simulate --engine`` (docs/engines.md): engines play the built-in bots; an engine that
fails (it crashes, or answers a move the rules refuse) leaves its game with the reason on standard
error and in the summary, and the run goes on to its last game, the engine started again."""

from __future__ import annotations

import json
import shlex
import sys

import pytest

from muggins.cli.main import main


def engine(answer: str) -> str:
    """The command of a Python engine that greets, then for each turn does ``answer``."""
    code = (
        "import sys\n"
        "for line in sys.stdin:\n"
        "    if line.startswith('hello'): print('hello 1 test', flush=True)\n"
        f"    elif line.startswith('turn'): {answer}\n"
    )
    return shlex.join([sys.executable, "-c", code])


FIRST_LEGAL = "import json; print('move', json.loads(line[5:])['view']['legal_moves'][0], flush=True)"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[dict[str, object], str]:
    assert main(["simulate", *argv, "--json"]) == 0
    out, err = capsys.readouterr()
    summary: dict[str, object] = json.loads(out)
    return summary, err


@pytest.mark.parametrize("game", ["cribbage", "skalborg", "squares"])
def test_an_engine_plays_every_game_it_is_given(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    summary, err = run(
        capsys,
        "--game",
        game,
        "--engine",
        f"first={engine(FIRST_LEGAL)}",
        "--bots",
        "first,random",
        "--games",
        "6",
    )
    assert summary["games"] == 6 and summary["engine_failures"] == {"count": 0, "first": []} and not err
    by_bot = summary["by_bot"]
    assert isinstance(by_bot, dict) and set(by_bot) == {"first", "random"}


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("sys.exit(5)", "exited with code 5"),
        ("print('move go', flush=True)", "'go' is not a move in the discard phase"),
    ],
)
def test_a_failing_engine_leaves_each_game_and_the_run_goes_on(
    answer: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    summary, err = run(
        capsys,
        "--engine",
        f"bad={engine(answer)}",
        "--bots",
        "bad,greedy",
        "--games",
        "4",
        "--engine-seconds",
        "2",
    )
    failures = summary["engine_failures"]
    assert isinstance(failures, dict) and failures["count"] == 4  # one a game: its seat left each
    assert all(reason in line for line in failures["first"])
    assert err.count("muggins: engine bad, game ") == 4
    by_bot = summary["by_bot"]
    assert isinstance(by_bot, dict) and by_bot["greedy"]["win_rate"]["mean"] == 1.0


def test_engine_names_and_commands_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--engine", "greedy=./x", "--games", "1"]) == 2
    assert "--engine greedy: the name is taken (a bot)" in capsys.readouterr().err
    assert main(["simulate", "--engine", "nothing", "--games", "1"]) == 2
    assert "NAME=COMMAND" in capsys.readouterr().err
    assert main(["simulate", "--engine", "a=x", "--engine", "a=y", "--games", "1"]) == 2
    assert "given twice" in capsys.readouterr().err

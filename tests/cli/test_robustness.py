"""Bad invocations of the command line: each exits with status 2 and one line naming the problem,
never a traceback, and nothing is lost (a game being played is saved somewhere)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from muggins.bots.registry import bot_names
from muggins.cli.main import BROKEN_PIPE, main
from muggins.games.registry import new_game

HAND = ["5H", "5D", "JC", "QS", "2D", "9C"]
SHOW = ["5H", "5D", "5S", "JC", "--starter", "5C"]
TRICK = ["--game", "cribist", "5C", "5D", "4H", "6S"]


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """A short finished two-player game's record."""
    game = new_game("cribbage", players=2, seed=4, target=15)
    while not game.is_over:
        seat = min(game.to_move)
        game.apply(seat, game.legal_moves(seat)[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()))
    return path


def _without(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``modules`` unimportable, as on a plain install without the extra that brings them."""
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)


BAD = [
    # (arguments, words the one-line message must hold)
    (["analyze", *HAND[:5], "--dealer", "--players", "9"], "cribbage is for 2-5 players, not 9"),
    (["analyze", *HAND[:5], "--game", "skalborg", "--dealer"], "--dealer does not apply to skalborg"),
    (["analyze", *HAND[:5], "--game", "skalborg", "--players", "7"], "skalborg is for 2-4 players, not 7"),
    (["analyze", *HAND, "--pone", "--partnerships"], "partnerships need four players"),
    (["analyze", *HAND, "--dealer", "--top", "0"], "--top must be at least 1"),
    (["serve", "--port", "99999"], "a port is 1-65535, not 99999"),
    (["serve", "--port", "eighty"], "expected a whole number, not 'eighty'"),
    (["serve", "--db", "notaurl"], "cannot read the database URL 'notaurl'"),
    (["serve", "--db", "mysql://u@h/db"], "the store speaks SQLite and PostgreSQL, not 'mysql'"),
    (["serve", "--db", "sqlite:////nonexistent/folder/m.db"], "cannot open the database"),
    (["serve", "--redis", "redis://127.0.0.1:1/0"], "cannot reach Redis at redis://127.0.0.1:1/0"),
    (["serve", "--redis", "notaurl"], "cannot read the Redis URL"),
    (["serve", "--grace", "-5"], "expected a number from 1 to 3600, not -5"),
    (["play", "--players", "0"], "cribbage is for 2-5 players, not 0"),
    (["play", "--target", "0"], "target: Input should be greater than or equal to 1"),
    (["play", "--game", "cribist", "--players", "2"], "cribist is for 4 players, not 2"),
    (["play", "--seat", "5"], "--seat must be 0-1, not 5"),
    (["play", "--bots", "nobody"], "no bot 'nobody' for cribbage"),
    (["play", "--game", "skalborg", "--variant", "five-card"], "--variant is not an option of skalborg"),
    (["play", "--save", "/nonexistent/dir/g.json"], "cannot save to /nonexistent/dir/g.json"),
    (["play", "--option", "counting"], "--option takes KEY=VALUE, not 'counting'"),
    (["score", "7H", "8D", "--go"], "--go does not apply without --pegging"),
    (["score", "7H", "8D", "--pegging", "--starter", "5C"], "--starter does not apply with --pegging"),
    (["score", *SHOW, "--trump", "H"], "--trump does not apply to cribbage"),
    (["score", *SHOW, "--board", "6D"], "--board does not apply to cribbage"),
    (
        ["score", "--game", "skalborg", "5S", "5H", "3S", "JKB", "--board", "6D", "7H", "QH", "JH", "--crib"],
        "--crib does not apply to skalborg",
    ),
    (["score", *TRICK], "cribist scoring needs --trump, one of C D H S"),
    (["score", *TRICK, "--trump", "X"], "--trump is one of C D H S, not 'X'"),
    (["score", "5H", "5D", "5S", "ZZ", "--starter", "5C"], "ZZ"),
    (["simulate", "--players", "9"], "cribbage is for 2-5 players, not 9"),
    (["simulate", "--bots", "nobody"], "no bot nobody for cribbage"),
    (["distribution", "--pone"], "unrecognized arguments: --pone (see 'muggins distribution --help')"),
    (
        ["equity", "--hand", "5S", "5H", "3S", "JKB", "--board", "6D", "7H", "QH", "--thrown", "6D"],
        "--thrown 6D is on the board already",
    ),
    (["simulate", "--game", "cribist", "--players", "3"], "cribist is for 4 players, not 3"),
    (["simulate", "--games", "0"], "--games must be 1 to 1,000,000,000, not 0"),
    (["simulate", "--games", str(10**30)], "--games must be 1 to 1,000,000,000, not 1" + "0" * 30),
    (["simulate", "--option", "variant=twelve-card", "--games", "1"], "bad option: variant"),
    (["equity", "--hand", "5S", "5H", "3S", "4S", "--players", "5"], "2-4 players, not 5"),
]


@pytest.mark.parametrize(("argv", "words"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_invocation_is_one_line_and_status_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        sys.exit(main(argv))
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"muggins {argv[0]}: error: ") and words in lines[0], lines[0]


def test_a_json_array_is_not_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "array.json"
    path.write_text("[1, 2]")
    assert main(["replay", str(path)]) == 2
    assert "holds a JSON list, not a game record" in capsys.readouterr().err


def test_a_record_missing_a_field_says_which(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "noseed.json"
    path.write_text(json.dumps({"version": 1, "game": "cribbage", "players": 2, "moves": []}))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "malformed game record: it has no 'seed'" in err and "KeyError" not in err


def test_replay_refuses_a_seat_the_game_does_not_have(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(record_file), "--seat", "5"]) == 2
    assert "--seat must be 0-1 in this game, not 5" in capsys.readouterr().err


def test_replay_names_the_players_and_calls_nobody_you(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(record_file)]) == 0
    out = capsys.readouterr().out
    assert "player 0" in out and "player 1" in out
    assert "you" not in out.replace("your", "")
    # A finished game's replay shows both hands.
    dealt = [line for line in out.splitlines() if " is dealt " in line]
    assert len(dealt) >= 2


def test_replay_reads_the_servers_finished_game(
    record_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """/api/history/ID answers with the record under "record", beside the steps."""
    served = {"game": {"id": 1}, "record": json.loads(record_file.read_text()), "opening": [], "steps": []}
    path = tmp_path / "history.json"
    path.write_text(json.dumps(served))
    assert main(["replay", str(path)]) == 0
    assert "Game over" in capsys.readouterr().out


def test_plot_without_matplotlib_fails_before_any_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _without(monkeypatch, "matplotlib", "matplotlib.pyplot")
    played: list[int] = []
    monkeypatch.setattr("muggins.analysis.simulate.play", lambda spec, number: played.append(number))
    argv = ["simulate", "--bots", "random", "--games", "5", "--plot", str(tmp_path / "p.png")]
    assert main(argv) == 2
    assert "--plot needs the 'plot' extra: pip install 'muggins[plot]'" in capsys.readouterr().err
    assert played == []


def test_plot_into_a_missing_folder_fails_before_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    argv = ["simulate", "--bots", "random", "--games", "5", "--plot", "/nonexistent/dir/p.png"]
    assert main(argv) == 2
    assert "there is no folder /nonexistent/dir" in capsys.readouterr().err


def test_postgresql_without_the_driver_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _without(monkeypatch, "psycopg")
    assert main(["serve", "--db", "postgresql://postgres@127.0.0.1/muggins"]) == 2
    err = capsys.readouterr().err
    assert "PostgreSQL (--db postgresql://...) needs the 'scale' extra: pip install 'muggins[scale]'" in err


def test_redis_without_the_client_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _without(monkeypatch, "redis")
    assert main(["serve", "--redis", "redis://127.0.0.1:6379/0"]) == 2
    assert "needs the 'scale' extra: pip install 'muggins[scale]'" in capsys.readouterr().err


def test_a_finished_terminal_game_is_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt: "")
    monkeypatch.setattr("muggins.cli.play.human_move", _first_legal_move)
    save = tmp_path / "done.json"
    assert main(["play", "--seed", "3", "--target", "31", "--save", str(save)]) == 0
    from muggins.games.registry import load_game

    assert load_game(json.loads(save.read_text())).is_over
    assert f"game saved to {save}" in capsys.readouterr().out


def _first_legal_move(game, you, out):  # type: ignore[no-untyped-def]
    return game.apply(you, game.legal_moves(you)[0])


def test_ctrl_c_saves_elsewhere_when_the_save_path_has_gone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()

    def interrupt(prompt: str) -> str:
        folder.rmdir()  # the folder disappears while the game is played
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    assert main(["play", "--seed", "3", "--save", str(folder / "g.json")]) == 130
    out = capsys.readouterr().out
    assert "failed" in out
    spare = Path(out.split("game saved to ")[1].split()[0])
    try:
        assert json.loads(spare.read_text())["game"] == "cribbage"
    finally:
        spare.unlink()


def test_a_reader_that_goes_away_gets_no_traceback() -> None:
    """``muggins score ... --json | true``: the reader is gone before the answer is written."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "muggins", "score", "5H", "5D", "5S", "JC", "--starter", "5C", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": ""},
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == BROKEN_PIPE
    assert "Traceback" not in err and err == ""


def test_help_lists_the_bots(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert f"cribbage has {', '.join(bot_names('cribbage'))}" in out
    assert "cribbage has random, beginner, novice, greedy, regular, club, quick, expert" in out  # as rated


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from muggins.build import version

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"muggins {version()} (rules core ") and version() != "unknown"


def test_a_billion_games_start_at_once_and_stream() -> None:
    """The games are made as they are played: the first records come without a job list first."""
    from itertools import islice

    from muggins.analysis.simulate import stream
    from muggins.analysis.spec import Spec

    spec = Spec("cribbage", 2, ("random",), 10**9, seed=1)
    games = stream(spec, chunk=2)
    first = list(islice(games, 3))
    games.close()
    assert [r["bots"] for r in first] == [["random", "random"]] * 3


def _serve(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``muggins serve`` run as a user runs it, in a process of its own (it must fail fast)."""
    return subprocess.run(
        [sys.executable, "-m", "muggins", "serve", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")},
        check=False,
    )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.mark.parametrize(
    ("case", "words"),
    [
        ("corrupt", "cannot open the database sqlite:///corrupt.db: file is not a database"),
        ("foreign", "holds tables that are not muggins's (players, users)"),
        ("port in use", "Address already in use (is another server running there? give --port)"),
        ("bad host", "cannot listen on 999.999.1.1:"),
    ],
)
def test_serve_fails_in_one_line_before_it_announces_anything(tmp_path: Path, case: str, words: str) -> None:
    """A database it cannot use or an address it cannot listen on: exit 2, one line on stderr and
    nothing else, not even where the games would be stored or the address to open."""
    (tmp_path / "corrupt.db").write_bytes(b"this is not a database, whatever its name says" * 20)
    with sqlite3.connect(tmp_path / "foreign.db") as conn:
        conn.execute("CREATE TABLE users (id INTEGER)")
        conn.execute("CREATE TABLE players (id INTEGER)")
    port = _free_port()
    db = {"corrupt": "corrupt.db", "foreign": "foreign.db"}.get(case, "fresh.db")
    args = ["--db", f"sqlite:///{db}", "--port", str(port)]
    if case == "bad host":
        args += ["--host", "999.999.1.1"]
    with socket.create_server(("127.0.0.1", port)) if case == "port in use" else contextlib.nullcontext():
        done = _serve(tmp_path, *args)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("muggins serve: error: "), done.stderr
    assert words in lines[0]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"seed": 10**30}, "malformed game record: seed: Input should be less than"),
        ({"seed": "7"}, "malformed game record: seed: Input should be a valid integer"),
        ({"players": "two"}, "malformed game record: players: Input should be a valid integer"),
        ({"moves": [[0, 5]]}, "malformed game record: moves.0.1: Input should be a valid string"),
        ({"moves": [["0", "go"]]}, "malformed game record: moves.0.0: Input should be a valid integer"),
        ({"options": {"target": "x"}}, "malformed game record: bad option: target: Input should be"),
        ({"deck": 5}, "malformed game record: deck"),
    ],
)
@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_malformed_record_says_what_is_wrong_in_words(
    record_file: Path, capsys: pytest.CaptureFixture[str], command: str, change: dict[str, object], words: str
) -> None:
    """No Python repr (``TypeError('...')``) reaches the user: each malformed field is named."""
    path = record_file.parent / "bad.json"
    path.write_text(json.dumps({**json.loads(record_file.read_text()), **change}))
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Error(" not in err and len(err.splitlines()) == 1, err


def test_replay_and_review_read_standard_input(record_file: Path) -> None:
    for command in ("replay", "review"):
        done = subprocess.run(
            [sys.executable, "-m", "muggins", command, "-"],
            input=record_file.read_text(),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert "Game over" in done.stdout or "accuracy" in done.stdout, done.stdout


def test_an_unusable_data_folder_is_one_line_and_status_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 58: XDG_DATA_HOME naming a regular file made ``muggins serve`` print an 18-line
    traceback (an unwritable folder: 36 lines). It is one line naming the folder, and status 2."""
    plain = tmp_path / "a-file"
    plain.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(plain))
    assert main(["serve", "--port", "1"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    assert f"cannot keep the games in {plain / 'muggins'}" in lines[0] and "--db" in lines[0]

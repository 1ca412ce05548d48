"""Start-up: the command line loads a subcommand's libraries only when that subcommand runs, so that
``muggins --help`` and ``muggins score`` start at once, and ``import muggins`` stays light."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from muggins.bots.registry import BOT_MODULES, bot_names
from muggins.cli.main import main
from muggins.games.registry import game_names

HEAVY = (
    "numpy",
    "pydantic",
    "rich",
    "muggins.games.base",
    "muggins.bots.base",
    "muggins.analysis",
    "muggins.server",
    "muggins.scoring.batch",
    "muggins.games.cribbage.game",
    "muggins.games.cribbage.events",
)
"""Libraries and engines that no subcommand's registration, and no light command, may load."""

_LOADED = """
import json, sys
{setup}
print(json.dumps(sorted(m for m in sys.modules if any(m == h or m.startswith(h + ".") for h in {heavy!r}))))
"""


def loaded_after(setup: str) -> list[str]:
    """The heavy modules loaded in a fresh interpreter after running ``setup``."""
    code = _LOADED.format(setup=setup, heavy=HEAVY)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


def test_import_muggins_is_light() -> None:
    assert loaded_after("import muggins") == []


def test_building_the_parser_loads_no_subcommand_library() -> None:
    assert loaded_after("from muggins.cli.main import build_parser; build_parser()") == []


def test_help_loads_no_engine_library() -> None:
    setup = "from muggins.cli.main import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    assert loaded_after(setup) == []


def test_score_loads_no_engine_library() -> None:
    setup = "from muggins.cli.main import main; main(['score', '5H', '5D', '5S', 'JC', '--starter', '5C'])"
    assert [m for m in loaded_after(setup) if not m.startswith("rich")] == []


def test_bots_help_names_every_bot_of_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for game in BOT_MODULES:
        assert f"{game} {', '.join(bot_names(game))}" in text.replace(f"{game} has", game)


def test_bots_option_is_stored_as_given() -> None:
    from muggins.cli.main import build_parser

    args = build_parser().parse_args(["simulate", "--bots", "greedy,expert"])
    assert args.bots == "greedy,expert"


def test_random_simulation_loads_no_bot() -> None:
    """Random bots alone need none of the games' own bots: listing the names to check ``--bots``
    loads none, and where the quick path's table is in C, nothing loads numpy."""
    from muggins.games.cribbage.quick import in_c

    code = (
        "import json, sys; from muggins.cli.main import main\n"
        "main(['simulate', '--bots', 'random', '--games', '2'])\n"
        "heavy = ('muggins.bots.cribbage.', 'numpy')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(heavy))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    assert [m for m in loaded if m.startswith("muggins.bots.")] == []  # the names only: the package
    if in_c():
        assert loaded == []


@pytest.mark.parametrize("game", game_names())
def test_a_random_simulation_into_a_pipe_loads_no_pydantic_rich_or_engine(game: str) -> None:
    """Issue 62: a random simulation's command is mostly its start. Its games take the options'
    defaults, which need no validator (pydantic); its summary, written to a pipe, is plain text
    (rich); and with no engine seated nothing that runs an engine's process is loaded."""
    command = ["simulate", "--game", game, "--bots", "random", "--games", "2"]
    setup = f"from muggins.cli.main import main; main({command!r})"
    code = _LOADED.format(setup=setup, heavy=("pydantic", "rich", "subprocess", "muggins.bots.engine"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == []
    assert "wins (95% CI)" in done.stdout


@pytest.mark.parametrize(
    "table", [["--game", "cribist"], ["--game", "cribbage", "--players", "3"], ["--game", "skalborg"]]
)
def test_random_games_read_the_shipped_rank_tables_without_numpy(table: list[str]) -> None:
    """Cribist's tricks, the shows of three or four players and Skalborg's showdowns are counted
    from rank tables that ship built and are read without numpy: a random simulation of them loads
    no numpy (0.15 s of CPU)."""
    command = ["simulate", *table, "--bots", "random", "--games", "3"]
    setup = f"from muggins.cli.main import main; main({command!r})"
    code = _LOADED.format(setup=setup, heavy=("numpy",))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == []
    assert "wins" in done.stdout


@pytest.mark.parametrize(
    "command", [["simulate", "--bots", "random", "--games", "2"], ["simulate", "--games", "1", "--json"]]
)
def test_no_bar_drawn_no_progress_loaded(command: list[str]) -> None:
    """With stdout a pipe (or ``--json``) no bar is drawn, and rich's progress, a twentieth of a
    second of CPU to load, is not loaded for it."""
    setup = f"from muggins.cli.main import main; main({command!r})"
    code = _LOADED.format(setup=setup, heavy=("rich.progress", "rich.live"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == []
    assert "wins" in done.stdout or '"by_bot"' in done.stdout


_BLAS = """
import os
import muggins.cli.main as cli
real = cli.build_parser
def built():
    import numpy  # loaded once main has begun, as a command that needs it loads it
    print(os.environ.get("OPENBLAS_NUM_THREADS"), len(os.listdir("/proc/self/task")), flush=True)
    return real()
cli.build_parser = built
cli.main(["--version"])
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads counted in /proc/self/task")
@pytest.mark.parametrize("given", [None, "2"])
def test_a_command_runs_numpy_on_one_blas_thread_unless_told(given: str | None) -> None:
    """numpy's OpenBLAS starts a thread a core, each spinning at first (0.1 s of CPU a command on two
    cores): a command asks for one, the only thread of its process, unless the user names a number."""
    env = {name: value for name, value in os.environ.items() if name != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    done = subprocess.run([sys.executable, "-c", _BLAS], capture_output=True, text=True, env=env, check=False)
    setting, threads = done.stdout.split()[:2]
    if given is None:
        assert (setting, threads) == ("1", "1")
    else:
        assert setting == given

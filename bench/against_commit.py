"""Games against an earlier commit's build: ``python bench/against_commit.py COMMIT [ROUNDS [LINEUP ...]]
[--keep FOLDER] [--instructions]``.

Issue 62 asks Skalborg, Cribist and Squares to play random games at twice the rate of the day it was
filed (commit ``6957981``), and the expert to play faster with the same moves. This builds
``COMMIT`` in a throwaway worktree and virtual environment (compiled as a user's install is, a few
minutes), then runs the same script in both interpreters, in turns, ``ROUNDS`` times (3 unless
given), for each of ``LINEUPS`` (all unless named): one bot alone in a game's default table, played
as ``muggins simulate`` plays them on one core (``stream`` and a ``Tally``), after a few games that
load the game's tables. One JSON line a line-up: the median rate of each side by the games' own
thread's CPU, and by the process's (which counts any other thread the process runs, as numpy's);
the ratio is the median of each round's (its two runs side by side, so a drift of the machine's
speed falls on both), with every round's given.

``--command GAMES`` times (or, with ``--instructions``, counts) the whole command instead, as a user
runs it: ``python -m muggins simulate`` of ``GAMES`` games of each line-up (1,000 is the command's
default), start-up included, in fresh processes in turns (one run each not counted first), each
run's CPU the child's user and system time, numpy on one thread in both builds.

``--keep FOLDER`` keeps the earlier build in ``FOLDER`` and uses it again on the next run that
names it (for more rounds without building again). ``--instructions`` counts, instead of timing,
the machine instructions each build spends on a game of each line-up (valgrind's callgrind: a run
of a fifth of the line-up's games less a run of a tenth, over the difference): a figure that a busy
or drifting machine does not change, for a change too small to time there. It is not CPU time
(a cache miss costs no instruction), so the issue's ratios stay the timed ones.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

from bench.instructions import callgrind  # noqa: E402

LINEUPS = {
    "random_skalborg": ("skalborg", 3, "random", 1500),
    "random_cribist": ("cribist", 4, "random", 500),
    "random_squares": ("squares", 2, "random", 1500),
    "random_cribbage": ("cribbage", 2, "random", 3000),
    "expert_cribbage": ("cribbage", 2, "expert", 400),
}
"""Each line-up's game, seats, bot and games: its default table, a second or several."""

_WARMED = """
import json, sys, time
from muggins.analysis.simulate import Spec, Tally, stream
game, players, bot, games = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
for _ in stream(Spec(game, players, (bot,), 5, seed=99)):
    pass
"""
_GAMES = """
spec = Spec(game, players, (bot,), games, seed=1)
tally = Tally(spec)
for record in stream(spec):
    tally.add(record)
tally.summary()
"""
RATE = (
    _WARMED
    + "process, thread = time.process_time(), time.thread_time()"
    + _GAMES
    + "print(json.dumps([games / (time.thread_time() - thread), games / (time.process_time() - process)]))"
)
"""The script both builds run, after a few games that load the game's tables: the games per second
of CPU of the playing thread and of the process."""
PLAYED = _WARMED + _GAMES
"""The same games untimed: what callgrind counts."""
BUILT = "built-commit"
"""The file in a kept build's folder that names the commit built there."""


def build(commit: str, where: Path) -> Path:
    """The Python of a fresh virtual environment with ``commit`` installed (not editable)."""
    tree, venv = where / "tree", where / "venv"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True)
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(tree)], check=True)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)
    return venv / "bin" / "python"


@contextlib.contextmanager
def earlier_build(commit: str, keep: Path | None) -> Iterator[Path]:
    """The Python of ``commit``'s build: the one kept in ``keep`` if it holds that commit's, else a
    new one (kept there when ``keep`` is given, else thrown away afterwards)."""
    if keep is None:
        with tempfile.TemporaryDirectory() as where:
            yield build(commit, Path(where))
        return
    resolved = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", commit], capture_output=True, text=True, check=True
    ).stdout.strip()
    marker = keep / BUILT
    if not (marker.is_file() and marker.read_text().strip() == resolved):
        if keep.exists() and any(keep.iterdir()):
            sys.exit(f"{keep} is not empty and holds no build of {commit}: name an empty or new folder")
        keep.mkdir(parents=True, exist_ok=True)
        build(commit, keep)
        marker.write_text(resolved + "\n")
    yield keep / "venv" / "bin" / "python"


def instructions(python: Path | str, lineup: str, games: int) -> int:
    """What callgrind counts for ``PLAYED`` with ``games`` games of ``lineup`` in ``python``."""
    game, players, bot, _ = LINEUPS[lineup]
    return callgrind([str(python), "-c", PLAYED, game, str(players), bot, str(games)])


def per_game(python: Path | str, lineup: str) -> float:
    """Instructions a game of ``lineup`` in ``python``: a fifth of its games less a tenth, per game."""
    many = LINEUPS[lineup][3] // 5
    few = many // 2
    return (instructions(python, lineup, many) - instructions(python, lineup, few)) / (many - few)


def count(commit: str, earlier: Path, lineups: list[str]) -> None:
    """One JSON line a line-up: instructions a game in each build and their ratio."""
    for lineup in lineups:
        then, now = per_game(earlier, lineup), per_game(sys.executable, lineup)
        print(
            json.dumps(
                {
                    "bench": f"{lineup}_instructions_against_{commit[:7]}",
                    "instructions_per_game_now": round(now),
                    "instructions_per_game_then": round(then),
                    "ratio": round(then / now, 2),
                    "note": "callgrind's count of stream + Tally, per game; instructions, not CPU time",
                }
            ),
            flush=True,
        )


def simulate_command(python: Path | str, lineup: str, games: int) -> list[str]:
    """``muggins simulate`` of ``games`` games of ``lineup`` in ``python``, as a user runs it."""
    game, players, bot, _ = LINEUPS[lineup]
    table = ["--game", game, "--players", str(players), "--bots", bot]
    return [str(python), "-m", "muggins", "simulate", *table, "--games", str(games), "--seed", "1"]


def command_seconds(command: list[str]) -> float:
    """The CPU (user and system) of one run of ``command``, its output thrown away."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        command, stdout=subprocess.DEVNULL, check=True, env=os.environ | {"OPENBLAS_NUM_THREADS": "1"}
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def whole_commands(
    commit: str, earlier: Path, lineups: list[str], rounds: int, *, games: int, counted: bool
) -> None:
    """One JSON line a line-up: the whole command's CPU in each build, in turns, and the median of
    each round's ratio (or, ``counted``, callgrind's instructions for one run of each)."""
    for lineup in lineups:
        then, now = simulate_command(earlier, lineup, games), simulate_command(sys.executable, lineup, games)
        found: dict[str, object] = {"bench": f"{lineup}_command_against_{commit[:7]}", "games": games}
        if counted:
            spent = {"then": callgrind(then), "now": callgrind(now)}
            found |= {"instructions_now": spent["now"], "instructions_then": spent["then"]}
            found["ratio"] = round(spent["then"] / spent["now"], 2)
        else:
            command_seconds(then), command_seconds(now)  # not counted: caches warmed, bytecode written
            runs = [(command_seconds(then), command_seconds(now)) for _ in range(rounds)]
            ratios = [before / after for before, after in runs]
            found |= {
                "cpu_s_now": round(statistics.median(after for _, after in runs), 3),
                "cpu_s_then": round(statistics.median(before for before, _ in runs), 3),
                "ratio": round(statistics.median(ratios), 2),
                "ratios": [round(r, 2) for r in ratios],
                "rounds": rounds,
            }
        found["note"] = "python -m muggins simulate, start-up included; CPU of the process (or instructions)"
        print(json.dumps(found), flush=True)


def rates(python: Path | str, lineup: str) -> tuple[float, float]:
    game, players, bot, games = LINEUPS[lineup]
    done = subprocess.run(
        [str(python), "-c", RATE, game, str(players), bot, str(games)],
        capture_output=True,
        text=True,
        check=True,
    )
    thread, process = json.loads(done.stdout)
    return thread, process


def main(
    commit: str,
    rounds: int = 3,
    lineups: list[str] | None = None,
    *,
    keep: Path | None = None,
    counted: bool = False,
    command_games: int | None = None,
) -> None:
    unknown = sorted(set(lineups or ()) - set(LINEUPS))
    if unknown:
        sys.exit(f"no line-up {', '.join(unknown)}: choose from {', '.join(LINEUPS)}")
    with earlier_build(commit, keep) as earlier:
        if command_games is not None:
            whole_commands(
                commit, earlier, lineups or list(LINEUPS), rounds, games=command_games, counted=counted
            )
            return
        if counted:
            count(commit, earlier, lineups or list(LINEUPS))
            return
        for lineup in lineups or LINEUPS:
            runs: dict[str, list[tuple[float, float]]] = {"then": [], "now": []}
            for _ in range(rounds):
                runs["then"].append(rates(earlier, lineup))
                runs["now"].append(rates(sys.executable, lineup))
            thread = {side: statistics.median(r[0] for r in found) for side, found in runs.items()}
            process = {side: statistics.median(r[1] for r in found) for side, found in runs.items()}
            paired = zip(runs["now"], runs["then"], strict=True)  # each round's two runs, side by side
            ratios = [(now[0] / then[0], now[1] / then[1]) for now, then in paired]
            print(
                json.dumps(
                    {
                        "bench": f"{lineup}_against_{commit[:7]}",
                        "games_per_s_now": round(thread["now"], 1),
                        "games_per_s_then": round(thread["then"], 1),
                        "ratio": round(statistics.median(r[0] for r in ratios), 2),
                        "ratios": [round(r[0], 2) for r in ratios],
                        "process_games_per_s_now": round(process["now"], 1),
                        "process_games_per_s_then": round(process["then"], 1),
                        "process_ratio": round(statistics.median(r[1] for r in ratios), 2),
                        "rounds": rounds,
                        "note": "stream + Tally, both builds in turns; CPU of the games thread (or process)",
                    }
                ),
                flush=True,
            )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit")
    parser.add_argument("rounds", nargs="?", type=int, default=3)
    parser.add_argument("lineups", nargs="*", metavar="LINEUP")
    parser.add_argument(
        "--keep", type=Path, metavar="FOLDER", help="keep the earlier build here, and reuse it"
    )
    parser.add_argument("--instructions", action="store_true", help="count instructions a game (callgrind)")
    parser.add_argument(
        "--command", type=int, metavar="GAMES", help="time the whole muggins simulate of GAMES games instead"
    )
    args = parser.parse_args()
    main(
        args.commit,
        args.rounds,
        args.lineups or None,
        keep=args.keep,
        counted=args.instructions,
        command_games=args.command,
    )

"""Commands as a user runs them: ``muggins --help``, ``muggins score``, ``muggins distribution``, each in
a fresh process, timed by the CPU time and peak memory the kernel reports for that process."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from bench.figures import Figure, figure

RUNS = 5
MIB = 1024 * 1024


@dataclass(frozen=True)
class Usage:
    """What one process cost: CPU seconds (user + system), wall seconds and peak resident memory."""

    cpu_s: float
    wall_s: float
    rss_mib: float


_LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, 1)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, time.perf_counter() - start,
      usage.ru_maxrss)
"""
"""Runs the command from a small interpreter and prints its usage: a child forked straight from this
(large) process would report this process's memory as its own peak."""


USER_ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
"""The environment the commands run in: this one, but writing bytecode caches as Python does on a
user's machine (a sandbox that turns them off has every run compile the package's sources again,
20 ms of a 0.1 s command)."""


def run_command(argv: list[str]) -> Usage:
    """Run ``argv`` to its end (output discarded) and read its own resource usage with ``wait4``."""
    done = subprocess.run(
        [sys.executable, "-S", "-c", _LAUNCHER, *argv],
        capture_output=True,
        text=True,
        check=True,
        env=USER_ENVIRONMENT,
    )
    status, cpu, wall, rss_kib = done.stdout.split()
    if status != "0":
        raise RuntimeError(f"{' '.join(argv)} failed ({status}): {done.stderr}")
    return Usage(float(cpu), float(wall), int(rss_kib) / 1024)


def muggins(*args: str) -> list[str]:
    """The ``muggins`` command line with ``args``, run by this interpreter."""
    return [sys.executable, "-m", "muggins", *args]


def command_figure(name: str, argv: list[str], runs: int = RUNS, **targets: str) -> Figure:
    """The median CPU time of ``runs`` fresh processes, with their median wall time and peak memory;
    ``targets`` holds ``cpu`` and ``rss`` targets. A bare interpreter start is measured between runs,
    so the figure can be read against it under load. One run before them is not counted: it writes
    the bytecode caches a user's first run writes."""
    run_command(argv)
    usages, bare = [], []
    for _ in range(runs):
        usages.append(run_command(argv))
        bare.append(run_command([sys.executable, "-c", "pass"]))
    cpu = statistics.median(u.cpu_s for u in usages)
    rss = max(u.rss_mib for u in usages)
    detail: dict[str, Any] = {
        "command": " ".join(["muggins", *argv[3:]]) if argv[1:3] == ["-m", "muggins"] else " ".join(argv),
        "wall_s": round(statistics.median(u.wall_s for u in usages), 3),
        "rss_mib": round(rss, 1),
        "python_start_cpu_s": round(statistics.median(u.cpu_s for u in bare), 3),
        "python_start_rss_mib": round(max(u.rss_mib for u in bare), 1),
        "runs": runs,
        "load": round(os.getloadavg()[0], 2),
    }
    if "rss" in targets:
        detail["rss_target"] = targets["rss"]
        detail["rss_met"] = rss <= float(targets["rss"].removeprefix("<="))
    return figure(name, round(cpu, 3), "s CPU", targets.get("cpu"), **detail)


def bench_startup_help() -> Figure:
    return command_figure("startup_help", muggins("--help"), cpu="<=0.1", rss="<=25")


def bench_startup_score() -> Figure:
    return command_figure(
        "startup_score", muggins("score", "5H", "5D", "5S", "JC", "--starter", "5C"), cpu="<=0.1", rss="<=25"
    )


def bench_startup_import() -> Figure:
    return command_figure("startup_import_muggins", [sys.executable, "-c", "import muggins"])


SIMULATED = 3000
"""Games in the whole-command comparison of ``muggins simulate`` with OpenSpiel."""
_OPENSPIEL = f"""
import pyspiel
game = pyspiel.load_game("cribbage")
bots = [pyspiel.make_uniform_random_bot(seat, 2026 + seat) for seat in range(2)]
for seed in range({SIMULATED}):
    pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
"""
"""OpenSpiel's cribbage, random bots, played by its C++ loop from a fresh Python: its whole command."""


def bench_simulate_command() -> Figure:
    """``muggins simulate --bots random,random --games 3000`` as a user runs it (start-up, the games,
    the summary printed), against OpenSpiel's C++ cribbage playing as many random games from a
    fresh Python (``evaluate_bots``, start-up included): median CPU time of runs in turns."""
    argv = muggins("simulate", "--bots", "random,random", "--games", str(SIMULATED))
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return command_figure("simulate_command_random_2p", argv)
    peer = [sys.executable, "-c", _OPENSPIEL]
    run_command(argv)  # the bytecode caches written, as by a user's first run
    ours, theirs = [], []
    for _ in range(RUNS):
        ours.append(run_command(argv))
        theirs.append(run_command(peer))
    cpu = statistics.median(u.cpu_s for u in ours)
    peer_cpu = statistics.median(u.cpu_s for u in theirs)
    return figure(
        "simulate_command_random_2p",
        round(cpu, 3),
        "s CPU",
        None,
        command=" ".join(["muggins", *argv[3:]]),
        wall_s=round(statistics.median(u.wall_s for u in ours), 3),
        openspiel_cpu_s=round(peer_cpu, 3),
        ratio_to_openspiel=round(peer_cpu / cpu, 2),
        target_ratio=">=1.0",
        runs=RUNS,
        load=round(os.getloadavg()[0], 2),
        note="whole commands in fresh processes, in turns; OpenSpiel: evaluate_bots with its Python start",
    )

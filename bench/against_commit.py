"""Games against an earlier commit's build: ``python bench/against_commit.py COMMIT [ROUNDS [LINEUP ...]]``.

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
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINEUPS = {
    "random_skalborg": ("skalborg", 3, "random", 1500),
    "random_cribist": ("cribist", 4, "random", 500),
    "random_squares": ("squares", 2, "random", 1500),
    "random_cribbage": ("cribbage", 2, "random", 3000),
    "expert_cribbage": ("cribbage", 2, "expert", 400),
}
"""Each line-up's game, seats, bot and games: its default table, a second or several."""

RATE = """
import json, sys, time
from muggins.analysis.simulate import Spec, Tally, stream
game, players, bot, games = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
for _ in stream(Spec(game, players, (bot,), 5, seed=99)):
    pass
spec = Spec(game, players, (bot,), games, seed=1)
process, thread = time.process_time(), time.thread_time()
tally = Tally(spec)
for record in stream(spec):
    tally.add(record)
tally.summary()
print(json.dumps([games / (time.thread_time() - thread), games / (time.process_time() - process)]))
"""
"""The script both builds run: the games per second of CPU of the playing thread and the process."""


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


def main(commit: str, rounds: int = 3, lineups: list[str] | None = None) -> None:
    unknown = sorted(set(lineups or ()) - set(LINEUPS))
    if unknown:
        sys.exit(f"no line-up {', '.join(unknown)}: choose from {', '.join(LINEUPS)}")
    with tempfile.TemporaryDirectory() as where:
        earlier = build(commit, Path(where))
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
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3, sys.argv[3:] or None)

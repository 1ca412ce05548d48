"""Two builds of the play searches' C extension (``_pegsearch``) timed against each other in one
process: the way to tell whether a change to ``_pegsearch.c`` is faster on a machine whose speed
drifts by more than most such changes gain between one run and the next.

    python bench/search_builds.py BEFORE.so AFTER.so [--rounds 8] [--samples 400]

Each build is loaded as its own module (its own tables), and both search the same two-player plays
of expert games (``bots._search_positions``) in turns (``figures.interleaved_seconds``: a round
untimed first), each run from empty tables. Prints one JSON figure: AFTER's CPU time over
BEFORE's for the search from what the seat knows and for the search with every card known, and
whether the two builds gave the same values (they must: the C is held to the Python searches to
the last bit).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots import _search_positions
from bench.figures import figure, interleaved_seconds
from muggins.strategy.cribbage.play import hand_code

MODULE = "muggins.strategy.cribbage._pegsearch"


def load(path: str, copy: Path) -> ModuleType:
    """One build of the extension, loaded under the module's own name from ``copy``, a copy of its
    file: the file the package imports from is the module this process has already loaded, and
    loading it again gives that module back, whichever build the other side is."""
    shutil.copyfile(path, copy)
    spec = importlib.util.spec_from_file_location(MODULE, copy)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not an extension module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


Position = tuple[int, tuple[int, ...], bool, Any, Any]


def searching(module: ModuleType, search: str, positions: list[Position]) -> Callable[[], list[object]]:
    """One build's ``search`` ("counter" or "known") over every position, from empty tables (as a
    game meets each position once: a build that remembered positions would otherwise be timed
    finding the last round's): their values."""

    def run() -> list[object]:
        module.start_afresh()
        if search == "counter":
            return [module.counter_values(*position, None, 0, 0) for position in positions]
        return [module.play_values(*position) for position in positions]

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="the build to compare against (a _pegsearch .so file)")
    parser.add_argument("after", help="the changed build")
    parser.add_argument("--rounds", type=int, default=8, help="timed rounds, the builds in turns")
    parser.add_argument("--samples", type=int, default=400, help="the other's holdings drawn per play")
    parser.add_argument("--games", type=int, default=12, help="expert games the plays come from")
    args = parser.parse_args()
    away = Path(tempfile.mkdtemp())
    sides_given = (("before", args.before), ("after", args.after))
    try:
        builds = {side: load(path, away / f"{side}-{Path(path).name}") for side, path in sides_given}
    finally:
        shutil.rmtree(away)  # a loaded extension stays mapped
    positions: list[Position] = [
        (hand_code(hand), pile, go, coded.codes, coded.weights)
        for hand, pile, go, coded, _ in _search_positions(args.games, args.samples)
    ]
    sides = {
        f"{build} {search}": searching(module, search, positions)
        for build, module in builds.items()
        for search in ("counter", "known")
    }
    spent = interleaved_seconds(sides, args.rounds)
    same = all(sides[f"before {search}"]() == sides[f"after {search}"]() for search in ("counter", "known"))
    searches = len(positions) * args.rounds
    print(
        json.dumps(
            figure(
                "search_builds_after_over_before",
                round(spent["after counter"] / spent["before counter"], 3),
                "x",
                known_ratio=round(spent["after known"] / spent["before known"], 3),
                counter_ms=[round(spent[f"{b} counter"] / searches * 1e3, 4) for b in builds],
                known_ms=[round(spent[f"{b} known"] / searches * 1e3, 4) for b in builds],
                same_values=same,
                positions=len(positions),
                samples=args.samples,
                rounds=args.rounds,
                note="CPU time per search, before and after, in one process, in turns",
            )
        )
    )


if __name__ == "__main__":
    main()

"""Run the benchmarks and print one JSON line per figure.

Every module in the ``bench`` package may define functions named ``bench_*`` taking no
arguments and returning a figure (``bench.figures.figure``) or a list of them; they are found
and run in module and definition order, each module in a fresh interpreter of its own: a figure
must not depend on which other benchmarks were imported before it (their modules, peers and
tables make the heap every garbage collection of the timed code walks). Arguments select
benchmarks whose module or function name contains any of them; ``--check`` exits 1 if any figure
misses its target.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import json
import pkgutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from bench.figures import Figure

_NOT_BENCHMARKS = {"run", "figures", "__main__"}


def modules() -> list[str]:
    """The benchmark modules of the ``bench`` package, by name."""
    found = pkgutil.iter_modules([str(Path(__file__).parent)])
    return sorted(info.name for info in found if info.name not in _NOT_BENCHMARKS)


def benchmark_names() -> list[str]:
    """Every benchmark as ``module.function``, read from the modules' source without importing
    them, so that choosing some never needs what the others import (``abuse`` needs httpx, which
    only the test extra installs)."""
    found = []
    for module in modules():
        tree = ast.parse(Path(__file__).with_name(f"{module}.py").read_text(encoding="utf-8"))
        found += [
            f"{module}.{node.name}"
            for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("bench_")
        ]
    return found


def discover(names: list[str] | None = None) -> Iterator[tuple[str, Callable[[], Figure | list[Figure]]]]:
    """Every ``bench_*`` function of the benchmark modules ``names`` (all of them unless given), as
    ``(module.function, function)``."""
    for name in modules() if names is None else names:
        module = importlib.import_module(f"bench.{name}")
        functions = inspect.getmembers(module, inspect.isfunction)
        for function_name, function in sorted(functions, key=lambda f: f[1].__code__.co_firstlineno):
            if function_name.startswith("bench_") and function.__module__ == module.__name__:
                yield f"{name}.{function_name}", function


MISSED = 3
"""The exit status of a module's run (``--here``) with ``--check`` when a figure missed its target
(1 is Python's for an exception)."""


def wanted(name: str, select: list[str]) -> bool:
    """Whether the benchmark ``name`` (``module.function``) contains a word of ``select`` (any, without)."""
    return not select or any(word in name for word in select)


def run_here(module: str, select: list[str], check: bool) -> int:
    """Run the selected benchmarks of ``module`` in this process."""
    missed = 0
    for name, function in discover([module]):
        if not wanted(name, select):
            continue
        result = function()
        for item in result if isinstance(result, list) else [result]:
            print(json.dumps(item), flush=True)
            missed += item.get("met") is False
    return MISSED if check and missed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("select", nargs="*", help="run only benchmarks whose name contains one of these")
    parser.add_argument("--check", action="store_true", help="exit 1 if any figure misses its target")
    parser.add_argument("--list", action="store_true", help="list the benchmarks instead of running them")
    parser.add_argument("--here", metavar="MODULE", help="run one module's benchmarks in this process")
    args = parser.parse_args(argv)
    if args.here is not None:
        return run_here(args.here, args.select, args.check)
    chosen = [name for name in benchmark_names() if wanted(name, args.select)]
    if args.list:
        print("\n".join(chosen))
        return 0
    missed = False
    for module in dict.fromkeys(name.split(".")[0] for name in chosen):
        here = [sys.executable, "-m", "bench", "--here", module, *(["--check"] if args.check else [])]
        done = subprocess.run([*here, *args.select], check=False)
        if done.returncode not in (0, MISSED):
            raise SystemExit(f"the benchmarks of bench/{module}.py failed (exit {done.returncode})")
        missed = missed or done.returncode == MISSED
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())

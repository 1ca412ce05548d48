"""Run the benchmarks and print one JSON line per figure.

Every module in the ``bench`` package may define functions named ``bench_*`` taking no
arguments and returning a figure (``bench.figures.figure``) or a list of them; they are found
and run in module and definition order. Arguments select benchmarks whose module or function
name contains any of them; ``--check`` exits 1 if any figure misses its target.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import pkgutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from bench.figures import Figure

_NOT_BENCHMARKS = {"run", "figures", "__main__"}


def discover() -> Iterator[tuple[str, Callable[[], Figure | list[Figure]]]]:
    """Every ``bench_*`` function of every benchmark module, as ``(module.function, function)``."""
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name):
        if info.name in _NOT_BENCHMARKS:
            continue
        module = importlib.import_module(f"bench.{info.name}")
        functions = inspect.getmembers(module, inspect.isfunction)
        for name, function in sorted(functions, key=lambda f: f[1].__code__.co_firstlineno):
            if name.startswith("bench_") and function.__module__ == module.__name__:
                yield f"{info.name}.{name}", function


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("select", nargs="*", help="run only benchmarks whose name contains one of these")
    parser.add_argument("--check", action="store_true", help="exit 1 if any figure misses its target")
    parser.add_argument("--list", action="store_true", help="list the benchmarks instead of running them")
    args = parser.parse_args(argv)
    missed = 0
    for name, function in discover():
        if args.select and not any(word in name for word in args.select):
            continue
        if args.list:
            print(name)
            continue
        result = function()
        for item in result if isinstance(result, list) else [result]:
            print(json.dumps(item), flush=True)
            missed += item.get("met") is False
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())

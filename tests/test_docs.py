"""The documentation runs: every ``>>>`` example in the package's docstrings, and the README's
library example, as a new user would type them."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import re
import shlex
from pathlib import Path

import pytest

import muggins

README = Path(__file__).resolve().parent.parent / "README.md"

MODULES = [
    "muggins",  # the package itself, which walk_packages leaves out
    *sorted(
        info.name
        for info in pkgutil.walk_packages(muggins.__path__, "muggins.")
        if not info.name.startswith("muggins.web") and info.name != "muggins.__main__"
    ),
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tests = finder.find(module, name)
    source = Path(module.__file__ or "")
    if source.suffix != ".py":
        # Compiled by mypyc: its functions keep no docstrings, so read the examples from the source
        # (a C extension has no Python source, and its docstrings are found as they are).
        source = Path(muggins.__path__[0], *name.split(".")[1:]).with_suffix(".py")
        if source.exists():
            tests = source_doctests(module, source)
    for test in tests:
        runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert failed == 0, f"{failed} of {attempted} examples in {name} failed (output above)"


def source_doctests(module: object, source: Path) -> list[doctest.DocTest]:
    """The examples in every docstring of ``source``, run in ``module``'s namespace."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    tests = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=True)
            if text and ">>>" in text:
                where = getattr(node, "name", "module")
                line = getattr(node, "lineno", 0)
                tests.append(parser.get_doctest(text, dict(vars(module)), where, str(source), line))
    return tests


def readme_python_blocks() -> list[str]:
    """The README's fenced Python blocks."""
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_readme_library_example_runs_as_written() -> None:
    """Each block is a doctest session: the lines run and the shown results are checked, with
    doctest's defaults as ``python -m doctest README.md`` has them (no ELLIPSIS: a reader who runs
    the README so must see it pass; the traceback's "..." is doctest's own)."""
    blocks = readme_python_blocks()
    assert blocks, "the README shows no Python"
    for number, block in enumerate(blocks, start=1):
        parser = doctest.DocTestParser()
        test = parser.get_doctest(block, {}, f"README block {number}", str(README), 0)
        assert test.examples, f"README block {number} has no >>> examples to check"
        runner = doctest.DocTestRunner()
        runner.run(test)
        failed, attempted = runner.summarize(verbose=False)
        assert failed == 0, f"{failed} of {attempted} lines of README block {number} failed"


def test_the_readme_passes_python_m_doctest() -> None:
    """``python -m doctest README.md``, as a reader runs it: the whole file, doctest's defaults
    (a block's closing fence must not read as expected output)."""
    failed, attempted = doctest.testfile(str(README), module_relative=False, report=False)
    assert attempted and failed == 0, f"{failed} of {attempted} README examples failed"


def readme_commands() -> list[str]:
    """Every ``muggins ...`` line of the README's shell blocks, without its comment."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)
    lines = (line.split("  #")[0].strip() for block in blocks for line in block.splitlines())
    return [line for line in lines if line.startswith("muggins ")]


@pytest.mark.parametrize("line", readme_commands())
def test_readme_commands_parse_as_pasted(line: str) -> None:
    """Each command line the README shows is accepted by the parser as written (no [optional]
    brackets or placeholders that fail when pasted)."""
    from muggins.cli.main import build_parser

    words = shlex.split(line)[1:]
    if words == ["--version"]:
        return
    args, unknown = build_parser().parse_known_args(words)
    assert not unknown and args.command, line


def test_readme_replays_the_file_play_saves() -> None:
    """The record 'muggins play --seed 1' saves is the one the README's replay and review read."""
    lines = readme_commands()
    play = next(line for line in lines if line.startswith("muggins play"))
    seed = shlex.split(play)[shlex.split(play).index("--seed") + 1]
    saved = f"muggins-cribbage-{seed}.json"
    assert f"saves {saved}" in README.read_text(encoding="utf-8")
    assert any(line.startswith(f"muggins replay {saved}") for line in lines)
    assert any(line.startswith(f"muggins review {saved}") for line in lines)

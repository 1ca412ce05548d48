"""The build hook: compile the rules core with mypyc, and the play searches' C extension, when this
machine can, else build pure Python.

Before any compiling it checks the Python version (too old: a clear error) and looks for a C
compiler and the Python headers; without them, or when compiling fails, the wheel is pure Python
(the same code, several times slower) and the reason is written to ``muggins/build_info.json``,
which ``muggins --version`` and ``muggins serve`` report. ``MUGGINS_REQUIRE_COMPILED=1`` makes a
failed compile an error instead (CI sets it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from hatch_mypyc.plugin import MypycBuildHook

MIN_PYTHON = (3, 11)
INFO = Path("src", "muggins", "build_info.json")
EXTENSIONS = {
    "muggins.games.cribbage._quickplay": "src/muggins/games/cribbage/_quickplay.c",
    "muggins.strategy.cribbage._pegsearch": "src/muggins/strategy/cribbage/_pegsearch.c",
}
"""The C extensions (module: source), written for speed where mypyc falls short (each has a pure
fallback the package uses without it)."""
SETUP = """
from setuptools import Extension, setup

setup(
    name="muggins_extensions",
    package_dir={"": "src"},
    ext_modules=[Extension(name, [source], extra_compile_args=["-O3"]) for name, source in %r.items()],
)
"""


def missing_toolchain() -> str | None:
    """Why this interpreter cannot compile C extensions, or None when it can."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if os.environ.get("CC"):
        compiler = os.environ["CC"].split()[-1]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on PATH)"
    headers = Path(sysconfig.get_paths()["include"], "Python.h")
    if not headers.is_file():
        return f"no Python headers ({headers} is missing: install python3-dev or the like)"
    return None


class CompileRulesCore(MypycBuildHook):  # type: ignore[misc]
    """hatch-mypyc with a pure-Python fallback that says why."""

    @contextmanager
    def hide_project_file(self) -> Iterator[None]:
        """Run the compilers where no pyproject.toml is found (setuptools would read hatchling's),
        without touching the project: hatch-mypyc renames the user's pyproject.toml while it
        compiles, which an install stopped midway (Ctrl-C, a killed job) left renamed. Here the
        compilers run in a temporary folder whose ``src`` is a link to the project's (their paths
        are relative to it); where no link can be made, hatch-mypyc's own way."""
        with TemporaryDirectory() as away:
            try:
                Path(away, "src").symlink_to(Path(self.root, "src").resolve(), target_is_directory=True)
            except OSError:
                with super().hide_project_file():
                    yield
                return
            before = Path.cwd()
            os.chdir(away)
            try:
                yield
            finally:
                os.chdir(before)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if sys.version_info < MIN_PYTHON:
            raise SystemExit(
                f"muggins needs Python {'.'.join(map(str, MIN_PYTHON))} or newer; this is "
                f"{sys.version.split()[0]} ({sys.executable})"
            )
        if self.target_name != "wheel":
            return
        reason = missing_toolchain()
        if reason is None:
            try:
                super().initialize(version, build_data)
                self._compile_extensions(build_data)
            except Exception as exc:
                if os.environ.get("MUGGINS_REQUIRE_COMPILED") == "1":
                    raise
                self.clean([version])
                reason = f"compiling failed: {str(exc).strip().splitlines()[-1][:300]}"
        self._record(build_data, reason)

    def _compile_extensions(self, build_data: dict[str, Any]) -> None:
        """Build ``EXTENSIONS`` in place beside their sources (as hatch-mypyc builds its modules)."""
        for name in EXTENSIONS:
            for built in Path(self.root, "src").glob(name.replace(".", "/") + ".*.so"):
                built.unlink()
        with self.hide_project_file(), self.get_build_dirs() as (build_dir, temp_dir):
            setup = Path(temp_dir, "setup_extensions.py")
            setup.write_text(SETUP % EXTENSIONS)
            command = [sys.executable, str(setup), "build_ext", "--inplace", "--build-temp", f"{build_dir}/c"]
            done = subprocess.run(  # noqa: S603 (this interpreter, on a script written just above)
                command,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                check=False,
            )
        if done.returncode:
            raise RuntimeError(f"Error while compiling the C extensions:\n{done.stdout.decode()}")
        build_data["artifacts"].extend(f"/src/{name.replace('.', '/')}.*.so" for name in EXTENSIONS)

    def _record(self, build_data: dict[str, Any], reason: str | None) -> None:
        """Write what was built; announce a pure-Python build on the build's output."""
        info = Path(self.root, INFO)
        info.write_text(json.dumps({"compiled": reason is None, "reason": reason}) + "\n")
        build_data["force_include"][str(info)] = "muggins/build_info.json"
        if reason is not None:
            message = f"muggins: building the pure-Python rules core (slower): {reason}"
            self.app.display_warning(message)
            print(message, file=sys.stderr)


def get_build_hook() -> type[CompileRulesCore]:
    """Named for hatchling, which otherwise finds two build hook classes in this file."""
    return CompileRulesCore

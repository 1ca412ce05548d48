"""The build: a clear error on a Python too old, and a pure-Python build that says why where this
machine cannot compile, instead of a failed install."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("hatch_mypyc", reason="hatch-mypyc (the test extra) is not installed")
_spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
assert _spec is not None and _spec.loader is not None
hatch_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hatch_build)


def test_a_missing_compiler_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "/nonexistent/bin/cc")
    assert hatch_build.missing_toolchain() == "no C compiler ('/nonexistent/bin/cc' is not on PATH)"


def test_a_compiler_behind_a_launcher_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("this machine has no C compiler")
    monkeypatch.setenv("CC", f"ccache {compiler}")
    assert hatch_build.missing_toolchain() is None


def test_an_old_python_is_refused_before_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    hook = object.__new__(hatch_build.CompileRulesCore)
    monkeypatch.setattr(sys, "version_info", (3, 10, 13, "final", 0))
    monkeypatch.setattr(sys, "version", "3.10.13 (main) [GCC]")
    with pytest.raises(SystemExit, match=r"muggins needs Python 3\.11 or newer; this is 3\.10\.13"):
        hook.initialize("standard", {"artifacts": [], "force_include": {}})


def test_the_compilers_run_away_from_the_project_which_is_never_moved(tmp_path: Path) -> None:
    """Issue 58: hatch-mypyc renamed pyproject.toml to .bak while compiling, so an install stopped
    midway left the checkout without it. The compilers now run in a folder of their own that sees
    the project's sources through ``src`` and no pyproject.toml; the project is left as it was,
    also when the compile is stopped."""
    project = tmp_path / "project"
    (project / "src" / "pkg").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (project / "src" / "pkg" / "m.py").write_text("X = 1\n")
    hook = object.__new__(hatch_build.CompileRulesCore)
    hook._BuildHookInterface__root = str(project)  # what .root reads
    start = Path.cwd()
    seen: list[Path] = []

    def compile_stopped() -> None:
        with hook.hide_project_file():
            here = Path.cwd()
            seen.append(here)
            assert here != project and not (here / "pyproject.toml").exists()
            assert (here / "src" / "pkg" / "m.py").read_text() == "X = 1\n"
            assert sorted(p.name for p in project.iterdir()) == ["pyproject.toml", "src"]
            raise KeyboardInterrupt  # Ctrl-C mid-compile

    with pytest.raises(KeyboardInterrupt):
        compile_stopped()
    assert seen and Path.cwd() == start
    assert sorted(p.name for p in project.iterdir()) == ["pyproject.toml", "src"]


@pytest.mark.slow
def test_without_a_compiler_the_wheel_is_pure_python_and_says_why(tmp_path: Path) -> None:
    """A real build of a wheel from a copy of the source tree, with no C compiler to be found."""
    source = tmp_path / "src-tree"
    files = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    env = {**os.environ, "CC": "/nonexistent/bin/cc"}
    env.pop("MUGGINS_REQUIRE_COMPILED", None)
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(source)],
        check=False,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as contents:
        assert not [n for n in contents.namelist() if n.endswith((".so", ".pyd"))]
        info = json.loads(contents.read("muggins/build_info.json"))
    assert info == {"compiled": False, "reason": "no C compiler ('/nonexistent/bin/cc' is not on PATH)"}

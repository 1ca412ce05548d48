"""Shared test configuration."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_configure(config: object) -> None:
    """Refuse to test stale compiled modules: the rules core is compiled with mypyc at install (and
    the play searches' C extension built), and an extension module shadows its source, so an edit
    made after installing would go untested."""
    import pathlib

    import pytest

    package = pathlib.Path(__file__).resolve().parent.parent / "src" / "muggins"
    stale = [
        str(source.relative_to(package.parent))
        for compiled in package.rglob("*.so")
        for suffix in (".py", ".c")
        if (source := compiled.with_name(compiled.name.split(".")[0] + suffix)).exists()
        and source.stat().st_mtime > compiled.stat().st_mtime
    ]
    if stale:
        pytest.exit(
            f"compiled modules are older than their sources ({', '.join(stale)}): run "
            "`pip install -e .` again to recompile them (or `HATCH_BUILD_NO_HOOKS=true pip install -e .` "
            "and delete src/**/*.so to run uncompiled)",
            returncode=4,
        )
    if os.environ.get("MUGGINS_REQUIRE_COMPILED") == "1":
        from muggins.build import build_note

        note = build_note()
        if note:
            pytest.exit(f"MUGGINS_REQUIRE_COMPILED=1, but {note}", returncode=4)

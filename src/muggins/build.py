"""How this copy of muggins was built: whether the rules core runs compiled (mypyc) or as pure
Python, and why, as the install recorded it in ``build_info.json``."""

from __future__ import annotations

import json
from importlib import metadata, resources, util


def compiled() -> bool:
    """Whether the rules core's modules are the compiled ones, and the C extension is built."""
    from muggins.games import base

    extension = util.find_spec("muggins.strategy.cribbage._pegsearch")
    return not (base.__file__ or "").endswith(".py") and extension is not None


def version() -> str:
    """The installed version, or ``unknown`` when run from a source tree that was never installed."""
    try:
        return metadata.version("muggins")
    except metadata.PackageNotFoundError:
        return "unknown"


def build_note() -> str | None:
    """None when compiled; else one line saying the rules core is pure Python, why, and the fix."""
    if compiled():
        return None
    try:
        recorded = json.loads(resources.files("muggins").joinpath("build_info.json").read_text())
    except (OSError, ValueError):
        recorded = {}
    if recorded.get("reason"):
        why = recorded["reason"]
    elif recorded.get("compiled"):
        why = "the compiled modules are missing (a later rebuild failed?)"
    else:
        why = "it was installed without compiling"
    return (
        f"the rules core runs as pure Python, several times slower ({why}); "
        "reinstall with a C compiler and the Python headers to compile it"
    )


def describe() -> str:
    """``muggins --version``: the version and how the rules core runs."""
    how = "rules core compiled with mypyc" if compiled() else "rules core in pure Python"
    return f"muggins {version()} ({how})"

"""``python -m bench`` finds its benchmarks without importing them: the main job's install (no
extras) runs ``python -m bench show_itemised`` though ``bench/abuse.py`` needs httpx (issue 58)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

NO_HTTPX = (
    "import sys; sys.modules['httpx'] = None; import runpy; runpy.run_module('bench', run_name='__main__')"
)
"""``python -m bench`` in an interpreter where httpx cannot be imported, as in a plain install."""


def test_benchmarks_are_listed_and_chosen_without_httpx() -> None:
    listed = subprocess.run(
        [sys.executable, "-c", NO_HTTPX, "--list", "show_itemised", "abuse"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split() == ["scoring.bench_show_itemised"]  # abuse.py has no bench_ function

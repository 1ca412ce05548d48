"""Where the rebuilt data files go: beside the package's shipped data, written as compact JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def data_path(name: str) -> Path:
    """The shipped file ``name`` in ``muggins/data`` (what the strategy modules load)."""
    return Path(__file__).resolve().parents[2] / "data" / name


def write_data(path: Path, data: dict[str, Any], note: str = "") -> None:
    """Write ``data`` to ``path`` and say so (with ``note``) on stderr."""
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path}{': ' + note if note else ''}", file=sys.stderr)

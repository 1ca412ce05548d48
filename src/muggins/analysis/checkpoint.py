"""A simulation's finished chunks kept in a folder, so that a stopped run resumes where it stopped
with the same results: the run's description in ``run.json``, each chunk's records in
``chunk-<first game>.json``, written whole or not at all."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

RUN_FILE = "run.json"


class CheckpointError(ValueError):
    """A checkpoint folder that holds another run, or a chunk file that is not a chunk's records."""


class Checkpoint:
    """The folder of one run: ``describe`` is what the run is (its games, bots, seed and options), and
    ``chunk`` how many games a chunk holds unless the folder already says (a resumed run keeps its
    chunks, whatever its workers); a folder already holding another run is refused, not mixed."""

    def __init__(self, folder: Path, describe: dict[str, Any], chunk: int) -> None:
        self.folder = folder
        if folder.exists() and not folder.is_dir():
            raise CheckpointError(f"{folder} is not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        run = folder / RUN_FILE
        if not run.exists():
            _write(run, {**describe, "chunk": chunk})
        held = _read(run)
        if not isinstance(held, dict) or not isinstance(held.get("chunk"), int) or held["chunk"] < 1:
            raise CheckpointError(f"{run} does not describe a run")
        differ = sorted(k for k in {*held, *describe} - {"chunk"} if held.get(k) != describe.get(k))
        if differ:
            raise CheckpointError(
                f"{folder} holds another run (it differs in {', '.join(differ)}): "
                "resume with the same options, or name a new folder"
            )
        self.chunk: int = held["chunk"]

    def _chunk(self, start: int) -> Path:
        return self.folder / f"chunk-{start:010d}.json"

    def load(self, start: int, games: int) -> list[dict[str, Any]] | None:
        """The records of the chunk of ``games`` games from game ``start``, if it was finished."""
        path = self._chunk(start)
        if not path.exists():
            return None
        records = _read(path)
        if not isinstance(records, list) or len(records) != games:
            raise CheckpointError(f"{path} does not hold the {games} records of its chunk")
        return records

    def save(self, start: int, records: list[dict[str, Any]]) -> None:
        """Keep a finished chunk's records."""
        _write(self._chunk(start), records)


def _read(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CheckpointError(f"cannot read {path}: {error}") from error


def _write(path: Path, value: Any) -> None:
    """Write ``value`` as JSON to a file beside ``path``, then rename it there: a stop part-way
    leaves no half-written file."""
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=".writing-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(value, out, separators=(",", ":"))
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise

"""A simulation kept in a checkpoint folder: a run stopped part-way resumes from its finished chunks,
playing only the rest, with the records a run without stops gives; a folder of another run, or a
damaged chunk file, is refused with what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muggins.analysis import simulate
from muggins.analysis.checkpoint import CheckpointError
from muggins.analysis.simulate import run, stream
from muggins.analysis.spec import Spec

SPEC = Spec("cribbage", 2, ("greedy", "random"), 20, seed=4, duplicate=True)


def test_a_stopped_run_resumes_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = run(SPEC, chunk=5)
    first = stream(SPEC, chunk=5, checkpoint=tmp_path)
    seen = [next(first) for _ in range(12)]  # stopped in the third chunk, which was finished
    first.close()
    assert seen == whole[:12]
    assert sorted(p.name for p in tmp_path.glob("chunk-*")) == [
        "chunk-0000000000.json",
        "chunk-0000000005.json",
        "chunk-0000000010.json",
    ]
    played: list[int] = []
    real_play = simulate.play

    def counted(spec: Spec, number: int) -> dict[str, object]:
        played.append(number)
        return real_play(spec, number)

    monkeypatch.setattr(simulate, "play", counted)
    finished: list[int] = []
    assert list(stream(SPEC, chunk=5, checkpoint=tmp_path, progress=finished.append)) == whole
    assert played == list(range(15, 20))  # only the chunk not yet kept
    # progress counts the chunks read back too (as they come) and the games played as they are
    assert sum(finished) == 20 and all(n > 0 for n in finished) and finished[:3] == [5, 5, 5]
    played.clear()
    # once every chunk is kept, a run reads them all, whatever chunk size it asks for
    assert list(stream(SPEC, chunk=3, checkpoint=tmp_path)) == whole
    assert played == []


def test_a_folder_of_another_run_is_refused(tmp_path: Path) -> None:
    list(stream(SPEC, chunk=10, checkpoint=tmp_path))
    other = Spec("cribbage", 2, ("greedy", "random"), 20, seed=5, duplicate=True)
    with pytest.raises(CheckpointError, match=r"holds another run \(it differs in seed\)"):
        next(stream(other, chunk=10, checkpoint=tmp_path))
    held = tmp_path / "run.json"
    assert json.loads(held.read_text())["seed"] == 4  # unchanged
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    with pytest.raises(CheckpointError, match="is not a folder"):
        next(stream(SPEC, checkpoint=not_a_folder))


def test_a_folder_of_a_run_seeded_the_earlier_way_is_refused(tmp_path: Path) -> None:
    list(stream(SPEC, chunk=10, checkpoint=tmp_path))
    held = tmp_path / "run.json"
    earlier = json.loads(held.read_text())
    del earlier["seeds"]  # a folder written before seeds were derived by a digest
    held.write_text(json.dumps(earlier))
    with pytest.raises(CheckpointError, match=r"differs in seeds"):
        next(stream(SPEC, chunk=10, checkpoint=tmp_path))
    assert json.loads(held.read_text()) == earlier  # unchanged


@pytest.mark.parametrize("damage", ["{not json", "[]", '"text"'])
def test_a_damaged_chunk_file_is_named(tmp_path: Path, damage: str) -> None:
    list(stream(SPEC, chunk=10, checkpoint=tmp_path))
    chunk = tmp_path / "chunk-0000000010.json"
    chunk.write_text(damage)
    records = stream(SPEC, chunk=10, checkpoint=tmp_path)
    assert len([next(records) for _ in range(10)]) == 10  # the first chunk still reads
    with pytest.raises(CheckpointError, match=r"chunk-0000000010\.json"):
        next(records)

"""Where a simulation's chunks are played: a Dask cluster (a ``LocalCluster`` of worker processes
here) gives the records one process gives for the same seed, with progress, and resumes from a
checkpoint; a cluster that cannot be reached is named, and nothing is played."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from muggins.analysis import runners
from muggins.analysis.runners import RunnerError, runner
from muggins.analysis.simulate import run, stream
from muggins.analysis.spec import Spec

distributed: Any = importlib.import_module("distributed")  # the dask extra, which the tests install


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A scheduler and two single-threaded worker processes on this machine."""
    local: Any = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    with local:
        yield local.scheduler_address


def test_a_cluster_plays_what_one_process_plays(cluster: str, tmp_path: Path) -> None:
    spec = Spec("cribbage", 2, ("expert", "greedy"), 12, seed=21, duplicate=True)
    alone = run(spec, chunk=5)
    done: list[int] = []
    assert list(stream(spec, progress=done.append, cluster=cluster)) == alone
    assert sum(done) == 12 and len(done) > 1  # progress by chunk
    # stopped part-way on the cluster, resumed in this process: the same records
    first = stream(spec, chunk=4, cluster=cluster, checkpoint=tmp_path)
    assert [next(first) for _ in range(4)] == alone[:4]
    first.close()
    assert list(stream(spec, checkpoint=tmp_path)) == alone


def test_the_cluster_runner_counts_its_workers(cluster: str) -> None:
    with runner(_negated, cluster=cluster) as here:
        assert here.workers == 2 and here.in_flight == 8
        assert here.submit(3)() == -3


def _negated(number: int) -> int:
    return -number


def test_a_cluster_not_reached_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runners, "CONNECT_SECONDS", 1)
    records = stream(Spec("cribbage", 2, ("random",), 2, seed=1), cluster="tcp://127.0.0.1:9")
    with pytest.raises(RunnerError, match=r"no Dask scheduler answered at tcp://127.0.0.1:9"):
        next(records)


def test_a_cluster_lost_part_way_is_named_and_what_was_kept_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runners, "CONNECT_SECONDS", 2)  # how long the client tries to reconnect
    spec = Spec("cribbage", 2, ("expert",), 40, seed=3)
    local: Any = distributed.LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=":0")
    records = stream(spec, chunk=2, cluster=local.scheduler_address, checkpoint=tmp_path)
    first = [next(records) for _ in range(2)]
    local.close()
    with pytest.raises(RunnerError, match="was lost"):
        list(records)
    assert list(stream(spec, chunk=2, checkpoint=tmp_path))[:2] == first


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_moves_while_a_chunk_is_played(workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 58: the bar moved in 200-game steps. Games are counted as they are played, here and in
    worker processes (told every ``POLL_SECONDS``: 0 here, so at every look), before their chunk
    is back; the records do not change."""
    monkeypatch.setattr(runners, "POLL_SECONDS", 0.0)
    spec = Spec("cribbage", 2, ("greedy", "greedy"), 12, seed=3)
    told: list[int] = []
    assert list(stream(spec, workers=workers, chunk=12, progress=told.append)) == run(spec, chunk=12)
    assert sum(told) == 12 and len(told) > 1, told  # one chunk, yet more than one step
    if workers == 1:
        assert told == [1] * 12  # here every game is told as it ends

"""Where a simulation's chunks of games are played: in this process, in worker processes on this
machine, or on a Dask cluster (``distributed``, an optional dependency). Each runner takes a chunk
and hands back a way to wait for its result, so the caller can keep a few chunks in flight and read
them back in order."""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Generic, TypeVar

IN_FLIGHT_PER_WORKER = 4
"""Chunks given to each worker ahead of the one being read."""
START_METHOD = "fork" if sys.platform == "linux" else "spawn"
"""Linux forks workers, which start at once with the parent's imports, tables and caches."""
CONNECT_SECONDS = 10
"""How long to wait for a Dask scheduler to answer."""

Job = TypeVar("Job")
Result = TypeVar("Result")


class RunnerError(RuntimeError):
    """A runner that cannot start: Dask not installed, or its scheduler not reached."""


@dataclass(frozen=True, slots=True)
class Runner(Generic[Job, Result]):
    """Chunks submitted here are played as ``work(job)``; ``workers`` play at once, and
    ``in_flight`` chunks are kept submitted ahead of the one being read (one here, where a chunk is
    played only when it is waited for)."""

    submit: Callable[[Job], Callable[[], Result]]
    workers: int
    in_flight: int


def _elsewhere(submit: Callable[[Job], Callable[[], Result]], workers: int) -> Runner[Job, Result]:
    """A runner whose ``workers`` play away from this process, a few chunks each ahead."""
    return Runner(submit, workers, IN_FLIGHT_PER_WORKER * workers)


@contextlib.contextmanager
def runner(
    work: Callable[[Job], Result], workers: int = 1, cluster: str | None = None
) -> Iterator[Runner[Job, Result]]:
    """A runner for ``work``: on the Dask scheduler at ``cluster`` (its workers' threads play), else
    in ``workers`` processes here, else in this process when it is waited for."""
    if cluster is not None:
        with _dask(work, cluster) as found:
            yield found
    elif workers <= 1:
        yield Runner(lambda job: lambda: work(job), 1, 1)
    else:
        with get_context(START_METHOD).Pool(workers) as pool:
            yield _elsewhere(lambda job: pool.apply_async(work, (job,)).get, workers)


@contextlib.contextmanager
def _dask(work: Callable[[Job], Result], address: str) -> Iterator[Runner[Job, Result]]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError as error:
        raise RunnerError("a Dask cluster needs its package: pip install 'muggins[dask]'") from error
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        raise RunnerError(f"no Dask scheduler answered at {address}: {error}") from error
    with client:
        threads = sum(client.nthreads().values())
        if not threads:
            raise RunnerError(f"the Dask scheduler at {address} has no workers")

        def submit(job: Job) -> Callable[[], Result]:
            future = client.submit(work, job, pure=False)

            def result() -> Result:
                try:
                    return future.result()  # type: ignore[no-any-return]
                except (CancelledError, OSError) as error:
                    raise RunnerError(f"the Dask cluster at {address} was lost: {error}") from error

            return result

        yield _elsewhere(submit, threads)

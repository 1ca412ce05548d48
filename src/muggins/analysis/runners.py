"""Where a simulation's chunks of games are played: in this process, in worker processes on this
machine, or on a Dask cluster (``distributed``, an optional dependency). Each runner takes a chunk
and hands back a way to wait for its result, so the caller can keep a few chunks in flight and read
them back in order.

Work that calls :func:`done` as it goes is counted while a chunk is still being played (here and
in worker processes; a Dask chunk counts when it is back), so progress moves every game. Worker
processes ignore Ctrl-C: the parent alone stops, and the pool with it, quietly."""

from __future__ import annotations

import contextlib
import importlib
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

IN_FLIGHT_PER_WORKER = 4
"""Chunks given to each worker ahead of the one being read."""
START_METHOD = "fork" if sys.platform == "linux" else "spawn"
"""Linux forks workers, which start at once with the parent's imports, tables and caches."""
CONNECT_SECONDS = 10
"""How long to wait for a Dask scheduler to answer."""
POLL_SECONDS = 0.25
"""How often a wait on a worker's chunk reads the count of units done meanwhile."""

Counted = Callable[[int], None]
"""Told the units done so far in all (absolute, only growing)."""

_shared: list[Any] = []
"""In a worker process: the pool's shared count of units done (one cell)."""


@dataclass(slots=True)
class _Here:
    """While a runner plays in this process: the units done and whom to tell (every poll)."""

    counted: Counted
    units: int = 0
    told_at: float = 0.0


_here: list[_Here] = []

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


def done(units: int = 1) -> None:
    """Count ``units`` of work done (a game played): work calls it as it goes."""
    if _shared:
        with _shared[0].get_lock():
            _shared[0].value += units
    elif _here:
        here = _here[0]
        here.units += units
        now = time.monotonic()
        if now - here.told_at >= POLL_SECONDS:
            here.told_at = now
            here.counted(here.units)


def _worker_starts(shared: Any) -> None:
    """A worker process: Ctrl-C is the parent's to handle (a worker's traceback helps nobody, and
    a pool whose workers die of it starts new ones), and it counts its units in ``shared``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _shared[:] = [shared]


@contextlib.contextmanager
def runner(
    work: Callable[[Job], Result],
    workers: int = 1,
    cluster: str | None = None,
    counted: Counted | None = None,
) -> Iterator[Runner[Job, Result]]:
    """A runner for ``work``: on the Dask scheduler at ``cluster`` (its workers' threads play), else
    in ``workers`` processes here, else in this process when it is waited for. ``counted`` is told
    the units ``work`` has marked :func:`done` so far, as they are (at least every
    ``POLL_SECONDS`` while a wait goes on)."""
    if cluster is not None:
        with _dask(work, cluster) as found:
            yield found
    elif workers <= 1:
        if counted is None:
            yield Runner(lambda job: lambda: work(job), 1, 1)
            return
        here = _Here(counted)

        def played(job: Job) -> Result:
            result = work(job)
            counted(here.units)
            return result

        _here[:] = [here]
        try:
            yield Runner(lambda job: lambda: played(job), 1, 1)
        finally:
            _here.clear()
    else:
        from multiprocessing import get_context  # here: one process needs none of it at start

        context = get_context(START_METHOD)
        shared = context.Value("q", 0)
        with context.Pool(workers, initializer=_worker_starts, initargs=(shared,)) as pool:

            def submit(job: Job) -> Callable[[], Result]:
                pending = pool.apply_async(work, (job,))

                def result() -> Result:
                    while not pending.ready():
                        pending.wait(POLL_SECONDS)
                        if counted is not None:
                            counted(shared.value)
                    return pending.get()

                return result

            yield _elsewhere(submit, workers)


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

        from concurrent.futures import CancelledError

        def submit(job: Job) -> Callable[[], Result]:
            future = client.submit(work, job, pure=False)

            def result() -> Result:
                try:
                    return future.result()  # type: ignore[no-any-return]
                except (CancelledError, OSError) as error:
                    raise RunnerError(f"the Dask cluster at {address} was lost: {error}") from error

            return result

        yield _elsewhere(submit, threads)

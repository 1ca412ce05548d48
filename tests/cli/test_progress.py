"""Long runs show a progress bar on stderr, in a terminal only: ``simulate`` run under a
pseudo-terminal draws it (count, rate, time spent and left); with ``--json``, or with stdout a pipe,
nothing but the output is written."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
import time

import pytest

MUGGINS = [sys.executable, "-m", "muggins"]
SIMULATE = ["simulate", "--game", "cribbage", "--bots", "random", "--games", "30", "--seed", "1"]


def _run(args: list[str], *, stdout_to_terminal: bool) -> tuple[str, str]:
    """Run ``muggins args`` with stderr on a pseudo-terminal (stdout too, or a pipe): what the
    terminal showed and what the pipe got."""
    main, terminal = pty.openpty()
    done = subprocess.Popen(
        [sys.executable, "-m", "muggins", *args],
        stdin=subprocess.DEVNULL,
        stdout=terminal if stdout_to_terminal else subprocess.PIPE,
        stderr=terminal,
        env={**os.environ, "COLUMNS": "120", "TERM": "xterm-256color"},
    )
    os.close(terminal)
    shown = bytearray()
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    piped = done.stdout.read().decode() if done.stdout else ""
    assert done.wait(timeout=120) == 0, shown.decode(errors="replace")
    os.close(main)
    return shown.decode(errors="replace"), piped


def test_simulate_in_a_terminal_shows_the_bar() -> None:
    shown, _ = _run(SIMULATE, stdout_to_terminal=True)
    assert "simulating" in shown and "/30" in shown and "games/s" in shown, shown
    assert "left" in shown and "wins (95% CI)" in shown


@pytest.mark.parametrize(
    ("extra", "stdout_to_terminal"), [(["--json"], True), ([], False)], ids=["json", "stdout-piped"]
)
def test_no_bar_with_json_or_when_stdout_is_a_pipe(extra: list[str], stdout_to_terminal: bool) -> None:
    shown, piped = _run([*SIMULATE, *extra], stdout_to_terminal=stdout_to_terminal)
    assert "simulating" not in shown and "games/s" not in shown, shown
    assert "simulating" not in piped
    assert ('"by_bot"' in shown) if extra else ("wins (95% CI)" in piped)


@pytest.mark.parametrize(("workers", "attempt"), [("1", 0), ("2", 0), ("2", 1), ("2", 2)])
def test_ctrl_c_stops_a_run_quietly_with_any_number_of_workers(workers: str, attempt: int) -> None:
    """Issue 58: Ctrl-C on ``--workers 2`` printed worker tracebacks in 3 tries of 4 (1 of 3 here),
    and once the pool started new workers and ran on: three tries with workers. A terminal's
    Ctrl-C signals the whole foreground group: so does this."""
    run = subprocess.Popen(
        [*MUGGINS, "simulate", "--bots", "random", "--games", "100000000", "--workers", workers],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own group, as a shell's job
    )
    time.sleep(2 + attempt / 2)  # started, workers forked and playing (a different moment each try)
    assert run.poll() is None, run.stderr.read().decode() if run.stderr else ""
    os.killpg(run.pid, signal.SIGINT)
    try:
        status = run.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        raise AssertionError("still running 15 s after Ctrl-C") from None
    out, err = (pipe.read().decode(errors="replace") if pipe else "" for pipe in (run.stdout, run.stderr))
    assert status == 130, (status, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert out == ""

"""A test run that cannot hang at its end, and that leaves no process behind.

CI waits for the run's output to end, so a process of the run that stays (a test process
stuck in its shutdown, or a grandchild a test started and never ended, holding the output
open) keeps CI waiting until its time runs out, with nothing printed to say why.  So:

- every process of the run is marked: :data:`MARK` in its environment, set by the run's
  first process before it starts the test processes, which inherit it and pass it on to what
  they start (:func:`mark_run`);
- from the moment its session finishes, each test process has :data:`SHUTDOWN_SECONDS` to
  end; past that it prints every thread's stack and ends itself (:func:`end_within`);
- when the run ends, its first process ends what is left of the run and names it on
  stderr (:func:`end_left_running`).

A single test that never ends is pytest-timeout's (``timeout`` in ``pyproject.toml``).
"""

from __future__ import annotations

import faulthandler
import os
import signal
import sys
import time
from pathlib import Path

MARK = "TABULA_TEST_RUN"
"""The environment variable every process of one test run carries (its value is the run's)."""

SHUTDOWN_SECONDS = 300
"""How long a test process may take to end once its session has finished."""


def mark_run(first: bool) -> str:
    """Mark this process and what it starts as part of the run; the run's mark.  The run's
    first process (``first``) makes a new mark, even where it inherited one (a test that runs
    pytest starts a run of its own); its test processes keep the mark they inherited."""
    if first or MARK not in os.environ:
        os.environ[MARK] = f"{os.getpid()}-{time.time_ns()}"
    return os.environ[MARK]


def end_within(seconds: float = SHUTDOWN_SECONDS) -> None:
    """End this process, with every thread's stack on stderr, if it still runs ``seconds`` from now."""
    faulthandler.dump_traceback_later(seconds, exit=True, file=sys.__stderr__)


def left_running(mark: str, children: bool = True) -> list[tuple[int, str]]:
    """``(pid, command line)`` of the live processes (zombies excepted) other than this one
    whose environment carries ``mark`` (Linux's ``/proc``; elsewhere none are found);
    without ``children``, those this process started itself are left out."""
    wanted = f"{MARK}={mark}".encode()
    found = []
    proc = Path("/proc")
    if not proc.is_dir():
        return found
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if wanted not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
            if fields[0] == "Z" or (not children and int(fields[1]) == os.getpid()):
                continue
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        found.append((int(entry.name), command[:160]))
    return found


def end_left_running(mark: str, grace: float = 10.0) -> list[tuple[int, str]]:
    """Kill this process's own children of the run at once (they would end with it: a
    window's worker processes in a run without xdist), wait up to ``grace`` seconds for the
    run's other processes to end, then kill those left and name them on stderr; the ones
    named."""
    mine = set(left_running(mark)) - set(left_running(mark, children=False))
    for pid, _ in mine:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    deadline = time.monotonic() + grace
    while (left := left_running(mark, children=False)) and time.monotonic() < deadline:
        time.sleep(0.2)
    for pid, command in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            continue
        print(f"test run: process {pid} was still running after the tests and was killed: {command}",
              file=sys.__stderr__, flush=True)
    return left

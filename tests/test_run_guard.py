"""The test run's guards (tests/run_guard.py): what it leaves running is found and ended, and a
process that does not end after its session does is ended with its stacks printed."""

import os
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from tests import run_guard

ROOT = Path(__file__).resolve().parents[1]

needs_proc = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")


@needs_proc
def test_a_process_left_running_with_the_runs_mark_is_found_and_ended():
    """An orphan of the run (its starter gone) is waited for, killed and named; this process's
    own child (one that would end with it) is killed without a word; another run's is left."""
    mark = uuid.uuid4().hex
    env = {**os.environ, run_guard.MARK: mark}
    sleeper = f"{sys.executable} -c 'import time; time.sleep(120)'"
    started = subprocess.run(["sh", "-c", f"{sleeper} > /dev/null 2>&1 & echo $!"], env=env, capture_output=True,
                             text=True, timeout=60)
    orphan = int(started.stdout.strip())
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], env=env)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"],
                             env={**os.environ, run_guard.MARK: "another run"})
    try:
        assert {pid for pid, _ in run_guard.left_running(mark)} == {orphan, child.pid}
        assert [pid for pid, _ in run_guard.left_running(mark, children=False)] == [orphan]
        ended = run_guard.end_left_running(mark, grace=0.5)
        assert [pid for pid, _ in ended] == [orphan] and "time.sleep(120)" in ended[0][1]
        assert child.wait(30) == -9 and other.poll() is None
        deadline = time.monotonic() + 30  # a killed orphan is gone once its new parent reaps it
        while run_guard.left_running(mark) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert run_guard.left_running(mark) == []
    finally:
        for process in (child, other):
            process.kill()
            process.wait()
        try:
            os.kill(orphan, 9)
        except OSError:
            pass


def test_a_process_that_does_not_end_after_its_session_is_ended_with_its_stacks():
    code = textwrap.dedent("""
        import threading, time
        from tests import run_guard
        run_guard.end_within(1)
        threading.Event().wait()  # a shutdown that never finishes
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1
    assert "Timeout" in done.stderr and "line 5" in done.stderr  # where it waited


def test_a_run_started_inside_a_run_has_a_mark_of_its_own(monkeypatch):
    monkeypatch.setenv(run_guard.MARK, "the outer run")
    assert run_guard.mark_run(first=False) == "the outer run"  # a test process of the outer run
    inner = run_guard.mark_run(first=True)  # a test of the outer run runs pytest: its first process
    assert inner != "the outer run" and os.environ[run_guard.MARK] == inner

"""Long commands stopped by a real SIGINT or SIGTERM (real processes: signals are the point):
the finished work is kept and printed, the message promises nothing it does not print, the
workers and their semaphores are gone, and the exit code is 130 or 143.  A review killed
outright (SIGKILL) keeps the decisions it had finished."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ROLLOUT = ("rollout", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31", "--moves", "8/5 6/5",
           "--trials", "1296", "--json")


def _start(args, env_mark: str, code: str | None = None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABULA_STOP_TEST": env_mark}
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "game", *args]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _left_over(mark: str) -> list[int]:
    """Processes still running with this test's mark in their environment (its workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and f"TABULA_STOP_TEST={mark}".encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _wait_for_trials(process: subprocess.Popen) -> list[str]:  # with one worker, often within the first block
    """stderr's lines up to the first progress line with a trial (``rollout: N/1296`` with N > 0)."""
    lines = []
    for line in process.stderr:
        lines.append(line)
        if line.startswith("rollout: ") and not line.startswith("rollout: 0/"):
            return lines
    raise AssertionError("no progress: " + "".join(lines)[-2000:])


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
@pytest.mark.parametrize(("number", "workers", "code"), [
    (signal.SIGINT, "1", 130),
    pytest.param(signal.SIGTERM, "2", 143, marks=pytest.mark.long),  # spawned workers take a while to start
])
def test_a_stopped_rollout_prints_its_trials_and_ends_its_workers(number, workers, code):
    mark = uuid.uuid4().hex
    process = _start([*ROLLOUT, "--workers", workers], mark)
    try:
        _wait_for_trials(process)
        process.send_signal(number)
        out, err = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == code, err
    report = json.loads(out)
    assert report["stopped"] == "interrupted" and 0 < report["trials_done"] < 1296
    assert report["candidates"][0]["trials"] == report["trials_done"]
    assert f"the figures below are the {report['trials_done']} trials that ended" in err
    assert "leaked" not in err and "Traceback" not in err
    assert _left_over(mark) == []


KILLED_REVIEW = """
import sys, time
import game.core.review.run as core
core.KEEP_SECONDS = 0.0  # write after every decision: the test needs no clock
real, calls = core._decision, []
def analysed(*args, **kwargs):
    calls.append(1)
    if len(calls) == 4:  # three finished: wait here to be killed
        print("fourth", flush=True)
        time.sleep(600)
    return real(*args, **kwargs)
core._decision = analysed
from game.cli import main
sys.exit(main(["review", sys.argv[1] if len(sys.argv) > 1 else %r, "--level", "intermediate"]))
"""


@pytest.mark.slow
def test_a_review_killed_outright_keeps_what_it_had_finished(capsys, save, monkeypatch):
    process = _start([], uuid.uuid4().hex, KILLED_REVIEW % str(save))
    try:
        assert process.stdout.readline() == "fourth\n", process.stderr.read()[-2000:]
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=60)
    finally:
        process.kill()
    import game.core.review.run as core

    from .util import run

    real, analysed = core._decision, []
    monkeypatch.setattr(core, "_decision", lambda *a, **k: analysed.append(1) or real(*a, **k))
    code, out, err = run(capsys, "review", str(save), "--level", "intermediate", "--json")
    assert code == 0, err
    assert len(analysed) == 13  # 16 decisions, 3 kept from the killed run
    assert len([d for g in json.loads(out)["games"] for d in g["decisions"]]) == 16


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_a_tournament_stopped_by_sigterm_keeps_its_games_for_a_resume(tmp_path):
    import time

    mark, folder = uuid.uuid4().hex, tmp_path / "t"
    games = folder / "games.jsonl"
    process = _start(["tournament", "backgammon", "--players", "beginner", "intermediate", "--games", "40",
                      "--seed", "1", "--workers", "2", "--out", str(folder)], mark)
    try:
        while not (games.is_file() and games.stat().st_size):  # the first game stored
            assert process.poll() is None, process.stderr.read()[-2000:]
            time.sleep(0.1)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 143, err
    kept = len(games.read_text().splitlines())
    assert f"interrupted: {kept} of 40 games kept in {folder}" in err
    assert "Traceback" not in err and "leaked" not in err and _left_over(mark) == []


def test_an_interrupt_caught_after_leaving_code_run_by_exec_keeps_the_commands_exit_code():
    # A stop signal landing while a dataclass or named tuple is defined (inside an import)
    # raises in code run by exec; CPython then ends ``python -m`` by SIGINT unless told otherwise.
    done = subprocess.run([sys.executable, "-m", "tests.stop_exit_probe"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert done.returncode == 143, done.stderr

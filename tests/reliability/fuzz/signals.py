"""Long jobs stopped at random moments: a ``rollout`` (one worker or two), a ``review`` of a
match with no cache, a ``tournament`` and a ``train`` run, each sent SIGINT (as Ctrl-C: to
the process or to its whole group) or SIGTERM (as ``timeout`` or a closed terminal) after a
random delay.

Accepted means it stopped as a user expects: exit code 130 for SIGINT and 143 for SIGTERM (or
0 if it finished first); no traceback and no leaked semaphore on stderr; no process of its
group left running; and a rollout that says it prints the finished trials prints them.
Each case runs real processes for seconds, so its share of a soak run is small."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .readers import MATCHES
from .runner import FollowUpFailed, Target

ROOT = Path(__file__).parents[3]
EXPECTED = {signal.SIGINT: 130, signal.SIGTERM: 143}
GRACE_SECONDS = 30
"""How long a signalled job may take to stop."""

JOBS = {
    "rollout": lambda folder, rng: ["rollout", "backgammon", "--position", "4HPwATDgc/ABMA", "--dice", "31",
                                    "--trials", "1296", "--workers", rng.choice(("1", "2")), "--no-early-stop"],
    "review": lambda folder, rng: ["review", str(folder / "m.mat"), "--level", "intermediate"],
    "tournament": lambda folder, rng: ["tournament", "backgammon", "--players", "easy", "random", "--games", "400",
                                       "--workers", "2", "--out", str(folder / "t")],
    "train": lambda folder, rng: ["train", "backgammon", "--arch", "phase48", "--games", "4000",
                                  "--out", str(folder / "net.npz")],
}


def draw_stop(rng: random.Random) -> tuple[str, list[str], int, bool, float]:
    """``(job, its arguments, signal, to the whole group?, delay in seconds)``."""
    job = rng.choice(sorted(JOBS))
    folder_free = JOBS[job](Path("{folder}"), rng)
    return job, folder_free, rng.choice((signal.SIGINT, signal.SIGTERM)), rng.random() < 0.5, rng.uniform(0.3, 6.0)


def check_stop(case) -> None:
    job, argv, signum, group, delay = case
    folder = Path(tempfile.mkdtemp(prefix="tabula-fuzz-stop-"))
    shutil.copyfile(MATCHES / "3pt-a.mat", folder / "m.mat")
    argv = [arg.replace("{folder}", str(folder)) for arg in argv]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABULA_HOME": str(folder / "home")}
    process = subprocess.Popen([sys.executable, "-m", "game", *argv], cwd=folder, env=env, start_new_session=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(delay)
        if process.poll() is None:
            (os.killpg if group else os.kill)(process.pid, signum)
        try:
            out, err = process.communicate(timeout=GRACE_SECONDS + delay)
        except subprocess.TimeoutExpired:
            raise FollowUpFailed(f"{job}: still running {GRACE_SECONDS} s after {signum.name}") from None
        _judge(job, signum, process.returncode, out, err)
        _group_gone(job, process.pid)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def _judge(job: str, signum: signal.Signals, code: int, out: str, err: str) -> None:
    what = f"{job} after {signum.name}"
    if code not in (0, EXPECTED[signum]):
        raise FollowUpFailed(f"{what}: exit {code}, not {EXPECTED[signum]}: {err.strip()[-160:]!r}")
    if "Traceback" in err:
        raise FollowUpFailed(f"{what}: a traceback: {err.strip()[-200:]!r}")
    if "leaked" in err:
        raise FollowUpFailed(f"{what}: leaked: {err.strip()[-160:]!r}")
    if job == "rollout" and "below" in err and not out.strip():
        raise FollowUpFailed(f"{what}: promised the finished trials and printed none")


def _group_gone(job: str, pgid: int) -> None:
    """No process of the job's group outlives it (worker processes are cleaned up); a zombie
    waiting for its parent to be reaped counts as gone."""
    for _ in range(50):
        if not _members(pgid):
            return
        time.sleep(0.1)
    os.killpg(pgid, signal.SIGKILL)
    raise FollowUpFailed(f"{job}: worker processes still running after it exited")


def _members(pgid: int) -> list[int]:
    """The live (not zombie) processes of group ``pgid``, from ``/proc``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


TARGETS: dict[str, Target] = {"signals": Target(draw_stop, check_stop, share=0.02,
                                                hang_seconds=GRACE_SECONDS + 40)}

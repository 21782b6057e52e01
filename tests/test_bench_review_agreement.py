"""``bench/review_agreement.py`` runs on one game and prints its table (the agreement targets
are measured in bench/, not asserted here)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_review_agreement_bench_runs_on_one_game():
    pytest.importorskip("gnubg_nn", reason="gnubg-nn (the test extra) is GNU Backgammon's evaluator, the reference")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "review_agreement.py"), "--files", "3pt-a",
                           "--games", "1", "--seed", "2", "--worst", "3"],
                          check=False, capture_output=True, text=True, env=env, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[1:4] == ["decisions", "from", "3pt-a"] and int(lines[0].split()[0]) > 10
    assert lines[1].startswith("our level intermediate against GNU (gnubg_nn) at 0 ply")
    rows = {line.split()[0]: line.split() for line in lines if line.split()[:1] in (["chequer"], ["cube"], ["all"])}
    assert set(rows) == {"chequer", "cube", "all"}
    chequer, every = rows["chequer"], rows["all"]
    assert int(chequer[1]) > 10 and int(every[1]) >= int(chequer[1])
    assert -1 <= float(chequer[6]) <= 1  # the Spearman correlation
    players = [line for line in lines if line.startswith("  3pt-a ")]
    assert len(players) == 2 and all("decisions" in line and "/" in line for line in players)
    worst = lines[lines.index(next(line for line in lines if line.startswith("largest disagreements"))) + 1:]
    assert len(worst) == 3 and all(line.split()[0] == "3pt-a" for line in worst)

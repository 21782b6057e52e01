"""``bench/speed/cube.py`` runs and prints every line (its numbers are not checked: speed lives in bench/)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_cube_speed_bench_runs():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "bench.speed.cube", "--n", "100", "--repeat", "1"],
                          capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("reference: one cubeless 0-ply evaluation batch")
    rows = [line for line in lines if line.startswith(("decide", "money.", "match.", "expert player"))]
    # decide twice; money for 1 and 100 rows; match one call a row and at once, for 1 and 100; the Expert twice
    assert len(rows) == 2 + 2 + 2 + 2 + 2
    assert all(float(row.split()[-1]) >= 0 for row in rows)  # a ratio printed to two decimals: 0.00 on a busy machine

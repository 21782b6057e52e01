"""``python -m bench.speed`` (``bench/speed/levels.py``) on 2 chequer decisions and 1 cube decision:
a table row per engine, each level against its reference, and the JSON's shape (its times are
not checked: speed lives in bench/)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEVELS = {"intermediate": "gnubg-0ply", "advanced": "gnubg-1ply", "expert": "gnubg-2ply", "worldclass": "sage-3ply",
          "grandmaster": "gnubg-3ply"}
OTHERS = ("gnubg-0ply", "gnubg-1ply", "gnubg-2ply", "gnubg-3ply", "sage-1ply", "sage-2ply", "sage-3ply")


def test_the_levels_speed_bench_prints_and_writes_every_engine(tmp_path):
    out = tmp_path / "speed.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "bench.speed", "--decisions", "2", "--cube", "1", "--json", str(out)],
                          capture_output=True, text=True, env=env, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("2 chequer decisions of bench.strength.error_rate (seed 1), 1 thread(s) each")
    rows = {line.split()[0]: line.split() for line in lines[3:3 + len(LEVELS) + len(OTHERS)]}
    assert list(rows) == [*LEVELS, *OTHERS]
    for level, reference in LEVELS.items():
        assert rows[level][3] == reference and rows[level][4].endswith("x")
    assert all(rows[name][3:] == ["—", "—"] for name in OTHERS)
    assert lines[-4].startswith("1 cube decisions of the real matches")
    cube_rows = [line.split() for line in lines[-2:]]
    assert [row[0] for row in cube_rows] == ["expert", "gnubg-2ply"] and cube_rows[0][3] == "gnubg-2ply"

    figures = json.loads(out.read_text())
    assert (figures["decisions"], figures["threads"], figures["review"]) == (2, 1, None)
    assert list(figures["chequer"]) == [*LEVELS, *OTHERS]
    for name, row in figures["chequer"].items():
        assert row["decisions"] == 2 and row["mean_ms"] > 0 and row["median_ms"] > 0
        assert row["reference"] == LEVELS.get(name)
        expected = row["mean_ms"] / figures["chequer"][row["reference"]]["mean_ms"] if row["reference"] else None
        assert row["ratio"] == expected
    assert list(figures["cube"]) == ["expert", "gnubg-2ply"]
    assert figures["cube"]["expert"]["decisions"] == 1 and figures["cube"]["expert"]["reference"] == "gnubg-2ply"

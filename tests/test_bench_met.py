"""``bench/met.py`` decides every match cube decision of the real matches under two tables and
counts the flips."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_bench_counts_the_flips_of_another_table():
    done = subprocess.run([sys.executable, "-m", "bench.met", "--json", "--examples", "2"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["default"] == "Kazaross XG2" and report["level"] == "intermediate"
    (name, mec), = report["tables"].items()
    assert name.startswith("mec") and mec["decisions"] > 1000
    assert 0 < mec["flips"] == sum(mec["changes"].values()) < mec["decisions"] // 10
    assert mec["doubler_flips"] + mec["taker_flips"] >= mec["flips"] and len(mec["examples"]) == 2
    assert all(e["default"] != e["other"] for e in mec["examples"])


def test_an_action_splits_into_the_doublers_and_the_takers_choice():
    from bench.met import halves

    assert halves("no_double") == (False, "take") and halves("double_pass") == (True, "pass")
    assert halves("redouble_take") == (True, "take") and halves("too_good") == (False, "pass")

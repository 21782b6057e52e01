"""``bench/agreement/review.py`` runs on one game and prints its table (the agreement targets
are measured in bench/, not asserted here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_bench(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "bench.agreement.review", *args],
                          check=False, capture_output=True, text=True, env=env, timeout=600, cwd=ROOT)


@pytest.mark.slow
def test_the_review_agreement_bench_runs_on_one_game(tmp_path):
    pytest.importorskip("gnubg_nn", reason="gnubg-nn (the test extra) is GNU Backgammon's evaluator, the reference")
    saved = tmp_path / "rows.json"
    done = run_bench("--level", "intermediate", "--files", "3pt-a", "--games", "1", "--seed", "2", "--worst", "3",
                     "--save-rows", str(saved))
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
    # A run split in two (as --files across processes splits one) reads back as the whole
    rows = json.loads(saved.read_text())
    halves = [tmp_path / "first.json", tmp_path / "second.json"]
    halves[0].write_text(json.dumps(rows[:10]))
    halves[1].write_text(json.dumps(rows[10:]))
    again = run_bench("--level", "intermediate", "--rows", *map(str, halves))
    assert again.returncode == 0, again.stderr
    table = lines[1:lines.index(next(line for line in lines if line.startswith("largest disagreements")))]
    assert again.stdout.splitlines()[0].startswith(f"{len(rows)} decisions from 3pt-a")
    assert again.stdout.splitlines()[1:] == table


def test_the_model_cube_reference_values_gnus_chances_with_our_cube_maths():
    gnubg_nn = pytest.importorskip("gnubg_nn", reason="gnubg-nn (the test extra) is GNU Backgammon's evaluator")
    from bench.agreement import review as bench
    from game.backgammon.cube.state import DOUBLE, ROLL
    from game.backgammon.evaluators import boards_to_array
    from game.backgammon.position import parse_position

    state = parse_position("4HPwATDgc/ABMA:cAngAAAAAAAA")  # the opening position at 0-0 of a 7-point match
    assert state.cube.is_match and state.cube.owner is None
    on_roll = bench.gnu.GnuChances().probabilities(boards_to_array([(state.on_roll, state.opponent)]))[0]
    assert on_roll == pytest.approx(gnubg_nn.probabilities(bench.gnu.board_of(state), 0))
    # Nobody doubles at the start: rolling on loses nothing, doubling loses
    assert bench.gnu_model_cube_loss(state, ROLL, 0) == 0.0
    assert bench.gnu_model_cube_loss(state, DOUBLE, 0) > 0.1

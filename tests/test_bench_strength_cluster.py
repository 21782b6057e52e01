"""The strength benches hand their games out through ``game.core.distribute`` (``--cluster``):
``bench/strength/networks.py`` split into blocks gives ``duplicate_match``'s figures, and a bad
``--address`` is a usage error before any game."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.backgammon.nets.arena import duplicate_match
from game.backgammon.nets.choosers import make_chooser

ROOT = Path(__file__).resolve().parents[1]


def test_strength_in_blocks_gives_the_duplicate_match_figures(monkeypatch, capsys):
    strength = importlib.import_module("bench.strength.networks")
    monkeypatch.setattr(strength, "DEALS_AT_ONCE", 4)  # 10 deals: blocks of 4, 4 and 2
    monkeypatch.setattr(sys, "argv", ["networks.py", "--pair", "greedy:bras", "hard", "--games", "20", "--seed", "3"])
    strength.main()
    row = capsys.readouterr().out.splitlines()[2].split()
    expected = duplicate_match(make_chooser("greedy:bras", 3), make_chooser("hard", 4), 10, 3)
    assert row[:3] == ["greedy:bras", "hard", f"{expected.per_game.mean:+.3f}"]
    assert row[5] == f"{100 * expected.wins / 20:.1f}%"


@pytest.mark.parametrize("bench", ["networks", "chesstack", "mandragora"])
def test_address_without_cluster_ray_is_a_usage_error(bench):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", f"bench.strength.{bench}", "--address", "auto"],
                          check=False, capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert done.returncode == 2 and "--address is for --cluster ray" in done.stderr

"""``tabula eval``: the JSON contract and the spec's values through the command line."""

from __future__ import annotations

import json

import pytest

from game.backgammon import formats
from game.backgammon.board import make_side
from .util import run

START = "4HPwATDgc/ABMA"



def test_bras_json_gives_s_me_d_and_factors(capsys):
    code, out, _ = run(capsys, "eval", "backgammon", "--position", START, "--json")
    report = json.loads(out)
    assert code == 0 and report["evaluator"] == "bras"
    assert report["value"] == pytest.approx(50.0) and report["D"] == pytest.approx(0.0)
    assert {"pip", "bar", "off", "hb", "prime", "blot", "out", "anch", "stack", "x1", "x2"} <= set(report["factors"])


def test_bras_sample_two_through_the_command_line(capsys):
    me = make_side({2: 1, 6: 5, 13: 5, 20: 1, 24: 2}, bar=1)
    # The spec gives the opponent in our numbering (1:3 7:1 8:1 12:5 17:2 19:3); point i is their 25 - i.
    opp = make_side({25 - i: n for i, n in {1: 3, 7: 1, 8: 1, 12: 5, 17: 2, 19: 3}.items()})
    code, out, _ = run(capsys, "eval", "backgammon", "--position", formats.position_id(me, opp), "--json")
    report = json.loads(out)
    assert report["D"] == pytest.approx(-0.1264667, abs=1e-7)
    assert report["value"] == pytest.approx(47.8935, abs=1e-4)
    assert sum(report["factors"].values()) == pytest.approx(report["value"])


def test_seven_factors_opening_is_0_9(capsys):
    code, out, _ = run(capsys, "eval", "backgammon", "--position", START, "--evaluator", "seven-factors", "--json")
    report = json.loads(out)
    assert report["value"] == pytest.approx(0.9) and "D" not in report
    assert list(report["factors"]) == ["pip", "blot", "made", "prime", "home", "anchor", "contact"]


def test_text_output_lists_each_factor_and_the_total(capsys):
    code, out, _ = run(capsys, "eval", "backgammon", "--position", START, "--evaluator", "phase-heuristic")
    assert code == 0 and "occ" in out and out.strip().splitlines()[-1].split() == ["total", "0.278793"]


def test_unknown_evaluator_is_a_usage_error(capsys):
    code, _, err = run(capsys, "eval", "backgammon", "--position", START, "--evaluator", "nope")
    assert code == 2 and "known evaluators" in err

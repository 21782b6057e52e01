"""``tabula analyze backgammon --position P --all-rolls``: every roll's best play (issue 35 item 5)."""

from __future__ import annotations

import json

import pytest

from .util import run

OPENING = "4HPwATDgc/ABMA"
MIDGAME = "sGfwATDgc/ABMA"


@pytest.mark.slow
@pytest.mark.parametrize("position", [OPENING, MIDGAME])
def test_every_roll_matches_analyze_with_those_dice_row_by_row(capsys, position):
    code, out, err = run(capsys, "analyze", "backgammon", "--position", position, "--all-rolls",
                         "--level", "beginner", "--json")
    assert code == 0, err
    table = json.loads(out)
    assert set(table) >= {"rolls", "average"} and len(table["rolls"]) == 21
    dice = [row["dice"] for row in table["rolls"]]
    assert len(set(dice)) == 21 and all(len(d) == 2 and d[0] >= d[1] for d in dice)
    weights = 0
    for row in table["rolls"]:
        code, out, err = run(capsys, "analyze", "backgammon", "--position", position, "--dice", row["dice"],
                             "--level", "beginner", "--json")
        assert code == 0, err
        first = json.loads(out)[0]
        assert (first["move"], first["value"]) == (row["best"], row["equity"]), row["dice"]
        weights += 1 if row["dice"][0] == row["dice"][1] else 2
    assert weights == 36
    mean = sum(row["equity"] * (1 if row["dice"][0] == row["dice"][1] else 2) for row in table["rolls"]) / 36
    assert table["average"] == pytest.approx(mean, abs=1e-12)


@pytest.mark.slow
def test_a_cube_position_is_taken_as_not_doubled(capsys):
    """With the cube in play the player first decides whether to double; the rolls follow no double."""
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    code, out, err = run(capsys, "analyze", "backgammon", "--position", xgid, "--all-rolls", "--level", "beginner")
    assert code == 0, err
    assert "21 rolls" in out and out.rstrip().splitlines()[-1].startswith("average over the rolls")
    assert len([line for line in out.splitlines() if line[:4].strip().isdigit()]) == 21


def test_bad_uses_are_usage_errors(capsys):
    code, _, err = run(capsys, "analyze", "backgammon", "--position", OPENING, "--all-rolls", "--dice", "31")
    assert code == 2 and "leave out --dice" in err
    code, _, err = run(capsys, "analyze", "chesstack", "--position", "startpos", "--all-rolls")
    assert code == 2 and "no rolls" in err


@pytest.mark.parametrize("position", [
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:6:6:0:7:10",  # a pass ends the match
    "XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:6:5:0:7:10",  # a pass leads to the next game's opening roll
])
def test_a_double_to_answer_is_no_position_before_the_roll(capsys, position):
    code, out, err = run(capsys, "analyze", "backgammon", "--position", position, "--all-rolls",
                         "--evaluator", "phase-heuristic")
    assert (code, out) == (2, "") and err == ("tabula: error: --all-rolls needs a position before the roll or just "
                                              "after it: a decision comes first (a double to answer), or the dice "
                                              "are the opening roll's\n")

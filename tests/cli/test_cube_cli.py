"""``tabula cube`` and ``tabula analyze`` at a cube decision."""

from __future__ import annotations

import json

import pytest

from .util import run

DOUBLE_TAKE = "AQAAKAAAAAAAAA"  # the roller's last roll wins 25 of 36: double, take
MATCH = f"{DOUBLE_TAKE}:MAHgACAAGAAA"  # White to decide, 7-point match at 2-3, cube centred
OFFERED = f"{DOUBLE_TAKE}:MBkAAAAAAAAE"  # money, a double offered
CUBELESS = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")


def cube_json(capsys, *args):
    code, out, err = run(capsys, "cube", "backgammon", *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_the_json_has_the_shape_of_the_issue(capsys):
    record = cube_json(capsys, "--position", DOUBLE_TAKE, "--level", "advanced")
    assert {"proper", "nd", "dt", "dp", "cubeless", "take_point", "level"} <= set(record)
    assert list(record["cubeless"]) == list(CUBELESS)
    assert record["proper"] == "Double, take" and record["level"] == "advanced" and record["money"]
    assert record["dp"] == 1.0 and record["nd"] < record["dt"] < record["dp"]
    assert record["cubeless"]["win"] == pytest.approx(25 / 36, abs=2e-3)


def test_expert_is_the_default_and_matches_give_match_winning_chances(capsys):
    record = cube_json(capsys, "--position", MATCH)
    assert record["level"] == "expert" and record["plies"] == 2 and not record["money"]
    assert set(record["mwc"]) == {"nd", "dt", "dp"}


def test_an_xgid_is_the_same_position(capsys):
    xgid = cube_json(capsys, "--position", "XGID=--AA--------------------a-:0:0:1:00:2:3:0:7:10", "--level", "advanced")
    gnu = cube_json(capsys, "--position", MATCH, "--level", "advanced")
    assert xgid == gnu


def test_a_double_offered_is_answered(capsys):
    record = cube_json(capsys, "--position", OFFERED, "--level", "advanced")
    assert record["decision"] == "take" and record["proper"] == "Double, take"


def test_the_text_names_the_proper_action(capsys):
    code, out, _ = run(capsys, "cube", "backgammon", "--position", DOUBLE_TAKE, "--level", "advanced")
    assert code == 0
    assert "Proper cube action: Double, take" in out and "Take point:" in out and "Double, pass  +1.000" in out


@pytest.mark.parametrize("position, message", [
    ("garbage", "invalid position ID"),
    (f"{DOUBLE_TAKE}:sAGgAEAAEAAA", "Crawford game"),
    (f"{DOUBLE_TAKE}:EQEAAAAAAAAE", "the opponent owns the cube"),
    (f"{DOUBLE_TAKE}:MIEFAAAAAAAE", "the dice are rolled"),
])
def test_positions_without_a_cube_decision_are_usage_errors(capsys, position, message):
    code, out, err = run(capsys, "cube", "backgammon", "--position", position)
    assert code == 2 and not out
    assert message in err and "Traceback" not in err


def test_an_unknown_level_is_a_usage_error(capsys):
    code, _, err = run(capsys, "cube", "backgammon", "--position", DOUBLE_TAKE, "--level", "supergrandmaster")
    assert code == 2 and "unknown level 'supergrandmaster'" in err


def test_analyze_at_a_cube_decision_shows_the_cube_actions(capsys):
    code, out, err = run(capsys, "analyze", "backgammon", "--position", MATCH, "--json")
    assert code == 0, err
    records = json.loads(out)
    assert [r["move"] for r in records] == ["Doubles => 2", "No double"]
    assert records[0]["explanation"][0] == "Proper cube action: Double, take"
    code, out, err = run(capsys, "analyze", "backgammon", "--position", OFFERED)
    assert code == 0, err
    assert "Takes" in out and "Drops" in out and "A pass would lose" in out

"""The cube at this score (game/backgammon/theory/cube.py) against the published take points,
and ``tabula cube --theory``'s JSON contract."""

import json

import pytest

from game.backgammon.cube.met import kazaross
from game.backgammon.position import parse_position
from game.backgammon.theory.cube import cube_theory
from tests.cli.util import run

NO_GAMMONS = (0.6, 0.0, 0.0, 0.0, 0.0)


def test_money_take_points_are_janowskis():
    # Rick Janowski, "Take-points in money games" (1993): with no gammons a dead cube's take
    # point is 25% and a fully live one's 20%; the cash points are their complements.
    theory = cube_theory(parse_position("4HPwATDgc/ABMA"), NO_GAMMONS)
    assert theory["take_point"]["dead"] == 0.25 and theory["take_point"]["live"] == 0.2
    assert theory["cash_point"]["dead"] == 0.75 and theory["cash_point"]["live"] == 0.8
    assert 0.2 < theory["take_point"]["x"] < 0.25 and theory["gammon_values"] == [0.5, 0.5]
    assert theory["money"] and theory["met"] is None
    assert theory["where"].startswith("the position is 1") and "short of the cash point" in theory["where"]
    # gammons raise the taker's losses: a higher take point
    assert cube_theory(parse_position("4HPwATDgc/ABMA"), (0.6, 0.2, 0.0, 0.1, 0.0))["take_point"]["dead"] > 0.25


def test_at_two_away_two_away_the_take_point_is_the_tables_crawford_score():
    # After a double to 2 at 2-away/2-away a pass leaves the taker 2-away against 1-away, the
    # table's 32.3% (Kazaross XG2); a take plays for the match, so the cube is dead after it.
    state = parse_position("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:1:1:0:3:10")  # 3-point match at 1-1
    theory = cube_theory(state, NO_GAMMONS)
    assert theory["take_point"]["dead"] == pytest.approx(kazaross().pre(2, 1), abs=1e-4)
    assert theory["take_point"]["live"] == theory["take_point"]["dead"]
    assert theory["met"] == "Kazaross XG2" and not theory["money"]
    ws, wg, ls, lg = 1.0, 1.0, 0.0, 0.0  # the doubled cube wins or loses the match, gammon or not
    assert theory["gammon_values"] == [(wg - ws) / (ws - ls), (ls - lg) / (ws - ls)]


def test_the_theory_commands_json(capsys):
    code, out, err = run(capsys, "cube", "backgammon", "--position", "AQAAKAAAAAAAAA:MAHgACAAGAAA", "--theory",
                         "--json", "--level", "intermediate")
    assert code == 0, err
    theory = json.loads(out)
    assert {"take_point", "cash_point", "gammon_values", "chances"} <= set(theory)
    assert {"dead", "live"} <= set(theory["take_point"]) and {"dead", "live"} <= set(theory["cash_point"])
    assert len(theory["gammon_values"]) == 2 and 0 < theory["chances"]["win"] < 1
    assert theory["take_point"]["live"] < theory["take_point"]["x"] < theory["take_point"]["dead"]
    code, out, err = run(capsys, "cube", "backgammon", "--position", "AQAAKAAAAAAAAA:MAHgACAAGAAA", "--theory",
                         "--level", "intermediate")
    assert code == 0 and "take point" in out and "cash point" in out and "Gammon values" in out

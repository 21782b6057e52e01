"""The score map (game/backgammon/theory/score_map.py) and ``tabula cube --score-map``'s JSON."""

import json

import pytest

from game.backgammon.analysis.ai import strongest_evaluator
from game.backgammon.cube.state import CubeState
from game.backgammon.evaluators import get_evaluator
from game.backgammon.position import parse_position
from game.backgammon.theory.score_map import score_map
from tests.cli.util import run

ACTIONS = {"no_double", "double_take", "double_pass", "too_good", "no_redouble", "redouble_take", "redouble_pass",
           "double_beaver", "no_double_beaver", "redouble_beaver", "no_redouble_beaver"}


def _map(text: str, length: int) -> dict:
    return score_map(parse_position(text), length, 0, get_evaluator(strongest_evaluator()))


def test_every_score_has_an_action_and_the_match_rules_hold():
    found = _map("4HPwATDgc/ABMA", 5)
    cells = {(c["away"][0], c["away"][1], c["kind"]): c["action"] for c in found["cells"]}
    assert len(cells) == 4 * 4 + 2 * 2 * 4 + 1  # pre-Crawford, both games of each 1-away score, 1-away both
    assert set(cells.values()) <= ACTIONS and found["money"] in ACTIONS and found["length"] == 5
    for b in range(2, 6):
        assert cells[(1, b, "crawford")] == cells[(b, 1, "crawford")] == "no_double"  # nobody doubles
        assert cells[(b, 1, "post_crawford")].startswith("double")  # the trailer doubles at once ...
        assert cells[(1, b, "post_crawford")] == "no_double"  # ... and the leader never needs to
    assert cells[(1, 1, "post_crawford")] == "no_double"  # double match point
    # the free drop: the opening position leaves the leader no better than even, so he passes at 2-away
    assert cells[(2, 1, "post_crawford")] == "double_pass" and cells[(3, 1, "post_crawford")] == "double_take"


def test_a_cube_the_other_side_owns_has_no_map():
    state = parse_position("4HPwATDgc/ABMA")
    from dataclasses import replace
    owned = replace(state, cube=CubeState(value=2, owner=1 - state.turn, phase="decide"))
    with pytest.raises(ValueError, match="other side owns the cube"):
        score_map(owned, 5, 0, get_evaluator(strongest_evaluator()))
    with pytest.raises(ValueError, match="from 1 to 25"):
        score_map(state, 26, 0, get_evaluator(strongest_evaluator()))


def test_the_score_map_commands_json(capsys):
    code, out, err = run(capsys, "cube", "backgammon", "--position", "AQAAKAAAAAAAAA:MAHgACAAGAAA", "--score-map",
                         "--length", "3", "--level", "intermediate", "--json")
    assert code == 0, err
    found = json.loads(out)
    assert found["length"] == 3 and found["money"] in ACTIONS
    assert all({"away", "action"} <= set(c) and len(c["away"]) == 2 for c in found["cells"])
    assert {tuple(c["away"]) for c in found["cells"]} == {(a, b) for a in range(1, 4) for b in range(1, 4)}
    code, out, _ = run(capsys, "cube", "backgammon", "--position", "4HPwATDgc/ABMA", "--score-map", "--length", "3",
                       "--level", "intermediate")
    assert code == 0 and "Money:" in out and "2-away" in out
    code, _, err = run(capsys, "cube", "backgammon", "--position", "4HPwATDgc/ABMA", "--length", "3")
    assert code == 2 and "--length goes with --score-map" in err


def test_a_money_game_with_beavers_gets_the_beaver_forms_for_money():
    # the opening position of a money game with the Jacoby rule and beavers (XGID's rules field 3)
    found = _map("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10", 3)
    assert found["money"] == "no_double_beaver"  # a double of the opening position would be beavered
    assert not any("beaver" in c["action"] for c in found["cells"])  # no beavers in a match

"""The position line's text (Ctrl+C) is the whole position: dice, cube, score, rules; pasting
it back (Ctrl+V, or any --position) gives the same position, whatever kind of game."""

from dataclasses import replace

import pytest

from game.backgammon.cube.state import DECIDE, OFFERED, CubeState
from game.games import get_game

INFO = get_game("backgammon")
START = INFO.notation.parse_position("4HPwATDgc/ABMA")


def _forms(state) -> tuple:
    return (INFO.notation.format_position(state),
            *(INFO.other_form_text(state, name) for name in INFO.notation.other_forms))


STUDY_POSITIONS = {
    "cubeless, before the roll": START,
    "cubeless, dice rolled (what Set up position gives)": replace(START, dice=(3, 1)),
    "money, cube centred, dice rolled": replace(START, dice=(6, 4), cube=CubeState()),
    "money with the Jacoby rule and beavers": replace(START, cube=CubeState(jacoby=True, beavers=True, phase=DECIDE)),
    "money, cube at 4 on roll's side": replace(START, dice=(5, 2), cube=CubeState(value=4, owner=START.turn)),
    "a match at 3-4 to 7, the cube at 2": replace(START, dice=(2, 2), cube=CubeState(
        value=2, owner=1 - START.turn, match_length=7, score=(3, 4))),
    "the Crawford game": replace(START, cube=CubeState(match_length=5, score=(4, 2), crawford=True, phase=DECIDE)),
    "a double offered": replace(START, cube=CubeState(match_length=7, score=(1, 1), phase=OFFERED)),
}


@pytest.mark.parametrize("kind", sorted(STUDY_POSITIONS))
@pytest.mark.parametrize("form", ["own", "xgid"])
def test_the_copied_position_pastes_back_whole(kind, form):
    state = STUDY_POSITIONS[kind]
    name, text = INFO.position_text(state, form)
    assert _forms(INFO.notation.parse_position(text)) == _forms(state), (name, text)


def test_the_gnu_id_is_kept_where_it_holds_everything():
    state = STUDY_POSITIONS["a match at 3-4 to 7, the cube at 2"]
    assert INFO.position_text(state)[0] == "GNU ID"
    assert INFO.position_text(STUDY_POSITIONS["cubeless, dice rolled (what Set up position gives)"])[0] == "XGID"

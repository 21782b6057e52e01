"""The card's position as GNU Backgammon's ``show board`` prints it (``drawboard.c``)."""

from __future__ import annotations

from game.backgammon.drill import DRILL
from game.core.capabilities.drill import CardFacts

from .cards import first

START_31 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10"
"""The starting position of a 7-point match, 31 to play."""
BEARING_IN = "XGID=bA----K------------fbba---:1:-1:-1:00:2:4:0:7:10"
"""Black to roll or redouble (owning the cube at 2) at 4-2 to White in a 7-point match, two
checkers on the bar, six on its 6-point, two borne off; White has eleven on its 6-point,
three off."""

START_BOARD = """\
 GNU Backgammon  Position ID: 4HPwATDgc/ABMA
                 Match ID   : MIHlAAAAAAAA
 +13-14-15-16-17-18------19-20-21-22-23-24-+     O: opponent
 | X           O    |   | O              X |     0 points
 | X           O    |   | O              X |     \n\
 | X           O    |   | O                |     \n\
 | X                |   | O                |     \n\
 | X                |   | O                |    \n\
v|                  |BAR|                  |     7 point match (Cube: 1)
 | O                |   | X                |    \n\
 | O                |   | X                |     \n\
 | O           X    |   | X                |     \n\
 | O           X    |   | X              O |     Rolled 31
 | O           X    |   | X              O |     0 points
 +12-11-10--9--8--7-------6--5--4--3--2--1-+     X: me
"""


def card(xgid: str, question: str = "chequer") -> CardFacts:
    dice = xgid.split(":")[4]
    return CardFacts("backgammon", "me", question, "", None, xgid, None if dice == "00" else dice, "", "", (), None,
                     0.0, "intermediate")


def test_the_starting_position_is_gnu_backgammons_board():
    assert DRILL.text_board(card(START_31)) == START_BOARD


def test_counts_over_five_the_bar_the_borne_off_checkers_and_an_owned_cube():
    lines = DRILL.text_board(card(BEARING_IN, "double")).splitlines()
    assert lines[2].endswith("O: opponent") and lines[-1].endswith("X: me (Cube: 2)")
    assert lines[8] == "v|                  |BAR|                  |     7 point match"  # the cube is owned
    assert lines[7][25:28] == " B "  # White's eleven on its 6-point (X's 19), in the fifth row
    assert lines[9][25:28] == " 6 "  # X's six on its 6-point
    assert [line[22] for line in lines[9:14]] == [" ", " ", " ", "X", "X"]  # two on the bar
    assert [line[45:48] for line in lines[3:8]] == ["O  ", "O  ", "O  ", "   ", "   "]  # three off
    assert [line[45:48] for line in lines[9:14]] == ["   ", "   ", "   ", "X  ", "X  "]  # two off
    assert lines[12].endswith("On roll") and lines[13].endswith("4 points") and lines[3].endswith("2 points")


def test_a_take_card_shows_the_cube_offered_at_the_takers_side_with_the_doublers_numbering():
    take = first("take")
    lines = DRILL.text_board(take).splitlines()
    assert lines[2].startswith(" +12-11-10--9--8--7-------6--5--4--3--2--1-+") and lines[-1].startswith(" +13-14")
    assert lines[8].startswith("^|") and lines[12].endswith(f"Cube offered at {2 * DRILL.position(take).cube.value}")
    assert lines[-1].endswith(f"X: {take.player}") and lines[0].endswith(take.position_id)
    assert lines[1].endswith(take.match_id)


def test_a_money_cube_and_a_double_card():
    money = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    lines = DRILL.text_board(card(money, "double")).splitlines()
    assert lines[8].endswith("     (Cube: 1)") and lines[12].endswith("On roll")

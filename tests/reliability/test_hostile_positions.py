"""Positions from the command line that no game reaches: refused with one short line, exit 2."""

from __future__ import annotations

import pytest

from tests.cli.util import run

START = "4HPwATDgc/ABMA"
CHESSTACK = "white K*e1:0/0 Pa2:{stun}/9 pocket N{pocket}; black K*h8:0/0 Re4:0/1; ply {ply}"
HUGE = "9" * 5000


@pytest.mark.parametrize("argv, words", [
    (["analyze", "chesstack", "--position", CHESSTACK.format(stun="99999999999999999999999", pocket=1, ply=2),
      "--level", "intermediate"], "stun on a2 must be a whole number from 0 to 100,000"),
    (["analyze", "chesstack", "--position", CHESSTACK.format(stun=0, pocket=HUGE, ply=2)],
     "pocket N must be a whole number from 0 to 32"),
    (["analyze", "chesstack", "--position", CHESSTACK.format(stun=0, pocket=1, ply=HUGE)],
     "ply must be a whole number from 0 to 1,000,000"),
    (["cube", "backgammon", "--position", START + ":MAFAAwAAAAAA"],
     "a 26-point match is beyond what Tabula plays (1 to 25 points"),
    (["analyze", "backgammon", "--position", START + ":sAHgACAAGAAA", "--dice", "31"],
     "the Crawford flag is set, but neither side is one point away from winning the 7-point match"),
    (["cube", "backgammon", "--position", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:7:10"],
     "the Crawford flag is set, but neither side is one point away"),
    (["cube", "backgammon", "--position", "XGID=-b----E-C---eE---c-e----B-:1:0:1:00:6:0:1:7:10"],
     "in the Crawford game nobody may double"),
    *[([command, "backgammon", "--position", position, *extra], words)
      for command, extra in (("analyze", []), ("analyze", ["--all-rolls"]), ("moves", []), ("eval", []))
      for position, words in (
          ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:6:6:1:7:10",  # 1-away against 1-away
           "the Crawford flag is set, but both sides are one point away from winning the 7-point match"),
          (START + ":sIElAAAAAAAA",  # a 1-point match
           "the Crawford flag is set, but both sides are one point away from winning the 1-point match"))],
    *[([*command, "--position", f"XGID=-b----E-C---eE---c-e----B-:{log2}:0:1:B:0:0:3:0:10"], words)
      for command in (["rollout", "backgammon", "--dice", "31", "--trials", "1", "--truncate", "1", "--workers", "1"],
                      ["moves", "backgammon", "--xgid", "--dice", "31"], ["analyze", "backgammon", "--dice", "31"],
                      ["eval", "backgammon"], ["cube", "backgammon"])
      for log2, words in ((5, "a beaver of the double to 64 makes the cube 128, above the highest, 64"),
                          (6, "a double by player 0 cannot be offered here, so it cannot be beavered"))],
    (["cube", "backgammon", "--position", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:99:10"],
     "a 99-point match is beyond what Tabula plays"),
    (["cube", "backgammon", "--position", f"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:{HUGE}:10"],
     "field 9 (match length) '99999999999999999999…' is beyond any backgammon value"),
])
def test_an_unreachable_position_is_one_short_error(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("tabula: error: ") and words in err
    assert err.count("\n") == 1 and len(err) < 400  # the input is never echoed whole


def test_the_tallest_stack_allowed_is_analysed(capsys):
    code, out, _ = run(capsys, "analyze", "chesstack", "--position",
                       CHESSTACK.format(stun=100_000, pocket=1, ply=2), "--level", "intermediate")
    assert code == 0 and "Pa2:100000/9" in out


@pytest.mark.parametrize("position, listed", [
    (START + ":cAkAAAAAAAAA", ["Roll", "Doubles => 2"]),  # the money game's start, before the roll
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", ["Roll", "Doubles => 2"]),  # dice 00: not rolled
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10", ["Takes", "Drops"]),  # a double offered
])
def test_moves_lists_the_cube_actions_of_a_position_before_the_roll(capsys, position, listed):
    code, out, err = run(capsys, "moves", "backgammon", "--position", position)
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith("2 legal plays in ") and " for " not in out.splitlines()[0]
    assert [line.split()[1:-1] for line in out.splitlines()[1:]] == [action.split() for action in listed]

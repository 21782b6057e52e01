"""Race counts (game/backgammon/theory/race.py) against worked examples their sources publish,
and ``tabula race``'s JSON contract."""

import json

import pytest

from game.backgammon import formats
from game.backgammon.board import make_side
from game.backgammon.position import parse_position
from game.backgammon.theory import race
from tests.cli.util import run

# Chuck Bower, rec.games.backgammon, 25 March 1998 ("Re: Is this a take?", Dan Scoones'
# position, X on roll): pips 84 against 96, "X's lead is just over 14% of his count" (a pass
# by the percentage method), and by the Thorp count "the trailer's adjusted count minus the
# leader's adjusted count is exactly 0, which indicates a take".
SCOONES_X = make_side({2: 2, 3: 2, 5: 2, 6: 3, 7: 2, 8: 4})
SCOONES_O = make_side({2: 2, 3: 2, 4: 1, 5: 2, 6: 3, 7: 1, 9: 1, 11: 2, 16: 1})

# Stick (bgonline.org, 9 December 2014, "Keith count fails this cube hard"): Blue on roll,
# pips 102 against 112; "If we do the Keith straight up we get 117 to 112 for a difference of
# 5 making it a no double."
STICK = "XGID=-----CFACA-Aaaa-abaeba----:0:0:1:00:0:0:3:0:10"


def test_the_thorp_count_and_the_8_9_12_rule_on_bowers_example():
    assert race.is_race(SCOONES_X, SCOONES_O)
    thorp = race.thorp(SCOONES_X, SCOONES_O)
    assert thorp.counts == (121.0, 121) and thorp.figure == 0  # L = 110 · 1.1, T = 121
    assert thorp.verdict("centred") == "double_take" and thorp.verdict("mine") == "redouble_take"
    percent = race.rule_8_9_12(SCOONES_X, SCOONES_O)
    assert percent.counts == (84, 96) and percent.figure == pytest.approx(14.29, abs=0.01)
    assert percent.verdict("centred") == "double_pass"


def test_the_keith_count_on_sticks_example():
    state = parse_position(STICK)
    keith = race.keith(state.on_roll, state.opponent)
    assert keith.counts == (117, 112) and keith.figure == 5
    assert keith.verdict("centred") == "no_double" and keith.take
    # 15 checkers on the 6-point: 90 pips + 1 for each of the empty 4 and 5 points = 92, the
    # roller's raised by 92 // 7 = 13 to 105: 13 ahead, no double
    even = race.keith(make_side({6: 15}), make_side({6: 15}))
    assert even.counts == (105, 92) and even.verdict("centred") == "no_double"


@pytest.mark.parametrize(("theirs", "k", "win"), [
    # Øystein Johansen, rec.games.backgammon, 22 February 2001 ("Re: Kleinman Count"): on roll
    # with 100 pips, the opponent 113: K = 17²/209 = 1.383, W = 0.797; against 106: K = 0.495, W = 0.688.
    (make_side({11: 2, 10: 3, 8: 3, 6: 4, 5: 2, 3: 1}), 1.383, 0.797),
    (make_side({11: 1, 10: 3, 8: 3, 6: 4, 5: 2, 4: 1, 3: 1}), 0.495, 0.688),
])
def test_kleinmans_metric_on_johansens_examples(theirs, k, win):
    mine = make_side({6: 5, 5: 4, 4: 2, 8: 2, 14: 1, 12: 1})
    count, chance = race.kleinman(mine, theirs)
    assert count.counts[0] == 100 and count.figure == pytest.approx(k, abs=0.0005)
    assert chance == pytest.approx(win, abs=0.0005)
    assert count.verdict("centred") == ("double_pass" if k > 1.2 else "no_double" if k < 0.5 else "double_take")
    # the trailer on roll: the mirror image, and no double
    behind, mirrored = race.kleinman(theirs, make_side({6: 5, 5: 4, 4: 2, 8: 2, 14: 1, 12: 1}))
    assert behind.verdict("centred") == "no_double" and mirrored < 0.5


def test_the_effective_pip_count_is_the_databases_mean_rolls_times_49_over_6():
    # Walter Trice's EPC: one checker on the ace point needs one roll, EPC 49/6 = 8.17 (wastage 7.17);
    # one on the 6-point fails to bear off with 9 of 36 rolls (21, 31, 41, 32 and 11), so 1.25 rolls.
    assert race.epc(make_side({1: 1})) == pytest.approx(8.17, abs=0.005)
    assert race.epc(make_side({6: 1})) == pytest.approx(1.25 * 49 / 6, abs=0.005)
    assert race.epc(SCOONES_X) is None  # checkers on 7 and 8: outside the database


def test_contact_is_not_a_race():
    start = parse_position("4HPwATDgc/ABMA")
    assert not race.is_race(start.on_roll, start.opponent)
    with pytest.raises(ValueError, match="not a race"):
        race.race_report(start)


def test_the_race_commands_json(capsys):
    position = formats.position_id(SCOONES_X, SCOONES_O)
    code, out, err = run(capsys, "race", "backgammon", "--position", position, "--json")
    assert code == 0, err
    report = json.loads(out)
    assert {"pips", "keith", "thorp", "rule_8_9_12", "kleinman", "epc", "exact"} <= set(report)
    assert report["pips"] == [84, 96] and report["exact"] is None and report["epc"] == [None, None]
    assert report["thorp"]["counts"] == [121.0, 121] and report["thorp"]["verdict"] == "double_take"
    assert report["rule_8_9_12"]["verdict"] == "double_pass"
    assert all({"counts", "verdict"} <= set(report[k]) for k in ("keith", "thorp", "rule_8_9_12", "kleinman"))


def test_a_bearoff_gets_the_databases_chance_and_the_cube_action(capsys):
    me, them = make_side({1: 2, 2: 2, 3: 3, 4: 2, 5: 2, 6: 2}), make_side({1: 3, 2: 3, 3: 2, 4: 2, 5: 2, 6: 2})
    code, out, err = run(capsys, "race", "backgammon", "--position", formats.position_id(me, them), "--json",
                         "--level", "intermediate")
    assert code == 0, err
    report = json.loads(out)
    assert report["exact"]["win"] == pytest.approx(race.exact_chances(me, them)[0])
    assert 0.5 < report["exact"]["win"] < 1 and report["exact"]["action"] in ("no_double", "double_take")
    assert all(e > p for e, p in zip(report["epc"], report["pips"]))  # wastage is never negative
    code, out, _ = run(capsys, "race", "backgammon", "--position", formats.position_id(me, them))
    assert code == 0 and "Bearoff database" in out and "Keith count" in out


def test_contact_exits_with_code_2_and_says_not_a_race(capsys):
    code, out, err = run(capsys, "race", "backgammon", "--position", "4HPwATDgc/ABMA", "--json")
    assert code == 2 and out == "" and "not a race" in err

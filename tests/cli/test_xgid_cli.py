"""``--xgid``: the commands that print positions write them as XGIDs too (issue 35 item 2)."""

from __future__ import annotations

import dataclasses
import json

from game.games import get_game

from .util import run

BG = get_game("backgammon")
OPENING = "4HPwATDgc/ABMA"
CUBE = "4HPwATDgc/ABMA:cIkFAAAAAAAA"  # money, cube centred, White on roll: a cube decision
CHESSTACK = "white K*e1:4/0 pocket Q1 B2 N2 R2 P8; black K*e8:4/0 pocket Q1 B2 N2 R2 P8; ply 2"


def same_position(xgid: str, position) -> bool:
    """The XGID reads back as the position (a state, or text in Tabula's own form): the board
    and whose turn it is, and where the position has a cube its value, owner and score too
    (an XGID always has a cube: a cubeless position reads back as money with the cube
    centred; dice are checked apart, a bare GNU position ID having none)."""
    read = BG.notation.parse_position(xgid)
    given = BG.notation.parse_position(position) if isinstance(position, str) else position
    if (read.sides, read.turn) != (given.sides, given.turn):
        return False
    return given.cube is None or BG.notation.format_position(read) == BG.notation.format_position(given)


def test_analyze_and_eval_name_the_position_by_its_xgid(capsys):
    for position in (OPENING, CUBE):
        code, out, err = run(capsys, "eval", "backgammon", "--position", position, "--xgid")
        assert code == 0, err
        xgid = next(word for word in out.split() if word.startswith("XGID="))
        assert same_position(xgid, position)
    code, out, err = run(capsys, "analyze", "backgammon", "--position", OPENING, "--dice", "31", "--level",
                         "beginner", "--xgid")
    assert code == 0, err
    xgid = next(word for word in out.splitlines()[0].split() if word.startswith("XGID="))
    assert xgid.endswith(":0:0:1:31:0:0:0:0:0,")  # the dice given, White (bottom) on roll, cubeless (limit 1)
    assert same_position(xgid.rstrip(","), BG.chance.given(BG.notation.parse_position(OPENING), "31"))


def test_moves_and_replay_add_the_xgid_to_their_json(capsys):
    code, out, err = run(capsys, "moves", "backgammon", "--position", OPENING, "--dice", "21", "--xgid", "--json")
    assert code == 0, err
    rules, state = BG.rules(), BG.chance.given(BG.notation.parse_position(OPENING), "21")
    rows = json.loads(out)
    assert rows and all({"move", "position_id", "xgid"} <= set(row) for row in rows)
    for row, move in zip(rows, rules.legal_moves(state)):
        assert same_position(row["xgid"], rules.apply(state, move))
    code, out, err = run(capsys, "replay", "backgammon", "--moves", "31:8/5 6/5", "--xgid", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["xgid"].startswith("XGID=-b---BD-B---eE---c-e----B-:")  # 8/5 6/5 made the 5 point
    assert report["xgid"].split(":")[3] == "-1"  # and Black is to roll
    code, out, err = run(capsys, "replay", "backgammon", "--moves", "31:8/5 6/5", "--xgid")
    assert code == 0 and report["xgid"] in out


def test_xgid_is_only_for_backgammon(capsys):
    code, _, err = run(capsys, "moves", "chesstack", "--position", CHESSTACK, "--xgid")
    assert code == 2 and "--xgid is not for Chesstack" in err


def test_analyze_and_eval_add_the_xgid_to_their_json(capsys):
    state = BG.chance.given(BG.notation.parse_position(OPENING), "31")
    code, out, err = run(capsys, "analyze", "backgammon", "--position", OPENING, "--dice", "31", "--level",
                         "beginner", "--xgid", "--json")
    assert code == 0, err
    rows, rules = json.loads(out), BG.rules()
    assert rows and all("xgid" in row for row in rows)
    for row in rows:  # the position after the row's move, as moves gives it
        assert same_position(row["xgid"], rules.apply(state, rules.parse(state, row["move"])))
    code, out, err = run(capsys, "eval", "backgammon", "--position", OPENING, "--xgid", "--json")
    assert code == 0, err
    assert same_position(json.loads(out)["xgid"], BG.notation.parse_position(OPENING))
    code, out, err = run(capsys, "eval", "backgammon", "--position", OPENING, "--json")
    assert "xgid" not in json.loads(out)  # only when asked for


def test_a_position_no_xgid_holds_is_written_as_its_gnu_id(capsys):
    """A resignation offered and what answering it gives, a double and its drop: each position
    printed reads back as the state it names (a GNU ID where an XGID cannot hold it, and
    ``"xgid": null`` in the JSON; a declined offer is no form's)."""
    rules = BG.rules()
    resigned = "4HPwATDgc/ABMA:cEEAAAAAAAAA"  # money, Black offers to resign a gammon before the roll
    doubled = "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:2:0:0:7:10"
    for position, holds in ((resigned, [False, True]), (doubled, [True, False])):
        state = BG.notation.parse_position(position)
        code, out, err = run(capsys, "moves", "backgammon", "--position", position, "--xgid")
        assert code == 0, err
        lines = out.splitlines()
        assert lines[0].endswith(f" in {position}:")  # the offer itself: only the GNU ID holds a resignation
        for move, line, xgid in zip(rules.legal_moves(state), lines[1:], holds, strict=True):
            text = line.split()[-1]
            assert text.startswith("XGID=") == xgid
            after = rules.apply(state, move)
            if after.resign is not None and after.resign.declined:  # held by no form (nor by GNU's match ID)
                after = dataclasses.replace(after, resign=None)
            assert BG.notation.parse_position(text) == after
        code, out, err = run(capsys, "moves", "backgammon", "--position", position, "--xgid", "--json")
        assert [row["xgid"] is not None for row in json.loads(out)] == holds

"""``tabula replay``: a typed move list played through the rules, the final position and result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.backgammon.notation import split_turns
from .util import run

GOLDEN = json.loads((Path(__file__).parents[1] / "mandragora" / "data" / "golden.json").read_text())



def test_logged_mandragora_game_replays_to_its_final_score(capsys):
    game = GOLDEN["games"][0]
    code, out, _ = run(capsys, "replay", "mandragora", "--moves", game["moves"],
                       "--pattern", game["pattern"], "--first", game["first"], "--json")
    assert code == 0
    report = json.loads(out)
    assert set(report) == {"game", "position", "over", "result", "plies", "to_move"}
    final = game["final"]
    assert report["position"].endswith(f"score={final['player']}-{final['opponent']}")
    assert report["over"] is True and report["to_move"] is None
    assert report["result"] == [13.0, -13.0]
    assert report["plies"] == len(game["moves"].split())


def test_mandragora_text_output_names_the_player_to_move(capsys):
    code, out, _ = run(capsys, "replay", "mandragora", "--moves", "P3 P1")
    assert code == 0
    assert "after 2 moves" in out and "to move:" in out


def test_backgammon_turns_are_dice_then_play(capsys):
    code, out, _ = run(capsys, "replay", "backgammon", "--moves", "31:8/5 6/5 52:13/8 13/11 66:24/18(2) 13/7(2)", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["game"] == "backgammon" and report["plies"] == 3 and report["over"] is False
    assert report["result"] is None and report["to_move"] == "chance"
    assert len(report["position"]) == 14


def test_backgammon_black_may_open(capsys):
    code, out, _ = run(capsys, "replay", "backgammon", "--moves", "31:8/5 6/5", "--first", "black", "--json")
    assert code == 0 and json.loads(out)["plies"] == 1


@pytest.mark.parametrize("argv, message", [
    (("backgammon", "--moves", "31:8/5 6/5 52:13/8 13/10"), "action 4 ('13/8 13/10'): illegal move"),
    (("backgammon", "--moves", "8/5 6/5"), "each turn starts with its dice"),
    (("backgammon", "--moves", "31:8/5 6/5", "--pattern", "A"), "--pattern is for mandragora"),
    (("mandragora", "--moves", "P3 P9"), "areas are 1 to 8"),
])
def test_bad_move_lists_are_clear_errors(capsys, argv, message):
    code, out, err = run(capsys, "replay", *argv)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_split_turns_marks_empty_turns_as_no_play():
    assert split_turns("31:8/5 6/5 66: 52:13/8 13/11") == ["31", "8/5 6/5", "66", "(no play)", "52", "13/8 13/11"]

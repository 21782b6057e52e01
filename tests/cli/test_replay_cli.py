"""``tabula replay``: a typed move list played through the rules, the final position and result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.backgammon.notation import split_turns
from game.mandragora.position import format_position
from game.mandragora.rules import MandragoraRules
from game.mandragora.state import SIDES, MandragoraState
from .util import run

GOLDEN = json.loads((Path(__file__).parents[1] / "mandragora" / "data" / "golden.json").read_text())



def test_logged_mandragora_game_replays_to_its_final_score(capsys):
    game = GOLDEN["games"][0]
    code, out, _ = run(capsys, "replay", "mandragora", "--moves", game["moves"],
                       "--pattern", game["pattern"], "--first", game["first"], "--json")
    assert code == 0
    report = json.loads(out)
    assert set(report) == {"game", "position", "over", "result", "plies", "to_move", "status"}
    assert report["status"] == "Player wins 21–8."
    final = game["final"]
    assert report["position"].endswith(f"score={final['player']}-{final['opponent']}")
    assert report["over"] is True and report["to_move"] is None
    assert report["result"] == [13.0, -13.0]
    assert report["plies"] == len(game["moves"].split())


def test_mandragora_text_result_is_the_games_own_words(capsys):
    game = GOLDEN["games"][0]
    code, out, _ = run(capsys, "replay", "mandragora", "--moves", game["moves"])
    assert code == 0
    assert out.splitlines()[-1] == "game over: Player wins 21–8."


@pytest.mark.parametrize("options, moves, pattern, first", [
    (("--pattern", "random"), "C/player P3", "C", "player"),
    (("--first", "random"), "A/opponent O7", "A", "opponent"),
    (("--pattern", "random", "--first", "random"), "B/opponent O7", "B", "opponent"),
    (("--pattern", "random", "--first", "random"), "B opponent O7", "B", "opponent"),  # as older saves wrote it
    (("--pattern", "random", "--first", "random"), "b,Opponent O7", "B", "opponent"),
])
def test_a_random_setup_is_named_by_the_first_move(capsys, options, moves, pattern, first):
    code, out, err = run(capsys, "replay", "mandragora", *options, "--moves", moves, "--json")
    assert code == 0, err
    rules = MandragoraRules()
    expected = rules.apply(MandragoraState.start(pattern, SIDES.index(first)), int(moves[-1]))
    report = json.loads(out)
    assert report["plies"] == 1 and report["position"] == format_position(expected)


def test_a_missing_setup_names_the_form_to_type(capsys):
    code, out, err = run(capsys, "replay", "mandragora", "--pattern", "random", "--moves", "P3 P1")
    assert code == 2 and out == ""
    assert err == ("tabula: error: action 1 ('P3'): bad setup 'P3': the game starts with the drawn pattern and "
                   "first mover, written like A/player (possible: A/player, B/player, C/player, D/player, "
                   "E/player)\n")


def test_help_shows_a_typeable_setup(capsys):
    code, out, _ = run(capsys, "replay", "--help")
    assert code == 0 and '"A/player P3 P1"' in " ".join(out.split())


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
    (("backgammon", "--moves", "31:8/5 6/5", "--pattern", "A"), "--pattern is not an option of Backgammon (its options: --first)"),
    (("mandragora", "--moves", "P3 P9"), "areas are 1 to 8"),
])
def test_bad_move_lists_are_clear_errors(capsys, argv, message):
    code, out, err = run(capsys, "replay", *argv)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_split_turns_marks_empty_turns_as_no_play():
    assert split_turns("31:8/5 6/5 66: 52:13/8 13/11") == ["31", "8/5 6/5", "66", "(no play)", "52", "13/8 13/11"]


def test_backgammon_results_are_worded_as_the_window_words_them(capsys):
    from game.backgammon.board import make_side
    from game.backgammon.state import BackgammonState
    from game.games import get_game

    backgammon = get_game("backgammon")
    gammon = BackgammonState.from_board(make_side({13: 15}), make_side({}), 0, None)  # Black off, White none
    single = BackgammonState.from_board(make_side({}), make_side({6: 5}), 0, None)  # White off, Black 10 off
    assert backgammon.status(gammon) == "Black wins a gammon (2 points)."
    assert backgammon.status(single) == "White wins a single game (1 point)."
    code, out, _ = run(capsys, "replay", "backgammon", "--moves", "31:8/5 6/5", "--json")
    assert code == 0 and json.loads(out)["status"] == "Black to roll."

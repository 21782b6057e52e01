"""The ``tabula`` command line: subcommands, JSON contracts and clean errors."""

from __future__ import annotations

import json
import subprocess
import sys

import gnubg_nn
import pytest

from game.mandragora.position import EXAMPLE
from .util import run

START = "4HPwATDgc/ABMA"
ANALYZE = ["analyze", "backgammon", "--position"]


def test_moves_json_matches_gnubg(capsys):
    code, out, _ = run(capsys, "moves", "backgammon", "--position", START, "--dice", "31", "--json")
    assert code == 0
    rows = json.loads(out)
    [point] = [r["position_id"] for r in rows if r["move"] == "8/5 6/5"]
    opponent, mover = gnubg_nn.board_from_position_id(point)
    assert gnubg_nn.position_id([list(mover), list(opponent)]) == "sGfwATDgc/ABMA"  # the spec's vector, opponent on roll
    board = gnubg_nn.board_from_position_id(START)
    expected = {gnubg_nn.position_id([list(s) for s in gnubg_nn.board_from_position_key(k)]) for k in gnubg_nn.moves(board, 3, 1)}
    assert {r["position_id"] for r in rows} == expected
    assert all(set(r) == {"move", "position_id"} for r in rows)


def test_moves_accepts_xgid_and_match_id_forms(capsys):
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"
    code, out, _ = run(capsys, "moves", "backgammon", "--position", xgid, "--json")
    assert code == 0 and len(json.loads(out)) == 16
    code, out, _ = run(capsys, "moves", "backgammon", "--position", f"{START}:cAkAAAAAAAAA", "--dice", "66")
    assert code == 0 and "legal play" in out


@pytest.mark.parametrize(
    "argv,message",
    [
        (["moves", "backgammon", "--position", "nonsense", "--dice", "31"], "position"),
        (["moves", "backgammon", "--position", START, "--dice", "71"], "dice"),
        (["moves", "backgammon", "--position", START], "no dice"),
        (["moves", "backgammon", "--position", "XGID=-b--", "--dice", "31"], "XGID"),
        (["selfplay", "backgammon", "--games", "0"], "expected a number of games from 1 to"),
        (["selfplay", "backgammon", "--seed", "x"], "seed"),
        (["selfplay", "chess"], "invalid choice"),
        ([*ANALYZE, "XXXX", "--dice", "31"], "tabula: error: invalid position ID 'XXXX'"),
        *(([*ANALYZE, START, "--dice", d], f"tabula: error: bad dice {d!r}") for d in ("71", "3", "abc", "00")),
        ([*ANALYZE, START], "tabula: error: no dice"),
        ([*ANALYZE, START, "--dice", "31", "--level", "Supergrandmaster"],
         "tabula: error: unknown level 'supergrandmaster'; known levels: beginner, intermediate, advanced, expert"),
        ([*ANALYZE, START, "--dice", "31", "--evaluator", "nope"], "tabula: error: unknown evaluator 'nope'; known"),
        ([*ANALYZE, "YAAAAAAAAAAAAA", "--dice", "31"], "tabula: error: the game is over (White"),
        (["analyze", "mandragora", "--position", "score=21-8"], "tabula: error: the game is over (Player"),
        (["analyze", "mandragora", "--position", "XXXX"], "tabula: error: bad area entry 'XXXX'"),
        (["analyze", "mandragora", "--position", EXAMPLE, "--level", "expert"],
         "tabula: error: Mandragora Mania's analysis takes no --level"),
        (["analyze", "mandragora", "--position", EXAMPLE, "--dice", "31"],
         "tabula: error: --dice is not for Mandragora Mania, which has no dice"),
        (["eval", "mandragora", "--position", EXAMPLE], "tabula: error: Mandragora Mania has no position evaluators"),
        (["train", "mandragora"], "tabula: error: Mandragora Mania has no training"),
    ],
)
def test_bad_values_exit_2_with_a_message(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_selfplay_summary_is_reproducible(capsys):
    code, first, _ = run(capsys, "selfplay", "backgammon", "--games", "20", "--seed", "5")
    assert code == 0
    assert "White" in first and "Black" in first and "gammons" in first and "average plies" in first
    wins = [int(line.split(":")[1].split()[0]) for line in first.splitlines() if "wins" in line]
    assert sum(wins) == 20
    _, second, _ = run(capsys, "selfplay", "backgammon", "--games", "20", "--seed", "5")
    assert first == second


def test_python_dash_m_game_runs_the_same_command_line():
    done = subprocess.run(
        [sys.executable, "-m", "game", "moves", "backgammon", "--position", "bad!", "--dice", "31"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("tabula: error:") and "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["moves", "analyze"])
def test_a_reader_that_stops_early_ends_the_output_quietly(command):
    """``tabula ... | head``: the pipe closes before the output is written; no traceback."""
    argv = [sys.executable, "-m", "game", command, "backgammon", "--position", START, "--dice", "31"]
    if command == "analyze":
        argv += ["--level", "beginner"]
    done = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    done.stdout.close()
    err = done.stderr.read()
    assert done.wait() == 1 and err == ""

"""One position check for every command, and empty values are errors, never the default."""

from __future__ import annotations

import pytest

from tests.cli.util import run

from .corpus import CASES, fingerprint

BOTH_ON_THE_BAR = "AAAA/38AAAD/fw"  # all 30 checkers on the bar
ROLLER_BORNE_OFF = "4AMAMAAAAAAAAA"  # the side on roll has borne off all 15
OPPONENT_BORNE_OFF = "AAAAwAcAYAAAAA"
START = "4HPwATDgc/ABMA"


@pytest.mark.parametrize("command", [
    ["eval", "backgammon"], ["moves", "backgammon", "--dice", "31"], ["analyze", "backgammon", "--dice", "31"],
    ["perft", "backgammon", "--depth", "1"]])
@pytest.mark.parametrize("position, words", [
    (BOTH_ON_THE_BAR, "both sides have every checker on the bar"),
    (ROLLER_BORNE_OFF, "the game is over (White wins a single game"),
    (OPPONENT_BORNE_OFF, "the game is over (Black wins a single game"),
])
def test_every_command_refuses_finished_and_impossible_positions(capsys, command, position, words):
    code, out, err = run(capsys, *command, "--position", position)
    assert code == 2 and out == ""
    assert err.startswith("tabula: error: ") and words in err


@pytest.mark.parametrize("argv, flag", [
    (["eval", "backgammon", "--position", START, "--evaluator", ""], "--evaluator"),
    (["analyze", "backgammon", "--position", START, "--dice", "31", "--level", " "], "--level"),
    (["analyze", "backgammon", "--position", START, "--dice", ""], "--dice"),
    (["moves", "backgammon", "--position", ""], "--position"),
    (["tournament", "backgammon", "--players", "random", "random", "--games", "2", "--out", ""], "--out"),
    (["tournament", "backgammon", "--players", "random", "", "--games", "2"], "--players"),
    (["train", "backgammon", "--arch", "full", "--games", "1", "--out", ""], "--out"),
    (["play", "mandragora", "--pattern", ""], "--pattern"),
    (["play", "backgammon", "--white", "random", "--black", ""], "--black"),
])
def test_empty_values_are_errors(capsys, argv, flag, tabula_home):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err == f"tabula: error: {flag} must not be empty\n"
    assert not (tabula_home / "data").exists()  # nothing was started


@pytest.fixture
def tabula_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TABULA_HOME", str(home))
    return home


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_bad_position_file_is_a_usage_error_and_untouched(capsys, tmp_path, case):
    path = tmp_path / "position.json"
    CASES[case](path)
    before = fingerprint(path)
    code, out, err = run(capsys, "moves", "chesstack", "--position", f"@{path}")
    assert code == 2 and out == "" and err.startswith("tabula: error: ") and len(err) < 400
    assert fingerprint(path) == before


@pytest.mark.parametrize("argv, message", [
    (["perft", "backgammon", "--position", START, "--depth", "1000000000000"],
     "argument --depth: expected a depth from 1 to 30, got 1000000000000"),
    (["selfplay", "backgammon", "--games", str(10**12)],
     "argument --games: expected a number of games from 1 to 1,000,000, got 1000000000000"),
    (["selfplay", "backgammon", "--max-plies", str(10**12)],
     "argument --max-plies: expected a number of plies from 1 to 100,000"),
    (["calibrate", "backgammon", "--games", str(10**12)],
     "argument --games: expected a number of games from 1 to 1,000,000"),
    (["selfplay", "backgammon", "--seed", "9" * 5000], "argument --seed: expected a seed from 0 to"),
])
def test_every_count_has_an_upper_bound(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and len(err) < 1500


def test_a_bare_xgid_starting_with_a_dash_is_a_position(capsys):
    xgid = "-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"  # the opening, top's bar empty
    code, out, _ = run(capsys, "cube", "backgammon", "--position", xgid, "--level", "intermediate")
    assert code == 0 and "4HPwATDgc/ABMA" in out
    code, out, _ = run(capsys, "eval", "backgammon", "--position", xgid)
    assert code == 0


def test_every_error_message_is_one_bounded_line(capsys, monkeypatch):
    """A message that would quote a megabyte is cut, on one line (more in test_one_line_errors)."""
    code, out, err = run(capsys, "analyze", "chesstack", "--position", "white " + "Q" * 1_500_000)
    assert code == 2 and err.count("\n") == 1 and len(err) <= 300


@pytest.mark.parametrize("stop, code", [("raise KeyboardInterrupt", 130),
                                         ("os.kill(os.getpid(), signal.SIGTERM)", 143)])
def test_a_stop_while_starting_is_a_quiet_exit(stop, code):
    """A Ctrl-C or a SIGTERM while the command line loads (made by an import hook, the moment
    ``game.cli`` loads) ends as a stopped command does: ``interrupted``, exit code 130 or 143."""
    import subprocess
    import sys

    script = (
        "import os, signal, sys\n"
        "class Stop:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'game.cli':\n"
        f"            {stop}\n"
        "sys.meta_path.insert(0, Stop())\n"
        "from game.launch import main\n"
        "sys.exit(main(['--help']))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == code and done.stderr == "interrupted\n"

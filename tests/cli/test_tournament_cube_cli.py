"""``tabula tournament backgammon --match N`` and ``--cube``: JSON shape, resuming, usage errors."""

from __future__ import annotations

import json

import pytest

from .test_tournament_cli import run
from .util import interrupt_after

BASE = ["tournament", "backgammon", "--players", "random", "hard", "--games", "2", "--seed", "3", "--workers", "1"]
PAIR_KEYS = {"a", "b", "games", "a_wins", "b_wins", "draws", "a_points_per_game", "a_points_ci95", "p_equal",
             "a_win_rate", "a_win_rate_ci95", "match_games", "a_match_points_per_game"}


def test_a_match_tournament_through_the_cli(capsys, tmp_path):
    code, out, err = run(capsys, *BASE, "--match", "3", "--out", str(tmp_path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"folder", "settings", "games_played", "games_total", "complete", "p_equal_test", "pairs",
                         "standings"}
    assert data["settings"]["options"] == {"match_length": 3} and data["complete"]
    pair = data["pairs"][0]
    assert set(pair) == PAIR_KEYS and pair["games"] == 2 and pair["a_wins"] + pair["b_wins"] == 2
    assert pair["a_points_per_game"] in (-1.0, 0.0, 1.0)  # a match is +1 or -1
    assert pair["a_win_rate"] == pair["a_wins"] / 2
    low, high = pair["a_win_rate_ci95"]
    assert 0 <= low <= pair["a_win_rate"] <= high <= 1
    assert pair["match_games"] >= 2 and -6 <= pair["a_match_points_per_game"] <= 6
    stored = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert all(r["options"] == {"match_length": 3} and max(r["match_points"]) >= 3 for r in stored)
    assert json.loads((tmp_path / "settings.json").read_text())["options"] == {"match_length": 3}
    code, table, _ = run(capsys, *BASE, "--match", "3", "--out", str(tmp_path))  # the table, from the folder
    assert code == 0 and "backgammon tournament, match_length 3, seed 3" in table
    assert "A win rate" in table and "points per game within the matches" in table


def test_a_cube_tournament_through_the_cli(capsys, tmp_path):
    code, out, err = run(capsys, "tournament", "backgammon", "--players", "random", "easy", "--games", "4",
                         "--seed", "15", "--workers", "1", "--cube", "--out", str(tmp_path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["settings"]["options"] == {"cube": True}
    pair = data["pairs"][0]
    assert set(pair) == PAIR_KEYS and pair["match_games"] == 0 and pair["a_match_points_per_game"] is None
    stored = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    points = [r["result"][r["seats"].index(0)] for r in stored]
    assert max(abs(p) for p in points) >= 8  # the cube's points count
    assert pair["a_points_per_game"] == pytest.approx(sum(points) / 4)


def test_an_interrupted_match_tournament_resumes_with_its_options(capsys, tmp_path, monkeypatch):
    argv = [*BASE[:4], "easy", *BASE[5:], "--match", "3", "--json"]
    code, reference, _ = run(capsys, *argv, "--out", str(tmp_path / "reference"))
    resume_storing = interrupt_after(monkeypatch, 1)
    code, _, err = run(capsys, *argv, "--out", str(tmp_path / "run"))
    resume_storing()
    assert code == 130 and "to resume" in err
    code, _, err = run(capsys, *argv[:-3], "--out", str(tmp_path / "run"))  # without --match: refused
    assert code == 2 and "different settings" in err and "options {} here but {'match_length': 3} there" in err
    code, resumed, _ = run(capsys, *argv, "--out", str(tmp_path / "run"))
    assert code == 0
    assert {**json.loads(resumed), "folder": ""} == {**json.loads(reference), "folder": ""}


@pytest.mark.parametrize("extra,message", [
    (["--match", "0"], "argument --match: expected a whole number from 1 to 25, got 0"),
    (["--match", "26"], "argument --match: expected a whole number from 1 to 25, got 26"),
    (["--match", "x"], "argument --match: expected a whole number from 1 to 25, got 'x'"),
    (["--match", "3", "--cube"], "--match and --cube cannot be used together: choose one"),
    (["--cube", "--match", "5"], "--match and --cube cannot be used together: choose one"),
])
def test_bad_match_and_cube_flags_exit_2(capsys, tmp_path, extra, message):
    code, out, err = run(capsys, *BASE, *extra, "--out", str(tmp_path / "out"))
    assert code == 2 and message in err and "Traceback" not in err and out == ""
    assert not (tmp_path / "out").exists()


def test_a_flag_another_game_declares_is_refused(capsys, tmp_path):
    code, _, err = run(capsys, "tournament", "mandragora", "--players", "random", "random", "--games", "2",
                       "--cube", "--out", str(tmp_path / "out"))
    assert code == 2 and "--cube is not a tournament flag of Mandragora" in err
    assert not (tmp_path / "out").exists()
